#!/usr/bin/env python3
"""A whole game through the host on a board read through DGT LiveChess (issue 38 part 2): `operator-cli
play --human eboard --eboard-brand livechess --eboard ws://...` against `operator-cli eboard fake --brand
livechess` (a real WebSocket server in a real process) and real Stockfish in real time. LiveChess passes on
no lever: the setup's commit (lever) falls back to Enter and says so; without a window the moves are entered
at once. The human's move comes from the feed's placements, the computer's move is played on the board and
checked; the journal holds the board's records with brand livechess and the board's serial number.
LiveChess is then stopped and started again in the middle of the game: the status says the board was lost,
the link subscribes again and the game goes on. Usage: livechess_play_test.py OPERATOR_CLI STOCKFISH.
Prints PASS at the end. Waits are generous deadlines; nothing asserts on how long anything took."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

cli, stockfish = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix="livechess-play-")
journal = os.path.join(tmp, "game.journal")
fake_log = os.path.join(tmp, "fake.log")


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


def logged():
    with open(fake_log) as f:
        return f.read()


fake = subprocess.Popen([cli, "--ui-lang", "en", "eboard", "fake", "--brand", "livechess", "--listen",
                         "127.0.0.1:0", "--serial", "7425"], stdin=subprocess.PIPE, stdout=open(fake_log, "w"),
                        stderr=subprocess.STDOUT, text=True)


def board(*lines):
    for line in lines:
        fake.stdin.write(line + "\n")
    fake.stdin.flush()


wait_until("the fake LiveChess", lambda: "ws://" in logged(), 10)
url = re.search(r"ws://\S+", logged()).group(0)
err = open(os.path.join(tmp, "play.err"), "w")
play = subprocess.Popen([cli, "--ui-lang", "en", "play", "--human", "eboard", "--eboard", url, "--eboard-brand",
                         "livechess", "--engine", stockfish, "--engine-side", "black", "--tc", "5m", "--journal",
                         journal, "--max-plies", "4"], stdout=subprocess.PIPE, stderr=err, text=True)
try:
    wait_until("the board connected", lambda: any(p.get("event") == "connected" for p in payloads("eboard")))
    board("lift e2", "place e4")
    wait_until("the human's move", lambda: payloads("human_move"))
    wait_until("the computer's move", lambda: payloads("engine_move"))
    uci = payloads("engine_move")[0]["uci"]
    board(f"lift {uci[2:4]}", f"lift {uci[0:2]}", f"place {uci[2:4]}")
    wait_until("the computer's move made", lambda: any(p.get("event") == "made" for p in payloads("eboard")))
    # LiveChess restarts in the middle of the game: lost, then connected and subscribed again.
    board("unplug")
    wait_until("the board lost", lambda: any(p.get("event") == "lost" for p in payloads("eboard")))
    board("replug")
    wait_until("the board back", lambda: [p.get("event") for p in payloads("eboard")].count("connected") == 2)
    board("lift g1", "place f3")
    wait_until("the second human move", lambda: len(payloads("human_move")) == 2)
    wait_until("the second computer move", lambda: len(payloads("engine_move")) == 2)
    uci = payloads("engine_move")[1]["uci"]
    board(f"lift {uci[2:4]}", f"lift {uci[0:2]}", f"place {uci[2:4]}")
    out, _ = play.communicate(timeout=60)
finally:
    if play.poll() is None:
        play.kill()
    board("quit")
    code = fake.wait()
err.close()
stderr = open(os.path.join(tmp, "play.err")).read()
if play.returncode != 0 or "plies 4" not in out:
    fail(f"the game: exit {play.returncode}, {out}, {stderr}")
if code != 0:
    fail(f"the fake LiveChess exited {code} (a setup or flip call?): {logged()}")
if "DGT LiveChess does not pass on the clock's lever" not in stderr or "entered at once" not in stderr:
    fail(f"the fallbacks are not said: {stderr}")
if "LiveChess at " + url not in stderr:
    fail(f"the lost link is not on the status line: {stderr}")
if [p["uci"] for p in payloads("human_move")] != ["e2e4", "g1f3"]:
    fail(f"the human's moves are not the board's: {payloads('human_move')}")
boarded = payloads("eboard")
events = [p.get("event") for p in boarded]
for event in ("note", "connected", "human_move", "made", "lost"):
    if event not in events:
        fail(f"no eboard record '{event}' in {events}")
if "pressed" in events:
    fail(f"a lever press journalled from LiveChess, which passes on none: {events}")
connected = next(p for p in boarded if p.get("event") == "connected")
if connected.get("brand") != "livechess" or connected.get("serial") != "7425" or connected.get("port") != url:
    fail(f"the board is not journalled as LiveChess's 7425: {connected}")
if logged().count("the console subscribed to board 7425") != 2:
    fail(f"not subscribed again after the restart: {logged()}")
print("PASS")
