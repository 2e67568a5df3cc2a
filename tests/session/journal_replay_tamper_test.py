#!/usr/bin/env python3
"""`operator-cli journal replay` refuses a tampered journal (edited, deleted, reordered records) with the
index of the first bad record, and drops a torn last record with a warning.

Usage: journal_replay_tamper_test.py OPERATOR_CLI
"""
import json, os, subprocess, sys, tempfile

cli = sys.argv[1]
work = tempfile.mkdtemp(prefix="oc_tamper_")
j = os.path.join(work, "game.jsonl")
r = subprocess.run([cli, "play", "--engine", "fake", "--engine-side", "white", "--tc", "15m+10s", "--human",
                    "random", "--seed", "3", "--max-plies", "30", "--journal", j], capture_output=True, text=True)
assert r.returncode == 0, r.stderr
lines = open(j).read().splitlines(keepends=True)

def replay(content):
    path = os.path.join(work, "t.jsonl")
    open(path, "w").write("".join(content))
    return subprocess.run([cli, "journal", "replay", path], capture_output=True, text=True)

ok = replay(lines)
assert ok.returncode == 0 and "human move" in ok.stdout and ok.stdout.splitlines()[-1].startswith("result "), ok.stderr

edited = list(lines)
rec = json.loads(edited[10])
rec["payload"]["t"] = rec["payload"].get("t", 0) + 1000
edited[10] = json.dumps(rec) + "\n"
e = replay(edited)
assert e.returncode == 1 and "record 10 " in e.stderr, f"edited: {e.returncode} {e.stderr}"

d = replay(lines[:7] + lines[8:])
assert d.returncode == 1 and "record 7 " in d.stderr, f"deleted: {d.returncode} {d.stderr}"

s = replay(lines[:12] + [lines[13], lines[12]] + lines[14:])
assert s.returncode == 1 and "record 12 " in s.stderr, f"reordered: {s.returncode} {s.stderr}"

t = replay(lines[:-1] + [lines[-1][: len(lines[-1]) // 2]])
assert t.returncode == 0 and "warning" in t.stderr, f"torn tail: {t.returncode} {t.stderr}"
print("ok: edited, deleted and reordered records refused with their index; torn tail dropped with a warning")
