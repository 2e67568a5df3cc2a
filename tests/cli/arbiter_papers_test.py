#!/usr/bin/env python3
"""The arbiter's record and papers (issue 22, items 3, 4, 5, 6, 12), through operator-cli and real files.

3. Every answer to a draw offer is a `draw_answer` record: who answered, accept or decline, and for the
   computer's side the locked policy's indication and whether the answer followed it; `journal replay`
   and the audit's draw-resign check show them; a journal without them (older) still replays and audits.
4. A setup changed before the first move: replay, verify, audit and the scoresheet PDF follow the locked
   (Polish) setup, not the journal's first (English) setup record.
5. `journal replay --envelope-pdf` after the game prints every adjournment's envelope, numbered, each
   with the field (g) that was typed (journalled, so a restart keeps it).
6. The audit counts a corrected entry as no extra move, and lists the irregularity under its line.
12. `play --setup FILE` keeps the setup's names on the papers; an unknown date or site is a blank line on
   the PDF (the PGN keeps "?"); --engine makes the setup's engine.command optional (real Stockfish).
Usage: arbiter_papers_test.py OPERATOR_CLI SCRIPTS_DIR [STOCKFISH]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "journal"))
import journal_lines  # noqa: E402  (the forger's and the older console's journal lines)

cli, scripts = sys.argv[1], sys.argv[2]
stockfish = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/stockfish"
work = tempfile.mkdtemp(prefix="arbiter-papers-")
failures = []


def run(*args, env=None):
    return subprocess.run([cli, *args], capture_output=True, text=True, cwd=work, env=env)


def check(ok, what, r=None):
    if not ok:
        failures.append(what + (f"\n  exit {r.returncode}\n  stdout: {r.stdout[-2500:]}\n  stderr: {r.stderr[-1500:]}"
                                if r is not None else ""))
    return ok


def play(script, journal, *extra):
    return run("play", "--engine", "fake", "--engine-side", "black", "--tc", "90m+30s", "--human",
               f"script:{os.path.join(scripts, script)}", "--journal", journal, *extra)


def records(journal):
    with open(os.path.join(work, journal)) as f:
        return [json.loads(line) for line in f]


def pdf_text(name):
    return subprocess.run(["pdftotext", "-layout", os.path.join(work, name), "-"], capture_output=True,
                          text=True).stdout


def rechain(recs, name):
    """Writes records with fresh seq, links, hashes and signatures (tests/journal/journal_lines.py)."""
    journal_lines.rechain(recs, os.path.join(work, name))


# --- 3. The answers to draw offers --------------------------------------------------------------------------
r = play("draw_answers.txt", "draws.jsonl")
check(r.returncode == 0 and "result 1/2-1/2" in r.stdout, "the draw-answers game is played", r)
answers = [x["payload"] for x in records("draws.jsonl") if x["type"] == "draw_answer"]
want = [
    # the computer (black) declines by playing its move, against the indication ACCEPT (the double Enter)
    {"by": "black", "offer_by": "white", "answer": "decline", "how": "move", "indication": "accept",
     "followed": False},
    {"by": "black", "offer_by": "white", "answer": "decline", "how": "answer", "indication": "accept",
     "followed": False},
    # the human's move rejects the computer's offer: no indication (the human answers as he likes)
    {"by": "white", "offer_by": "black", "answer": "decline", "how": "move"},
    {"by": "black", "offer_by": "white", "answer": "accept", "how": "answer", "indication": "accept",
     "followed": True},
]
got = [{k: v for k, v in a.items() if k not in ("t", "offer")} for a in answers]
check(got == want, f"draw_answer records: got {got}")
check(all(a.get("offer") == "offer" for a in answers), f"offer kinds: {answers}")

r = run("journal", "replay", "draws.jsonl", "--ui-lang", "en")
check(r.returncode == 0, "replay of the draw-answers journal", r)
check("the computer (black) declines the draw offer by playing its move (Art. 9.1): indication ACCEPT, NOT followed"
      in r.stdout, "replay: the decline by the computer's move against ACCEPT", r)
check("the computer (black) declines the draw offer: indication ACCEPT, NOT followed" in r.stdout,
      "replay: the explicit decline", r)
check("the human (white) declines the draw offer by playing a move (Art. 9.1)" in r.stdout,
      "replay: the human's move declining the computer's offer", r)
check("the computer (black) accepts the draw offer: indication ACCEPT, followed" in r.stdout,
      "replay: the acceptance", r)
r = run("journal", "replay", "draws.jsonl", "--ui-lang", "pl")
check(r.returncode == 0 and "wskazanie PRZYJĄĆ" in r.stdout and "NIE zastosowano" in r.stdout,
      "replay in Polish names the indication and the deviation", r)

r = run("journal", "audit", "draws.jsonl", "--ui-lang", "en")
check(r.returncode == 0, "the draw-answers journal audits clean (a decline is the operator's decision)", r)
lines = r.stdout.splitlines()
draw_at = next((i for i, l in enumerate(lines) if l.startswith("draw-resign ")), None)
listed = []
if check(draw_at is not None, "audit has a draw-resign line", r):
    for l in lines[draw_at + 1:]:
        if not l.startswith("  "):
            break
        listed.append(l)
check(any("computer declines the draw offer at move 1... by playing its move (Art. 9.1): indication accept, not followed"
          in l for l in listed), f"audit lists the decline by move: {listed}", r)
check(any("computer declines the draw offer at move 2...:" in l and "indication accept, not followed" in l
          for l in listed), f"audit lists the explicit decline: {listed}", r)
check(any("human declines the draw offer" in l for l in listed), f"audit lists the human's decline: {listed}", r)
check(any("computer accepts the draw offer" in l and "indication accept, followed" in l for l in listed),
      f"audit lists the acceptance: {listed}", r)
r = run("journal", "audit", "draws.jsonl", "--ui-lang", "pl")
check(r.returncode == 0 and "nie zastosowano" in r.stdout, "the audit's answers in Polish", r)
check(sum("accepts the draw offer" in l or "computer accept at" in l for l in listed) == 1,
      f"audit lists the acceptance once: {listed}", r)

# Offers ended other than by an answer: the sealed move played at the resumption, the game's end.
r = play("draw_lapses.txt", "lapses.jsonl")
check(r.returncode == 0 and "result 0-1" in r.stdout, "the draw-lapses game is played", r)
got = [{k: a[k] for k in ("by", "offer_by", "answer", "how")}
       for a in (x["payload"] for x in records("lapses.jsonl") if x["type"] == "draw_answer")]
want = [{"by": "white", "offer_by": "black", "answer": "decline", "how": "move"},
        {"by": "black", "offer_by": "white", "answer": "lapsed", "how": "game-over"}]
check(got == want, f"draw_answer records of the lapses: got {got}")
r = run("journal", "replay", "lapses.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "the draw offer by white lapsed: the game ended (Art. 9.1)" in r.stdout,
      "replay: the lapse", r)
r = run("journal", "audit", "lapses.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "the human's draw offer pending at move 3... lapsed: the game ended (Art. 9.1)"
      in r.stdout, "audit: the lapse", r)

# A current journal with its draw_answer records deleted (and re-hashed) is accused: its header names the
# program, whose console writes every answer (issue 37).
cut = [x for x in records("draws.jsonl") if x["type"] != "draw_answer"]
rechain(cut, "cut.jsonl")
r = run("journal", "audit", "cut.jsonl", "--ui-lang", "en")
check(r.returncode != 0 and "has no draw_answer record" in r.stdout,
      "a current journal without its draw answers is accused", r)

# An older journal: the same game without the draw_answer records replays and audits as before. Such a
# console's header named neither its program nor its rules.
old = [x for x in records("draws.jsonl") if x["type"] != "draw_answer"]
for key in ("program", "rules"):
    old[0]["payload"].pop(key, None)
rechain(journal_lines.unsigned(old), "old.jsonl")
r = run("journal", "verify", "old.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "intact" in r.stdout, "the rechained older journal verifies", r)
r = run("journal", "replay", "old.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "1/2-1/2" in r.stdout and "indication ACCEPT" not in r.stdout,
      "an older journal without draw answers replays", r)
r = run("journal", "audit", "old.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "draw-resign ok" in r.stdout, "an older journal without draw answers audits", r)

# --- 4. The locked setup rules every tool ------------------------------------------------------------------
r = play("locked_setup_polish.txt", "locked.jsonl", "--ui-lang", "en")
check(r.returncode == 0, "the game with a setup changed before the first move is played", r)
setups = [x["payload"]["setup"] for x in records("locked.jsonl") if x["type"] == "setup"]
check(len(setups) == 2 and setups[0]["ui_language"] != "pl" and setups[-1]["ui_language"] == "pl",
      f"two setup records, the first not Polish: {[s['ui_language'] for s in setups]}")
r = run("journal", "verify", "locked.jsonl")
check(r.returncode == 0 and "nienaruszony" in r.stdout, "verify follows the locked (Polish) setup", r)
r = run("journal", "replay", "locked.jsonl", "--scoresheet-pdf", "locked.pdf")
check(r.returncode == 0 and "posunięcie człowieka e4" in r.stdout, "replay follows the locked (Polish) setup", r)
sheet = pdf_text("locked.pdf")
check("Sf3" in sheet and "Turniej" in sheet and "Białe" in sheet and "White" not in sheet,
      f"the scoresheet PDF is Polish with the Polish moves:\n{sheet[:800]}")
r = run("journal", "audit", "locked.jsonl")
check(r.returncode == 0 and "posunięcia człowieka odczytane" in r.stdout, "audit follows the locked (Polish) setup", r)

# --- 5. Every envelope of the game, with its typed field (g) -------------------------------------------------
r = play("two_adjournments.txt", "adj.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "resignation" in r.stdout, "the game with two adjournments is played", r)
texts = [x["payload"]["text"] for x in records("adj.jsonl") if x["type"] == "resumption_text"]
check(texts == ["2 Dec 2026, 10:00, Hall B", "3 Dec 2026, 16:00, Hall C"], f"(g) journalled: {texts}")
r = run("journal", "replay", "adj.jsonl", "--envelope-pdf", "all.pdf", "--ui-lang", "en")
check(r.returncode == 0, "after the game the envelopes are reprinted (not refused as 'not adjourned')", r)
env = pdf_text("all.pdf")
pages = env.split("\f")
check(len([p for p in pages if p.strip()]) == 2, f"two envelope pages: {len(pages)}")
check("Adjournment 1 of 2" in pages[0] and "Hall B" in pages[0] and "sealed electronically" in pages[0],
      f"page 1 is the computer's envelope with its (g):\n{pages[0][:1500]}")
if len(pages) > 1:
    check("Adjournment 2 of 2" in pages[1] and "Hall C" in pages[1] and "Hall B" not in pages[1],
          f"page 2 is the human's envelope with its (g):\n{pages[1][:1500]}")
check("e7-e5" not in env and "e7e5" not in env, "no sealed move printed")
r = run("journal", "replay", "adj.jsonl", "--envelope-pdf", "last.pdf", "--resumption", "4 Dec, Hall D",
        "--ui-lang", "en")
last = pdf_text("last.pdf").split("\f")
check(r.returncode == 0 and "Hall B" in last[0] and len(last) > 1 and "Hall D" in last[1],
      "--resumption fills (g) of the last adjournment", r)
r = play("draw_answers.txt", "never.jsonl")
r = run("journal", "replay", "never.jsonl", "--envelope-pdf", "none.pdf", "--ui-lang", "en")
check(r.returncode == 1 and "never adjourned" in r.stderr, "a game never adjourned has no envelope", r)

# --- 6. The audit's count and list -------------------------------------------------------------------------
r = play("corrected_entry.txt", "corr.jsonl", "--ui-lang", "en")
check(r.returncode == 0, "the game with a corrected entry is played", r)
r = run("journal", "audit", "corr.jsonl", "--ui-lang", "en")
check(r.returncode == 0 and "moves-recorded ok 2 human moves read back" in r.stdout,
      "the corrected entry is not counted as a move", r)
lines = r.stdout.splitlines()
at = next((i for i, l in enumerate(lines) if l.startswith("irregularities ")), None)
check(at is not None and "1 irregularity or ruling recorded, listed below" in lines[at]
      and at + 1 < len(lines) and lines[at + 1].startswith("  #") and "mis-entry corrected" in lines[at + 1],
      "the irregularity is listed under its line", r)
# Issue 22 item 10: both moves in the event's notation, as on the scoresheet (was "b1c3 -> g1f3").
check(at is not None and "mis-entry corrected with the arbiter: Nc3 -> Nf3" in lines[at + 1],
      "the correction names both moves in the event's notation", r)

# --- 12. play --setup keeps the setup's papers; --engine stands for engine.command --------------------------
setup = {"event": "Open", "white": "Kowalski, Jan", "black": "Stockfish", "white_fide_id": "1503014",
         "computer_side": "black", "time_control": "15m+10s"}
with open(os.path.join(work, "setup.json"), "w") as f:
    json.dump(setup, f)
r = run("play", "--setup", "setup.json", "--engine", stockfish, "--engine-side", "black", "--tc", "15m+10s",
        "--human", "random", "--seed", "3", "--max-plies", "6", "--engine-nodes", "5000", "--journal",
        "sf.jsonl", "--scoresheet-pdf", "sf.pdf", "--pgn", "sf.pgn", "--ui-lang", "en")
if check(r.returncode == 0, "--engine makes the setup's engine.command optional (real Stockfish)", r):
    sheet = pdf_text("sf.pdf")
    check("Kowalski, Jan" in sheet and "Stockfish" in sheet and "Human" not in sheet and "Computer" not in sheet,
          f"the setup's names on the scoresheet:\n{sheet[:800]}")
    check("?" not in sheet, f"no question marks on the paper (unknown date and site are blank):\n{sheet[:800]}")
    pgn = open(os.path.join(work, "sf.pgn")).read()
    check('[Date "????.??.??"]' in pgn and '[Site "?"]' in pgn and '[White "Kowalski, Jan"]' in pgn,
          f"the PGN keeps its own unknown marks and the names:\n{pgn[:400]}")
r = run("play", "--engine", "fake", "--engine-side", "black", "--tc", "15m", "--human", "random",
        "--max-plies", "2", "--journal", "plain.jsonl", "--scoresheet-pdf", "plain.pdf", "--ui-lang", "en")
check(r.returncode == 0 and "Human" in pdf_text("plain.pdf") and "?" not in pdf_text("plain.pdf"),
      "without --setup the sides are named by role and nothing is '?'", r)

if failures:
    print("FAIL:\n" + "\n".join(failures))
    sys.exit(1)
shutil.rmtree(work)
print("PASS: draw answers, locked setup, envelopes, audit count and list, play --setup papers")
