#!/usr/bin/env python3
"""Issue 10 item 3 on a real full filesystem: operator-cli plays a game whose journal lies on a small
tmpfs (mounted here, so the test needs root; otherwise it is skipped with a message). When the disk is
full the game stops: exit code 4 and the reason on stderr; the journal still verifies, and its replay
gives exactly the PGN the stopped game wrote (nothing was shown that is not on disk).
usage: journal_full_disk_test.py OPERATOR_CLI"""
import os, subprocess, sys, tempfile

SKIP = 77

def run(*args):
    return subprocess.run(args, capture_output=True, text=True, timeout=300)

def main():
    cli = sys.argv[1]
    if os.geteuid() != 0:
        print("SKIPPED: mounting a tmpfs needs root; run as root (CI does) to test a real full disk")
        return SKIP
    with tempfile.TemporaryDirectory() as work:
        mnt = os.path.join(work, "small")
        os.mkdir(mnt)
        m = run("mount", "-t", "tmpfs", "-o", "size=48k", "tmpfs", mnt)
        if m.returncode != 0:
            print(f"SKIPPED: cannot mount a tmpfs here: {m.stderr.strip()}")
            return SKIP
        try:
            return check(cli, work, mnt)
        finally:
            run("umount", mnt)

def check(cli, work, mnt):
    journal, pgn, replayed = os.path.join(mnt, "g.jsonl"), os.path.join(work, "g.pgn"), os.path.join(work, "r.pgn")
    p = run(cli, "play", "--engine", "fake", "--engine-side", "black", "--tc", "90m+30s", "--human", "random",
            "--seed", "3", "--journal", journal, "--pgn", pgn)
    failures = []
    if p.returncode != 4:
        failures.append(f"play exit code {p.returncode}, expected 4; stderr: {p.stderr}")
    for words in ("the journal could not be written", "No space left on device", "call the arbiter"):
        if words not in p.stderr:
            failures.append(f"stderr lacks {words!r}: {p.stderr}")
    v = run(cli, "journal", "verify", journal)
    if v.returncode != 0:
        failures.append(f"journal verify exit {v.returncode}: {v.stdout}{v.stderr}")
    r = run(cli, "journal", "replay", journal, "--pgn", replayed)
    if r.returncode != 0 or open(pgn).read() != open(replayed).read():
        failures.append(f"the replayed PGN differs from the stopped game's (replay exit {r.returncode})")
    plies = open(pgn).read().count(".")
    print(f"stopped after {os.path.getsize(journal)} journal bytes, PGN {plies} dots; stderr: {p.stderr.strip()}")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
