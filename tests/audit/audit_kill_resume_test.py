#!/usr/bin/env python3
"""Issue 23 item 3: a console killed (SIGKILL) while its real Stockfish searched, then resumed, is no
forced move. Games of `operator-cli play` with Stockfish as the computer (and, with "ponder", pondering on
the human's time) are killed at a random point of one of these kinds, resumed each time, and finished;
each finished journal must verify and audit clean (exit 0, no `breach`, no `not-checked`):
- "go": right after a search of the computer's started (the journal's last record a `go` or `ponder_hit`);
- "ponder" (with ponder): while a ponder search runs (after a `ponder_start`);
- "shown": after the computer's move came (`engine_move`) and before its clock was pressed.

Usage: audit_kill_resume_test.py OPERATOR_CLI KILLS plain|ponder [STOCKFISH] [SEED]
Games with seeds SEED, SEED+1, ... are played until KILLS kills have landed. bench/audit/kill_resume_bench.py
imports this file for its larger runs (and adds kills between a withheld move and its seal).
"""
import json, os, random, signal, subprocess, sys, tempfile, time


def fail(why, work):
    print(f"FAIL: {why} (files in {work})")
    sys.exit(1)


def new_types(journal, offset):
    """The types of the complete records written after byte `offset`."""
    try:
        with open(journal, "rb") as f:
            f.seek(offset)
            lines = f.read().split(b"\n")[:-1]  # the part after the last newline is still being written
    except OSError:
        return []
    out = []
    for line in lines:
        try:
            out.append(json.loads(line)["type"])
        except (ValueError, KeyError):
            pass
    return out


def running(types):
    """"go" while the computer's own search runs, "ponder" while a ponder search runs, "shown" between the
    computer's move and its press, "withheld" between a withheld (sealed) choice and its seal, else None."""
    state = None
    for t in types:
        if t in ("go", "ponder_hit"):
            state = "go"
        elif t == "ponder_start":
            state = "ponder"
        elif t == "engine_move":
            state = "shown"
        elif t == "engine_move_withheld":
            state = "withheld"
        elif (state == "shown" and t == "pressed") or (state == "withheld" and t == "sealed") or (
                state == "ponder" and t in ("ponder_miss", "ponder_stop", "human_move")):
            state = None
    return state


def audited(cli, journal, work):
    """Verifies and audits `journal`; fails unless it is clean. Returns the audit's lines."""
    verify = subprocess.run([cli, "journal", "verify", journal], capture_output=True, text=True)
    if verify.returncode != 0:
        fail(f"{journal} does not verify: {verify.stdout}{verify.stderr}", work)
    audit = subprocess.run([cli, "journal", "audit", journal, "--ui-lang", "en"], capture_output=True,
                           text=True)
    bad = [l for l in audit.stdout.splitlines() if " breach " in l or " not-checked " in l]
    if audit.returncode != 0 or bad:
        fail(f"the audit of the clean kill-and-resume game {journal} is not clean: exit {audit.returncode}: "
             f"{bad or audit.stderr}", work)
    return audit.stdout


class Runner:
    """Kills, resumes and finishes games of one mode; counts what landed where."""

    def __init__(self, cli, mode, sf="/usr/games/stockfish", seed=21, work=None):
        self.cli, self.mode, self.sf = cli, mode, sf
        self.rng = random.Random(seed)
        self.work = work or tempfile.mkdtemp(prefix=f"oc_audit_kill_{mode}_")
        self.setup = os.path.join(self.work, "setup.json")
        with open(self.setup, "w") as f:
            json.dump({"engine": {"command": sf, "ponder": mode == "ponder"}}, f)
        self.kinds = ["go", "shown"] + (["ponder"] if mode == "ponder" else [])
        self.starts = ("go", "ponder_hit") + (("ponder_start",) if mode == "ponder" else ())

    def args(self, seed, journal):
        # 200000 nodes: a search long enough (tenths of a second) for the kill to land inside it.
        return [self.cli, "play", "--engine", self.sf, "--engine-side", "black", "--tc", "5m+3s", "--human",
                "random", "--setup", self.setup, "--engine-nodes", "200000", "--max-plies", "40", "--seed",
                str(seed), "--operator-delay", "2,6", "--journal", journal, "--resume"]

    def kill_once(self, seed, journal):
        """Runs the game past its k-th search start (k random, 1-4) and kills it in a state of a kind chosen
        at random; returns the kind it landed in (None when the game finished first)."""
        offset = os.path.getsize(journal) if os.path.exists(journal) else 0
        k = self.rng.randint(1, 4)
        want = self.rng.choice(self.kinds)
        proc = subprocess.Popen(self.args(seed, journal), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        while proc.poll() is None:
            types = new_types(journal, offset)
            if running(types) == want and sum(t in self.starts for t in types) >= k:
                time.sleep(self.rng.uniform(0.0, 0.02))
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                return running(new_types(journal, offset)) or "between records"
            time.sleep(0.002)
        if proc.returncode != 0:
            fail(f"seed {seed}: play exited {proc.returncode}: {proc.stderr.read().decode()[-2000:]}", self.work)
        return None

    def game(self, seed, max_kills=6):
        """One game killed up to `max_kills` times, finished and audited: (kills, kinds)."""
        journal = os.path.join(self.work, f"game{seed}.jsonl")
        kinds = {}
        for _ in range(max_kills):
            kind = self.kill_once(seed, journal)
            if kind is None:
                break
            kinds[kind] = kinds.get(kind, 0) + 1
        final = subprocess.run(self.args(seed, journal), capture_output=True, text=True, timeout=600)
        if final.returncode != 0:
            fail(f"seed {seed}: the final resume failed: {final.stderr[-2000:]}", self.work)
        out = audited(self.cli, journal, self.work)
        resumes = sum(1 for l in open(journal) if '"type":"console_resumed"' in l)
        print(f"{self.mode} seed {seed}: {sum(kinds.values())} SIGKILLs {kinds}, {resumes} resumes; audit "
              f"clean: {[l for l in out.splitlines() if l.startswith('no-forced-move')][0]}", flush=True)
        return sum(kinds.values()), kinds


def main():
    cli, kills, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    sf = sys.argv[4] if len(sys.argv) > 4 else "/usr/games/stockfish"
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 21
    runner = Runner(cli, mode, sf, seed)
    total, games = 0, 0
    while total < kills:
        total += runner.game(seed)[0]
        games += 1
        seed += 1
    print(f"ok: {total} SIGKILLs ({mode}) over {games} games, each audited clean")


if __name__ == "__main__":
    main()
