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
    """"go" while the computer's own search runs, "ponder" while a ponder search runs, else None."""
    state = None
    for t in types:
        if t in ("go", "ponder_hit"):
            state = "go"
        elif t == "ponder_start":
            state = "ponder"
        elif t in ("engine_move", "engine_move_withheld") or (
                state == "ponder" and t in ("ponder_miss", "ponder_stop", "human_move")):
            state = None
    return state


def kill_in_search(seed, journal):
    """Runs the game until its k-th search start (k random, 1-4) and kills it while that search runs
    (with ponder, every other kill waits for a ponder search); returns the kind of search it landed in."""
    offset = os.path.getsize(journal) if os.path.exists(journal) else 0
    k = rng.randint(1, 4)
    want = ("ponder" if mode == "ponder" and rng.random() < 0.5 else "go")
    proc = subprocess.Popen(args(seed, journal), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while proc.poll() is None:
        types = new_types(journal, offset)
        starts = sum(t in SEARCH_STARTS for t in types)
        if running(types) == want and starts >= k:
            time.sleep(rng.uniform(0.0, 0.02))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return running(new_types(journal, offset))
        time.sleep(0.002)
    if proc.returncode != 0:
        fail(f"seed {seed}: play exited {proc.returncode}: {proc.stderr.read().decode()[-2000:]}")
    return None  # the game finished first


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
    kinds = {}
    for _ in range(6):
        kind = kill_in_search(seed, journal)
        if kind is None:
            break
        hits += 1
        kinds[kind] = kinds.get(kind, 0) + 1
    final = subprocess.run(args(seed, journal), capture_output=True, text=True, timeout=600)
    if final.returncode != 0:
        fail(f"seed {seed}: the final resume failed: {final.stderr[-2000:]}")
    out = audited(seed, journal)
    resumes = sum(1 for l in open(journal) if '"type":"console_resumed"' in l)
    print(f"seed {seed}: {hits} SIGKILLs inside searches {kinds}, {resumes} resumes; audit clean: "
          f"{[l for l in out.splitlines() if l.startswith('no-forced-move')][0]}")
    total += hits
    games += 1
    seed += 1
print(f"ok: {total} SIGKILLs inside Stockfish searches ({mode}) over {games} games, each audited clean")
