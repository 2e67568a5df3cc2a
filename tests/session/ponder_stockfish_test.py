#!/usr/bin/env python3
"""Pondering with a real engine: Stockfish as the computer (engine.ponder) against Stockfish as the
human, through operator-cli play. The journal must show ponder starts, hits and misses, with `go ponder`,
`ponderhit` and `stop` on the wire; every computer move must come from its own search (a `go` or a
`ponderhit`), never from a ponder search; the replay must give the same PGN; the result line must appear.
Usage: ponder_stockfish_test.py OPERATOR_CLI [STOCKFISH]
"""
import json, os, subprocess, sys, tempfile

cli = sys.argv[1]
sf = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
work = tempfile.mkdtemp(prefix="oc_ponder_")
setup, journal = os.path.join(work, "setup.json"), os.path.join(work, "game.journal")
pgn, replay_pgn = os.path.join(work, "play.pgn"), os.path.join(work, "replay.pgn")
with open(setup, "w") as f:
    json.dump({"engine": {"command": sf, "ponder": True}}, f)

def fail(why):
    print(f"FAIL: {why} (files in {work})")
    sys.exit(1)

play = subprocess.run([cli, "play", "--engine", sf, "--engine-side", "black", "--tc", "5m+3s", "--human",
                       "engine:" + sf, "--setup", setup, "--engine-nodes", "5000", "--max-plies", "90",
                       "--seed", "3", "--operator-delay", "2,6", "--journal", journal, "--pgn", pgn],
                      capture_output=True, text=True, timeout=900)
last = play.stdout.strip().splitlines()[-1] if play.stdout.strip() else ""
if play.returncode != 0 or not last.startswith("result "):
    fail(f"play exited {play.returncode}: {last!r} {play.stderr[-2000:]}")

records = []
with open(journal) as f:
    for line in f:
        r = json.loads(line)
        if r.get("type") != "header":
            records.append((r["type"], r["payload"]))
types = [t for t, _ in records]
count = {t: types.count(t) for t in ("ponder_start", "ponder_hit", "ponder_miss", "ponder_stop")}
print("ponder records:", count, "|", last)
if count["ponder_start"] == 0 or count["ponder_hit"] == 0 or count["ponder_miss"] == 0:
    fail(f"expected ponder starts, hits and misses, got {count}")
wire = [l for t, p in records if t == "engine_io" for l in p["lines"]]
for want in ("> go ponder", "> ponderhit", "> stop", "> setoption name Ponder value true"):
    if not any(l.startswith(want) for l in wire):
        fail(f"no engine line {want!r}")

# Every computer move comes from its own search: the latest of go / ponder_hit / ponder_start before it
# is never a ponder_start; a hit's move is the expected one, a miss's move another (or a reason given).
latest = None
for t, p in records:
    if t in ("go", "ponder_hit", "ponder_start"):
        latest = t
    if t == "engine_move" and latest == "ponder_start":
        fail("an engine move followed a ponder start without a hit or a search")
    if t == "ponder_miss" and p["expected"] == p["played"] and "reason" not in p:
        fail(f"a miss on the expected move without a reason: {p}")

replay = subprocess.run([cli, "journal", "replay", journal, "--pgn", replay_pgn], capture_output=True,
                        text=True, timeout=120)
if replay.returncode != 0:
    fail(f"replay exited {replay.returncode}: {replay.stderr}")
if "ponderhit: the human played" not in replay.stdout or "ponder miss: expected" not in replay.stdout:
    fail("the replay timeline does not list the ponder hits and misses")
if open(pgn).read() != open(replay_pgn).read():
    fail("the replayed PGN differs from the played one")
if replay.stdout.strip().splitlines()[-1] != last:
    fail(f"replay result line differs: {replay.stdout.strip().splitlines()[-1]!r} vs {last!r}")
print("ok")
