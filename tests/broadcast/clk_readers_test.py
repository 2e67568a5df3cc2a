#!/usr/bin/env python3
"""Issue 25 item 7: the broadcast's [%clk] values are what docs/broadcast.md says (h:mm:ss on a whole
second, h:mm:ss.t with tenths otherwise), and both pgn-extract and lichess's chessops read them: pgn-extract
reads the golden games.pgn without a complaint and keeps every clock, and chessops' parseComment gives
each clock's seconds, tenths included.
Usage: clk_readers_test.py GOLDEN_PGN WEB_DIR   (chessops from WEB_DIR/node_modules, as the page's tests)"""
import json
import os
import re
import subprocess
import sys

PGN, WEB = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


text = open(PGN, encoding="utf-8").read()
clocks = re.findall(r"\[%clk ([^\]]*)\]", text)
check(len(clocks) > 10, f"{len(clocks)} clocks in {os.path.basename(PGN)}")
form = re.compile(r"^\d+:[0-5]\d:[0-5]\d(\.\d)?$")
check(all(form.match(c) for c in clocks), "every clock is h:mm:ss or h:mm:ss.t")
check(any("." in c for c in clocks) and any("." not in c for c in clocks), "both forms occur")


def seconds(c):
    h, m, s = c.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


r = subprocess.run(["/usr/games/pgn-extract", "-s", "--nomovenumbers", "-w", "1000"], input=text,
                   capture_output=True, text=True)
check(r.returncode == 0 and "rror" not in r.stderr, "pgn-extract reads it " + r.stderr[:200])
check(re.findall(r"\[%clk ([^\]]*)\]", r.stdout) == clocks, "pgn-extract keeps every clock as written")

script = """
import { readFileSync } from 'node:fs';
import { parsePgn, parseComment } from 'chessops/pgn';
const out = [];
for (const game of parsePgn(readFileSync(process.argv[1], 'utf8')))
  for (const node of game.moves.mainline())
    for (const c of node.comments || []) out.push(parseComment(c).clock ?? null);
console.log(JSON.stringify(out));
"""
if not os.path.isdir(os.path.join(WEB, "node_modules", "chessops")):
    check(False, f"chessops is not installed in {WEB}/node_modules (scripts/install-deps.sh runs npm ci there)")
else:
    r = subprocess.run(["node", "--input-type=module", "-e", script, os.path.abspath(PGN)], cwd=WEB,
                       capture_output=True, text=True)
    check(r.returncode == 0, "chessops reads it " + r.stderr[:300])
    read = json.loads(r.stdout) if r.returncode == 0 else []
    check(len(read) == len(clocks) and all(abs(a - seconds(c)) < 1e-6 for a, c in zip(read, clocks)),
          "chessops reads every clock to the tenth (e.g. " + next((c for c in clocks if "." in c), "") + ")")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
