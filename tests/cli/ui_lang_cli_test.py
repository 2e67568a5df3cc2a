#!/usr/bin/env python3
"""operator-cli speaks Polish when asked (issue 12), and what programs read stays byte for byte English.

Real processes, real files: plays a scripted game with the built-in engine in English and in Polish and
compares the machine outputs (PGN, results JSON, the final key/value line, `pgn status` JSON, `move
--batch`, simulate's last line); checks that Polish words appear in the messages for people (help,
errors, play --verbose, journal replay and verify); that the event setup's ui_language and the notation
language choose the language when no --ui-lang is given, and --ui-lang en overrides them; and that an
unknown code is refused with exit 2 and nothing done.
Usage: ui_lang_cli_test.py OPERATOR_CLI SCRIPTS_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

cli, scripts = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="ui-lang-cli-")
failures = []


def run(*args, stdin=None):
    return subprocess.run([cli, *args], capture_output=True, text=True, cwd=work, input=stdin)


def check(ok, what, r=None):
    if not ok:
        failures.append(what + (f"\n  exit {r.returncode}\n  stdout: {r.stdout[-1500:]}\n  stderr: {r.stderr[-1500:]}"
                                if r is not None else ""))


def read(name):
    with open(os.path.join(work, name), "rb") as f:
        return f.read()


def play(name, *extra):
    script = os.path.join(scripts, "cmp_3_1_resign.txt")
    return run("play", "--engine", "fake", "--engine-side", "black", "--tc", "90m+30s", "--human",
               f"script:{script}", "--journal", f"{name}.jsonl", "--pgn", f"{name}.pgn", "--verbose", *extra)


# 1. An unknown language: exit 2, the message names the languages there are, nothing is written.
r = run("--ui-lang", "xx", "play", "--engine", "fake", "--engine-side", "black", "--tc", "15m", "--human",
        "random", "--journal", "xx.jsonl")
check(r.returncode == 2 and "'xx'" in r.stderr and "en, pl" in r.stderr, "--ui-lang xx: exit 2 naming en, pl", r)
check(not os.path.exists(os.path.join(work, "xx.jsonl")), "--ui-lang xx wrote a journal")
r = run("tc", "describe", "15m", "--ui-lang")
check(r.returncode == 2 and "--ui-lang" in r.stderr and r.stdout == "", "--ui-lang without a value: exit 2", r)

# 2. A bad time control: the same exit code, the message in Polish; the pointer at the bad character stays.
en, pl = run("tc", "describe", "40/5400+x:1800"), run("--ui-lang", "pl", "tc", "describe", "40/5400+x:1800")
check(en.returncode == 2 and "bad time control" in en.stderr, "English bad time control", en)
check(pl.returncode == 2 and "błędne tempo gry" in pl.stderr and "przykłady" in pl.stderr
      and "        ^" in pl.stderr, "Polish bad time control (flag before the subcommand)", pl)
pl_after = run("tc", "describe", "40/5400+x:1800", "--ui-lang=pl")
check(pl_after.stderr == pl.stderr, "--ui-lang=pl after the subcommand gives the same message", pl_after)

# 3. Help in Polish: CLI11's labels and our descriptions.
r = run("--ui-lang", "pl", "play", "--help")
check(r.returncode == 0 and "Użycie" in r.stdout and "Rozegraj całą partię" in r.stdout and "Opcje" in r.stdout
      and "Options" not in r.stdout, "Polish help of play", r)

# Issue 36 item 12: every description starts in one column, counted as a terminal counts (a Persian
# placeholder is two bytes a letter; ZWNJ and the isolates take no column).
def columns(text):
    return sum(1 for c in text if not (0x200B <= ord(c) <= 0x200F or 0x2066 <= ord(c) <= 0x2069
                                       or 0x064B <= ord(c) <= 0x065F))


def description_columns(help_text):
    starts = set()
    for line in help_text.splitlines():
        # "  NAME[ PLACEHOLDER ...]" then a run of padding, then the description; a name too wide for the
        # column stands alone, its description on an indented line (not counted).
        m = re.match(r"^(  \S.*?)( {2,})(\S.*)$", line)
        if m:
            starts.add(columns(m.group(1) + m.group(2)))
    return starts


for lang in ("en", "pl", "fa"):
    for cmd in (("play",), ("journal", "verify"), ("broadcast", "serve"), ()):
        r = run("--ui-lang", lang, *cmd, "--help")
        got = description_columns(r.stdout)
        check(r.returncode == 0 and len(got) == 1, f"{lang} help of {cmd}: descriptions start at columns {got}", r)

r = run("--ui-lang", "pl", "play", "--engine", "fake")
check(r.returncode == 2 and "brak wymaganego argumentu: --human" in r.stderr and "uruchom z --help" in r.stderr,
      "CLI11's missing-option message in Polish", r)
r = run("play", "--engine", "fake")
check(r.returncode == 2 and r.stderr.startswith("--human is required\nRun with --help"), "CLI11's own English", r)

# 4. A scripted game in both languages: the machine outputs are identical, the move lines are Polish.
en, pl = play("en"), play("pl", "--ui-lang", "pl")
check(en.returncode == 0 and pl.returncode == 0, "scripted game played in both languages", pl)
check(read("en.pgn") == read("pl.pgn"), "PGN differs between en and pl")
check(en.stdout.splitlines()[-1] == pl.stdout.splitlines()[-1] and pl.stdout.splitlines()[-1].startswith("result "),
      "the final key/value line differs", pl)
check("zegar" in pl.stdout and "(komputer)" in pl.stdout and "(człowiek)" in pl.stdout, "Polish move lines", pl)
check("clock" in en.stdout and "(computer)" in en.stdout, "English move lines", en)

# 5. The replay: Polish lines, the same PGN, results JSON and last line; the journal's setup (English)
# leaves an unflagged replay in English.
en = run("journal", "replay", "pl.jsonl", "--pgn", "replay-en.pgn", "--results-json", "results-en.json")
pl = run("journal", "replay", "pl.jsonl", "--ui-lang", "pl", "--pgn", "replay-pl.pgn", "--results-json",
         "results-pl.json")
check(en.returncode == 0 and "human move" in en.stdout, "English replay", en)
check(pl.returncode == 0 and "posunięcie człowieka" in pl.stdout and "posunięcie silnika" in pl.stdout
      and "czas obsługi" in pl.stdout, "Polish replay", pl)
check(read("replay-en.pgn") == read("replay-pl.pgn") == read("pl.pgn"), "replayed PGN differs")
check(read("results-en.json") == read("results-pl.json"), "results JSON differs")
check(en.stdout.splitlines()[-1] == pl.stdout.splitlines()[-1], "replay's final line differs", pl)
r = run("journal", "verify", "pl.jsonl", "--ui-lang", "pl")
check(r.returncode == 0 and "nienaruszony" in r.stdout and " zapis" in r.stdout, "Polish journal verify", r)
r = run("--ui-lang", "pl", "journal", "verify", "missing.jsonl")
check(r.returncode == 2 and "nie można odczytać" in r.stderr, "Polish unreadable journal, exit 2", r)

# 6. Machine output of other commands is identical under --ui-lang pl.
pgn_en, pgn_pl = run("pgn", "status", "pl.pgn"), run("--ui-lang", "pl", "pgn", "status", "pl.pgn")
check(pgn_en.returncode == 0 and pgn_en.stdout == pgn_pl.stdout and pgn_en.stdout.startswith("{"),
      "pgn status JSON differs", pgn_pl)
batch = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tpl\tSf3\nbad line\nx\tpl\te4\n"
b_en, b_pl = run("move", "--batch", "-", stdin=batch), run("--ui-lang", "pl", "move", "--batch", "-", stdin=batch)
check(b_en.stdout == b_pl.stdout and b_en.stdout.startswith("g1f3 Nf3\nerror "), "move --batch differs", b_pl)
sim = ["tc", "simulate", "--tc", "3m+2s", "--games", "20", "--delay-median", "1.5", "--delay-p99", "5"]
s_en, s_pl = run(*sim), run("--ui-lang", "pl", *sim)
check(s_en.stdout.splitlines()[-1] == s_pl.stdout.splitlines()[-1] and "naiwny interfejs" in s_pl.stdout,
      "simulate's last line differs or its summary is not Polish", s_pl)

# 7. The event setup chooses: ui_language "pl", else its notation language pl; --ui-lang en overrides.
engine = '"engine": {"command": "fake"}'
for name, setup in (("ui", '{"ui_language": "pl", %s}' % engine), ("notation", '{"language": "pl", %s}' % engine)):
    with open(os.path.join(work, f"{name}.json"), "w") as f:
        f.write(setup)
    base = ["play", "--setup", f"{name}.json", "--engine", "fake", "--engine-side", "black", "--tc", "15m+10s",
            "--human", "random", "--max-plies", "4", "--verbose"]
    pl = run(*base, "--journal", f"{name}.jsonl")
    check(pl.returncode == 0 and "(komputer)" in pl.stdout, f"setup {setup}: Polish without --ui-lang", pl)
    en = run(*base, "--journal", f"{name}-en.jsonl", "--ui-lang", "en")
    check(en.returncode == 0 and "(computer)" in en.stdout, f"setup {setup}: --ui-lang en overrides it", en)
    r = run("journal", "replay", f"{name}.jsonl")
    check(r.returncode == 0 and "posunięcie silnika" in r.stdout, f"setup {setup}: the replay follows the journal", r)
    r = run(*base, "--journal", f"{name}.jsonl")
    check(r.returncode == 2 and "już istnieje" in r.stderr, f"setup {setup}: Polish refusal of an existing journal", r)
with open(os.path.join(work, "bad.json"), "w") as f:
    f.write('{"ui_language": "xx", %s}' % engine)
r = run("play", "--setup", "bad.json", "--engine", "fake", "--engine-side", "black", "--tc", "15m", "--human",
        "random", "--journal", "bad.jsonl")
check(r.returncode == 2 and "ui_language" in r.stderr and not os.path.exists(os.path.join(work, "bad.jsonl")),
      "a setup with ui_language xx is refused", r)

if failures:
    print(f"FAIL (files kept in {work})\n" + "\n".join(failures))
    sys.exit(1)
shutil.rmtree(work)
print("PASS")
