#!/usr/bin/env python3
"""Issue 23 item 3: a console killed (SIGKILL) while its real Stockfish searched, then resumed, is no
forced move. Games of `operator-cli play` with Stockfish as the computer (and, with "ponder", pondering on
the human's time) are killed right after a search started (the journal's last record a `go`, a
`ponder_hit` or, with ponder, a `ponder_start`), resumed each time, and finished; each finished journal
must verify and audit clean (exit 0, no `breach`, no `not-checked`).

Usage: audit_kill_resume_test.py OPERATOR_CLI KILLS plain|ponder [STOCKFISH] [SEED]
Games with seeds SEED, SEED+1, ... are played until KILLS kills have landed inside a search.
"""
import json, os, random, signal, subprocess, sys, tempfile, time

cli, kills, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sf = sys.argv[4] if len(sys.argv) > 4 else "/usr/games/stockfish"
first_seed = int(sys.argv[5]) if len(sys.argv) > 5 else 21
rng = random.Random(first_seed)
work = tempfile.mkdtemp(prefix=f"oc_audit_kill_{mode}_")
setup = os.path.join(work, "setup.json")
with open(setup, "w") as f:
    json.dump({"engine": {"command": sf, "ponder": mode == "ponder"}}, f)
SEARCH_STARTS = ("go", "ponder_hit") + (("ponder_start",) if mode == "ponder" else ())


def fail(why):
    print(f"FAIL: {why} (files in {work})")
    sys.exit(1)


def args(seed, journal):
    # 200000 nodes: a search long enough (tenths of a second) for the kill to land inside it.
    return [cli, "play", "--engine", sf, "--engine-side", "black", "--tc", "5m+3s", "--human", "random",
            "--setup", setup, "--engine-nodes", "200000", "--max-plies", "40", "--seed", str(seed),
            "--operator-delay", "2,6", "--journal", journal, "--resume"]


def last_type(journal):
    """The type of the journal's last complete record, or None."""
    try:
        with open(journal, "rb") as f:
            f.seek(max(0, os.path.getsize(journal) - 65536))
            lines = f.read().split(b"\n")
    except OSError:
        return None
    complete = lines[:-1]  # the part after the last newline is still being written
    for line in reversed(complete):
        try:
            return json.loads(line)["type"]
        except (ValueError, KeyError):
            continue
    return None


def kill_in_search(seed, journal):
    """Runs the game until a search starts, then kills it; True when the kill landed in a search."""
    proc = subprocess.Popen(args(seed, journal), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while proc.poll() is None:
        if last_type(journal) in SEARCH_STARTS:
            time.sleep(rng.uniform(0.0, 0.03))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return last_type(journal) in SEARCH_STARTS
        time.sleep(0.002)
    if proc.returncode != 0:
        fail(f"seed {seed}: play exited {proc.returncode}: {proc.stderr.read().decode()[-2000:]}")
    return False  # the game finished first


def audited(seed, journal):
    verify = subprocess.run([cli, "journal", "verify", journal], capture_output=True, text=True)
    if verify.returncode != 0:
        fail(f"seed {seed}: journal does not verify: {verify.stdout}{verify.stderr}")
    audit = subprocess.run([cli, "journal", "audit", journal, "--ui-lang", "en"], capture_output=True,
                           text=True)
    bad = [l for l in audit.stdout.splitlines() if " breach " in l or " not-checked " in l]
    if audit.returncode != 0 or bad:
        fail(f"seed {seed}: the audit of a clean kill-and-resume game is not clean: exit {audit.returncode}: "
             f"{bad or audit.stderr}")
    return audit.stdout


total, seed, games = 0, first_seed, 0
while total < kills:
    journal = os.path.join(work, f"game{seed}.jsonl")
    hits = 0
    for _ in range(4):
        if not kill_in_search(seed, journal):
            break
        hits += 1
    final = subprocess.run(args(seed, journal), capture_output=True, text=True, timeout=600)
    if final.returncode != 0:
        fail(f"seed {seed}: the final resume failed: {final.stderr[-2000:]}")
    out = audited(seed, journal)
    resumes = sum(1 for l in open(journal) if '"type":"console_resumed"' in l)
    print(f"seed {seed}: {hits} SIGKILLs inside searches, {resumes} resumes; audit clean: "
          f"{[l for l in out.splitlines() if l.startswith('no-forced-move')][0]}")
    total += hits
    games += 1
    seed += 1
print(f"ok: {total} SIGKILLs inside Stockfish searches ({mode}) over {games} games, each audited clean")
