#!/usr/bin/env python3
"""Crash recovery: kill `operator-cli play` with SIGKILL at random moments, resume each time, and check
that the finished game (PGN) and the journal's game records equal an uninterrupted run.

Usage: crash_recovery_test.py OPERATOR_CLI KILLS [SEED] [ENGINE]
Compared: every journal record's type and payload (including its time "t"), except "go" and
"engine_io" (engine I/O audit lines: a resumed run re-sends the search it lost), and the PGN.
"""
import json, os, random, signal, subprocess, sys, tempfile, time

cli, kills = sys.argv[1], int(sys.argv[2])
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 11
engine = sys.argv[4] if len(sys.argv) > 4 else "fake"  # a real engine searches a fixed node count
rng = random.Random(seed)
work = tempfile.mkdtemp(prefix="oc_crash_")

def args(journal, pgn, resume):
    a = [cli, "play", "--engine", engine, "--engine-nodes", "5000", "--engine-side", "black", "--tc", "5m+3s", "--human", "random",
         "--seed", "7", "--operator-delay", "2,8", "--max-plies", "160", "--journal", journal, "--pgn", pgn]
    return a + (["--resume"] if resume else [])

def game_records(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line (the next resume cuts it)
            if r.get("type") in ("header", "go", "engine_io"):
                continue
            out.append((r["type"], json.dumps(r["payload"], sort_keys=True)))
    return out

ref_j, ref_p = os.path.join(work, "ref.jsonl"), os.path.join(work, "ref.pgn")
ref = subprocess.run(args(ref_j, ref_p, False), capture_output=True, text=True)
assert ref.returncode == 0, ref.stderr
ref_last = ref.stdout.strip().splitlines()[-1]

j, p = os.path.join(work, "crash.jsonl"), os.path.join(work, "crash.pgn")
done_kills = 0
runs = 0
while done_kills < kills:
    runs += 1
    proc = subprocess.Popen(args(j, p, True), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(rng.uniform(0.005, 0.12))
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        done_kills += 1
    else:
        out, err = proc.communicate()
        if proc.returncode != 0:
            sys.exit(f"resume failed after {done_kills} kills: {err}")
        if done_kills < kills:
            sys.exit(f"the game finished after only {done_kills} kills; make it longer")
final = subprocess.run(args(j, p, True), capture_output=True, text=True)
if final.returncode != 0:
    sys.exit(f"final resume failed: {final.stderr}")
last = final.stdout.strip().splitlines()[-1]
verify = subprocess.run([cli, "journal", "verify", j], capture_output=True, text=True)
if verify.returncode != 0:
    sys.exit(f"journal does not verify: {verify.stderr}")
a, b = game_records(ref_j), game_records(j)
if a != b:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            sys.exit(f"record {i} differs:\n  uninterrupted {x}\n  resumed       {y}")
    sys.exit(f"record counts differ: {len(a)} vs {len(b)}")
if open(ref_p).read() != open(p).read():
    sys.exit("PGN differs")
if last != ref_last:
    sys.exit(f"final line differs: {last} vs {ref_last}")
print(f"ok: {kills} SIGKILLs over {runs} runs; {len(a)} game records and the PGN equal the uninterrupted run")
print(last)
