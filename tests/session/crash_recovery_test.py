#!/usr/bin/env python3
"""Crash recovery: kill `operator-cli play` with SIGKILL at random moments, resume each time, and check
that the finished game (PGN) and the journal's game records equal an uninterrupted run.

Usage: crash_recovery_test.py OPERATOR_CLI KILLS [SEED] [ENGINE]
Games with seeds 7, 8, ... are played until KILLS kills have hit a running process; every game is
compared with its own uninterrupted run. Compared: every journal record's type and payload (including
its time "t"), except "go" and "engine_io" (engine I/O audit lines: a resumed run re-sends the search it
lost) and "console_resumed" (each resume's own record), the PGN and the final result line.
"""
import json, os, random, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from resume_compare import compare_games  # noqa: E402

cli, kills = sys.argv[1], int(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 11)
engine = sys.argv[4] if len(sys.argv) > 4 else "fake"  # a real engine searches a fixed node count
work = tempfile.mkdtemp(prefix="oc_crash_")

def args(seed, journal, pgn, resume):
    a = [cli, "play", "--engine", engine, "--engine-nodes", "5000", "--engine-side", "black", "--tc", "5m+3s",
         "--human", "random", "--seed", str(seed), "--operator-delay", "2,8", "--max-plies", "160",
         "--journal", journal, "--pgn", pgn]
    return a + (["--resume"] if resume else [])

def game_records(path):
    out = []
    with open(path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line (the next resume cuts it)
            if r.get("type") not in ("header", "go", "engine_io", "console_resumed"):
                out.append((r["type"], json.dumps(r["payload"], sort_keys=True)))
    return out

def last_line(text):
    return text.strip().splitlines()[-1]

def crashed_game(seed, budget):
    """Plays game `seed` with up to `budget` kills; returns the kills that hit a running process."""
    ref_j, ref_p = os.path.join(work, f"ref{seed}.jsonl"), os.path.join(work, f"ref{seed}.pgn")
    ref = subprocess.run(args(seed, ref_j, ref_p, False), capture_output=True, text=True)
    if ref.returncode != 0:
        sys.exit(f"reference run failed: {ref.stderr}")
    j, p = os.path.join(work, f"crash{seed}.jsonl"), os.path.join(work, f"crash{seed}.pgn")
    hits = 0
    while hits < budget:
        proc = subprocess.Popen(args(seed, j, p, True), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.005, 0.08))
        if proc.poll() is not None:
            out, err = proc.communicate()
            if proc.returncode != 0:
                sys.exit(f"seed {seed}: resume failed after {hits} kills: {err}")
            break  # the game finished: compare it, go on with the next game
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        hits += 1
    final = subprocess.run(args(seed, j, p, True), capture_output=True, text=True)
    if final.returncode != 0:
        sys.exit(f"seed {seed}: final resume failed: {final.stderr}")
    verify = subprocess.run([cli, "journal", "verify", j], capture_output=True, text=True)
    if verify.returncode != 0:
        sys.exit(f"seed {seed}: journal does not verify: {verify.stderr}")
    count = compare_games(f"seed {seed}", game_records(ref_j), game_records(j), ref_p, p)
    if last_line(final.stdout) != last_line(ref.stdout):
        sys.exit(f"seed {seed}: final line differs: {last_line(final.stdout)} vs {last_line(ref.stdout)}")
    print(f"seed {seed}: {hits} SIGKILLs, {count} game records and the PGN equal; {last_line(final.stdout)}")
    return hits

total, seed = 0, 7
while total < kills:
    total += crashed_game(seed, kills - total)
    seed += 1
print(f"ok: {total} SIGKILLs over {seed - 7} game(s), each resumed game equal to its uninterrupted run")
