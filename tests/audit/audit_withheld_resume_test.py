#!/usr/bin/env python3
"""Issue 23 item 8: a scripted game with Stockfish as the computer, stopped between the engine's withheld
choice (`engine_move_withheld`) and the computer's seal - the journal cut there, as a SIGKILL leaves it -
resumes: the engine chooses again, that move is sealed, the game goes on to its end, and the journal
audits clean. Before, the resumed script's seal was refused ("the engine is choosing its move again after
the restart: wait") and the resume failed.
Usage: audit_withheld_resume_test.py OPERATOR_CLI SCRIPT [STOCKFISH]"""
import os, subprocess, sys, tempfile

cli, script = sys.argv[1], sys.argv[2]
sf = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/stockfish"
work = tempfile.mkdtemp(prefix="oc_withheld_resume_")
journal = os.path.join(work, "game.jsonl")


def play(resume):
    a = [cli, "play", "--engine", sf, "--engine-nodes", "200000", "--engine-side", "black", "--tc", "90m+30s",
         "--human", f"script:{script}", "--journal", journal] + (["--resume"] if resume else [])
    return subprocess.run(a, capture_output=True, text=True, timeout=300)


def fail(why):
    print(f"FAIL: {why} (files in {work})")
    sys.exit(1)


first = play(False)
if first.returncode != 0:
    fail(f"the uninterrupted game failed: {first.stderr}")
lines = open(journal).read().splitlines(keepends=True)
cut = next((i for i, l in enumerate(lines) if '"type":"engine_move_withheld"' in l), None)
if cut is None or not any('"type":"sealed"' in l for l in lines[cut:]):
    fail("the game has no withheld choice followed by a seal")
with open(journal, "w") as f:
    f.writelines(lines[:cut + 1])  # killed after the withheld choice, before the seal
resumed = play(True)
if resumed.returncode != 0:
    fail(f"the resume after the withheld choice failed: {resumed.stderr[-1500:]}")
if resumed.stdout.strip().splitlines()[-1] != first.stdout.strip().splitlines()[-1]:
    fail(f"the resumed game ended otherwise: {resumed.stdout[-300:]} vs {first.stdout[-300:]}")
types = [l.split('"type":"')[1].split('"')[0] for l in open(journal)]
if types.count("engine_move_withheld") != 2 or types.count("sealed") != 1:
    fail(f"expected the choice made again and sealed once: {types}")
audit = subprocess.run([cli, "journal", "audit", journal, "--ui-lang", "en"], capture_output=True, text=True)
if audit.returncode != 0:
    fail(f"the resumed game does not audit clean: {audit.stdout}")
print(f"ok: resumed between the withheld choice and the seal; {first.stdout.strip().splitlines()[-1]}")
