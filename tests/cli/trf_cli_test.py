#!/usr/bin/env python3
"""operator-cli play --trf FILE --round N --player NAME|START_RANK (issue 38 part 3): the pairing program's
TRF fills the setup the game is played with, as the game's PGN header shows (a real process, real files);
what the TRF left is said on stderr; a TRF that does not parse, a bye, a round not yet paired, an unknown
player and an ambiguous name end with exit code 2, the message, and no journal written.
Usage: trf_cli_test.py OPERATOR_CLI TRF_DATA_DIR. Prints PASS at the end."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

cli, data = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp(prefix="trf-cli-")


def fail(message, r=None):
    print("FAIL:", message)
    if r is not None:
        print("exit", r.returncode, "\nstdout:", r.stdout, "\nstderr:", r.stderr)
    sys.exit(1)


def play(name, *args):
    journal = os.path.join(tmp, name + ".journal")
    pgn = os.path.join(tmp, name + ".pgn")
    r = subprocess.run([cli, "play", "--engine", "fake", "--human", "random", "--max-plies", "4", "--journal",
                        journal, "--pgn", pgn, *args], capture_output=True, text=True, timeout=60)
    return r, journal, pgn


def tags(pgn):
    with open(pgn, encoding="utf-8") as f:
        return dict(re.findall(r'^\[(\w+) "(.*)"\]$', f.read(), re.M))


# 1. TRF-16 as Swiss-Manager writes it: round 3, the computer is start rank 6, White on board 2.
r, journal, pgn = play("trf16", "--trf", f"{data}/swiss_manager_trf16.trf", "--round", "3", "--player", "6",
                       "--tc", "15m+10s")
if r.returncode != 0:
    fail("play --trf refused a good TRF", r)
t = tags(pgn)
want = {"Event": "Wroclaw Spring Open 2026", "Site": "Wroclaw", "Date": "2026.03.09", "Round": "3", "Board": "2",
        "White": "Stockfish 17", "Black": "Kowalska, Maria", "BlackFideId": "1120000", "BlackElo": "2350",
        "BlackTitle": "WIM", "WhiteType": "program", "BlackType": "human", "TimeControl": "900+10"}
for k, v in want.items():
    if t.get(k) != v:
        fail(f"PGN tag {k}: {t.get(k)!r}, expected {v!r}", r)
if "WhiteFideId" in t or "WhiteTitle" in t:
    fail("the computer's entry has no FIDE ID or title, yet the PGN has one", r)
if "note: the TRF left these for the operator: time_control" not in r.stderr:
    fail("stderr does not say that the time control was left", r)
if "board 2: the TRF has no board numbers" not in r.stderr:
    fail("stderr does not say how the board was found", r)

# The scoresheet's player line carries the title and federation (pdftotext, when there is one).
pdf = os.path.join(tmp, "trf16.pdf")
r, journal, _ = play("sheet", "--trf", f"{data}/swiss_manager_trf16.trf", "--round", "3", "--player", "6",
                     "--tc", "15m+10s", "--scoresheet-pdf", pdf)
if r.returncode != 0:
    fail("play --trf --scoresheet-pdf failed", r)
if shutil.which("pdftotext"):
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
    if "WIM · POL · FIDE ID 1120000 · rating 2350" not in text or "Kowalska, Maria" not in text:
        fail("the scoresheet lacks the opponent's title, federation, FIDE ID or rating:\n" + text[:1500])

# The broadcast publishes the title beside the name, as lichess shows it (--dir's games.pgn).
hub_dir = os.path.join(tmp, "hub")
hub = subprocess.Popen([cli, "broadcast", "serve", "--journal", os.path.join(tmp, "trf16.journal"), "--listen",
                        "127.0.0.1:0", "--dir", hub_dir, "--state", os.path.join(tmp, "hub-state")],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
published = ""
try:
    for _ in range(300):  # a deadline of 30 s, not a measured time
        if os.path.exists(os.path.join(hub_dir, "games.pgn")):
            with open(os.path.join(hub_dir, "games.pgn"), encoding="utf-8") as f:
                published = f.read()
            if "BlackTitle" in published:
                break
        time.sleep(0.1)
finally:
    hub.terminate()
    hub.wait(timeout=10)
if '[BlackTitle "WIM"]' not in published or '[BlackFideId "1120000"]' not in published:
    fail("the broadcast's games.pgn lacks the opponent's title or FIDE ID:\n" + published[:800])

# 2. The 2026 revision by name: its encoded time control (222) is the game's, with no --tc.
r, journal, pgn = play("trf26", "--trf", f"{data}/trf2026.trf", "--round", "3", "--player", "stockfish")
if r.returncode != 0:
    fail("play --trf refused the 2026 revision", r)
t = tags(pgn)
if t.get("TimeControl") != "40/5400+30:1800+30" or t.get("Black") != "Kowalska, Maria":
    fail(f"2026 revision: TimeControl {t.get('TimeControl')!r}, Black {t.get('Black')!r}", r)
if "left these" in r.stderr:
    fail("the 2026 revision's TRF lacks nothing, yet stderr lists missing fields", r)

# 3. --engine-side that disagrees with the pairing is refused.
r, journal, _ = play("side", "--trf", f"{data}/trf2026.trf", "--round", "3", "--player", "6", "--engine-side",
                     "black")
if r.returncode != 2 or "--engine-side black: the TRF pairs the computer's entry with white" not in r.stderr:
    fail("a contradicting --engine-side was not refused", r)

# 4. Errors: exit 2, the message, and nothing written.
bad = [
    (("malformed.trf", "3", "6"), "malformed.trf: line 4, column 49: expected the FIDE rating"),
    (("trf2026.trf", "3", "5"), "Garcia, Luis has the pairing-allocated bye (U) in round 3"),
    (("trf2026.trf", "4", "6"), "round 4 is not yet paired for Stockfish 17"),
    (("trf2026.trf", "3", "Komodo"), "no player named \"Komodo\" in the TRF"),
    (("two_names.trf", "1", "Smith"), "\"Smith\" matches several players: 1 Smith, John (line 2); 2 Smith, Jane"),
    (("no_such_file.trf", "1", "1"), "no_such_file.trf: the file cannot be read"),
]
for i, ((file, rnd, who), message) in enumerate(bad):
    r, journal, _ = play(f"bad{i}", "--trf", f"{data}/{file}", "--round", rnd, "--player", who, "--tc", "5m")
    if r.returncode != 2 or message not in r.stderr:
        fail(f"{file} round {rnd} player {who}: expected exit 2 and {message!r}", r)
    if os.path.exists(journal):
        fail(f"{file}: a refused TRF left a journal behind", r)

r, journal, _ = play("noround", "--trf", f"{data}/trf2026.trf", "--player", "6")
if r.returncode != 2 or "--trf needs --round N" not in r.stderr:
    fail("--trf without --round was not refused", r)
r, journal, _ = play("noside", "--tc", "5m")
if r.returncode != 2 or "--engine-side is required (or --trf)" not in r.stderr:
    fail("play without --engine-side or --trf was not refused", r)

print("PASS")
