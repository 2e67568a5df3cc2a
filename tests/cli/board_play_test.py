#!/usr/bin/env python3
"""operator-cli play --human eboard (issue 24): a game on `operator-cli eboard fake` (a real pty, a real
process) against real Stockfish in real time. The human's move comes from the board and the lever, the
computer's move is played on the board and pressed; the journal holds the board's records, the status
goes to stderr. With `--eboard auto` and no board in the searched folder, stderr says so and where. A
game on the fake Millennium ChessLink (`--eboard-brand millennium`): no clock, the moves entered at once.
Usage: board_play_test.py OPERATOR_CLI STOCKFISH. Prints PASS at the end. Waits are generous deadlines."""
import json
import os
import subprocess
import sys
import tempfile
import time

cli, stockfish = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix="board-play-")
link = os.path.join(tmp, "dgt")
journal = os.path.join(tmp, "game.journal")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def records():
    try:
        with open(journal) as f:
            return [json.loads(line) for line in f if line.strip()]
    except OSError:
        return []


def payloads(kind):
    return [r.get("payload", r) for r in records() if r.get("type") == kind]


def wait_until(what, predicate, seconds=60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    fail(f"timed out waiting for {what}")


fake = subprocess.Popen([cli, "--ui-lang", "en", "eboard", "fake", "--clock", "--link", link],
                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)


def board(*lines):
    for line in lines:
        fake.stdin.write(line + "\n")
    fake.stdin.flush()


wait_until("the fake board's link", lambda: os.path.islink(link), 10)
board("clock 0:05:00 0:05:00")
err = open(os.path.join(tmp, "play.err"), "w")
play = subprocess.Popen([cli, "--ui-lang", "en", "play", "--human", "eboard", "--eboard", link, "--engine",
                         stockfish, "--engine-side", "black", "--tc", "5m", "--journal", journal,
                         "--max-plies", "2"], stdout=subprocess.PIPE, stderr=err, text=True)
try:
    wait_until("the board connected", lambda: any(p.get("event") == "connected" for p in payloads("eboard")))
    board("lift e2", "place e4", "wait 500ms", "press")
    wait_until("the human's move", lambda: payloads("human_move"))
    wait_until("the computer's move", lambda: payloads("engine_move"))
    uci = payloads("engine_move")[0]["uci"]
    board(f"lift {uci[2:4]}", f"lift {uci[0:2]}", f"place {uci[2:4]}", "wait 500ms", "press")
    out, _ = play.communicate(timeout=60)
finally:
    if play.poll() is None:
        play.kill()
    board("quit")
    fake.wait()
err.close()
stderr = open(os.path.join(tmp, "play.err")).read()
if play.returncode != 0:
    fail(f"play exited {play.returncode}: {stderr}")
if "plies 2" not in out:
    fail(f"the result line: {out}")
if payloads("human_move")[0]["uci"] != "e2e4":
    fail("the human's move is not the board's e2-e4")
events = [p.get("event") for p in payloads("eboard")]
for event in ("connected", "human_move", "made", "pressed"):
    if event not in events:
        fail(f"no eboard record '{event}' in {events}")
# Issue 34 item 11: the computer's move made on the board is one record, naming the move.
if "computer_move_on_board" in events or not all(p.get("uci") for p in payloads("eboard") if p.get("event") == "made"):
    fail(f"the computer's move on the board is not one 'made' record with its move: {payloads('eboard')}")
if "e-board connected on" not in stderr:
    fail(f"the status line is not on stderr: {stderr}")

# auto with no board in the searched folder: said, with the folder, and the search goes on.
empty = os.path.join(tmp, "by-id")
os.mkdir(empty)
env = dict(os.environ, OC_EBOARD_SEARCH_DIR=empty)
play = subprocess.Popen([cli, "--ui-lang", "en", "play", "--human", "eboard", "--eboard", "auto", "--engine",
                         "fake", "--engine-side", "black", "--tc", "5m", "--journal",
                         os.path.join(tmp, "auto.journal")], env=env, stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True)
time.sleep(3)
play.terminate()
_, stderr = play.communicate(timeout=30)
if f"no DGT board found in {empty}" not in stderr:
    fail(f"auto without a board: {stderr}")
# A Millennium ChessLink (issue 24 item 10): no clock, no Enter without a window. The setup's commit
# (lever) falls back, said on stderr and journalled; the human's move is entered at once, the computer's
# move made on the board is pressed by the CLI (the console's is the only clock); no lever records.
link = os.path.join(tmp, "chesslink")
journal = os.path.join(tmp, "chesslink.journal")
fake = subprocess.Popen([cli, "--ui-lang", "en", "eboard", "fake", "--brand", "millennium", "--link", link],
                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
wait_until("the fake ChessLink's link", lambda: os.path.islink(link), 10)
err = open(os.path.join(tmp, "chesslink.err"), "w")
play = subprocess.Popen([cli, "--ui-lang", "en", "play", "--human", "eboard", "--eboard", link, "--eboard-brand",
                         "millennium", "--engine", stockfish, "--engine-side", "black", "--tc", "5m", "--journal",
                         journal, "--max-plies", "2"], stdout=subprocess.PIPE, stderr=err, text=True)
try:
    wait_until("the ChessLink connected", lambda: any(p.get("event") == "connected" for p in payloads("eboard")))
    board("lift e2", "place e4")
    wait_until("the human's move from the ChessLink", lambda: payloads("human_move"))
    wait_until("the computer's move", lambda: payloads("engine_move"))
    uci = payloads("engine_move")[0]["uci"]
    board(f"lift {uci[2:4]}", f"lift {uci[0:2]}", f"place {uci[2:4]}")
    out, _ = play.communicate(timeout=60)
finally:
    if play.poll() is None:
        play.kill()
    board("quit")
    fake.wait()
err.close()
stderr = open(os.path.join(tmp, "chesslink.err")).read()
if play.returncode != 0 or "plies 2" not in out:
    fail(f"the ChessLink game: exit {play.returncode}, {out}, {stderr}")
if "committed with Enter" not in stderr or "entered at once" not in stderr:
    fail(f"the fallbacks are not said: {stderr}")
boarded = payloads("eboard")
events = [p.get("event") for p in boarded]
for event in ("note", "connected", "human_move", "made"):
    if event not in events:
        fail(f"no eboard record '{event}' in {events}")
if "pressed" in events:
    fail(f"a lever press journalled from a board without a clock: {events}")
if next(p for p in boarded if p.get("event") == "connected").get("brand") != "millennium":
    fail(f"the brand is not journalled: {boarded}")
print("PASS")
