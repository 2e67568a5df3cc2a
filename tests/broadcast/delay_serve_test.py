#!/usr/bin/env python3
"""Issue 35 items 3 and 4 through the real server: a console whose clock is 20 s behind the hub's writes
its journal record by record under `broadcast serve --delay 3s --dir D`, while /events, /games.json,
/games.pgn and D/games.json are followed every 100 ms. Nothing may show a record the hub has not held
for 3 s (measured from when this test wrote it: the hub reads it no sooner), the journal then loses
records and the notice must come 3 s later without counts, and the hub must say the console's clock
once on standard error.
Usage: delay_serve_test.py OPERATOR_CLI DATA_DIR"""
import datetime
import hashlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from sse_client import next_board_event

CLI, DATA = sys.argv[1], sys.argv[2]
DELAY_S, SKEW_S, GAP_S = 3.0, -20.0, 0.15
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def wall(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def line_of(rec, prev, at):
    """The record re-timed to `at` on the console's clock, every hash recomputed."""
    rec = {k: v for k, v in rec.items() if k != "hash"}
    rec["prev"], rec["wall"] = prev, wall(at)
    canon = json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.blake2b(canon.encode(), digest_size=32).hexdigest()
    return digest, ('{"hash":"%s",' % digest + canon[1:] + "\n").encode()


def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        return r.read().decode()


class Watch:
    """Everything seen, each with the moment it was seen."""

    def __init__(self):
        self.seen = []  # (time, where, journal_head or "", notice or "")
        self.lock = threading.Lock()

    def add(self, where, head, notice=""):
        with self.lock:
            self.seen.append((time.time(), where, head, notice))


def follow_events(port, watch, stop):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    s.settimeout(1)
    buf = [b""]
    while not stop.is_set():
        try:
            board = next_board_event(s, buf, 30)
        except (socket.timeout, TimeoutError):
            continue
        if board is None:
            return
        watch.add("/events", board.get("journal_head", ""), board.get("notice", ""))


def poll(port, out_dir, watch, stop):
    while not stop.is_set():
        board = json.loads(get(port, "/games.json"))[0]
        watch.add("/games.json", board["journal_head"], board.get("notice", ""))
        m = re.search(r'\[JournalHead "([0-9a-f]*)"\]', get(port, "/games.pgn"))
        if m:
            watch.add("/games.pgn", m.group(1))
        try:
            with open(os.path.join(out_dir, "games.json")) as f:
                d = json.load(f)[0]
            watch.add("--dir games.json", d["journal_head"], d.get("notice", ""))
        except (OSError, ValueError):
            pass
        time.sleep(0.1)


def main():
    tmp = tempfile.mkdtemp(prefix="oc-delay-serve-")
    journal, out_dir = os.path.join(tmp, "board1.journal"), os.path.join(tmp, "www")
    records = [json.loads(l) for l in open(os.path.join(DATA, "finished.journal"), "rb")]
    p = subprocess.Popen([CLI, "broadcast", "serve", "--listen", "127.0.0.1:0", "--delay", "3s", "--dir", out_dir,
                          "--state", os.path.join(tmp, "state"), "--journal", journal],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watch, stop, written, lines = Watch(), threading.Event(), {}, []
    try:
        port = int(p.stdout.readline().strip().rsplit(":", 1)[1])
        threads = [threading.Thread(target=follow_events, args=(port, watch, stop), daemon=True),
                   threading.Thread(target=poll, args=(port, out_dir, watch, stop), daemon=True)]
        for t in threads:
            t.start()
        prev = "0" * 64
        for rec in records:
            now = time.time()
            prev, line = line_of(rec, prev, now + SKEW_S)
            lines.append(line)
            with open(journal, "ab") as f:
                f.write(line)
            written[prev] = now
            time.sleep(GAP_S)
        time.sleep(DELAY_S + 1)
        final = json.loads(get(port, "/games.json"))[0]
        cut_at = time.time()
        with open(journal, "wb") as f:  # the file loses records: "waiting for the journal"
            f.writelines(lines[:10])
        time.sleep(DELAY_S + 1.5)
        stop.set()
        last = json.loads(get(port, "/games.json"))[0]
    finally:
        stop.set()
        p.terminate()
        _, err = p.communicate(timeout=20)
    early = [(where, round(t - written[h], 2)) for t, where, h, _ in watch.seen if h and t < written[h] + DELAY_S]
    check(not early, f"nothing published before the hub held it {DELAY_S} s ({len(watch.seen)} observations; "
                     f"early: {early[:5]})")
    late = [t - written[h] for t, where, h, _ in watch.seen if where == "/events" and h and h == final["journal_head"]]
    check(final["journal_seq"] == len(records) - 1 and late and min(late) < DELAY_S + 1,
          f"the last record was published {DELAY_S} s after it was written, not 20 s later ({late[:1]})")
    offset = final.get("clock_offset_ms")
    check(isinstance(offset, int) and 19_500 <= offset <= 20_500, f"clock_offset_ms is the console's 20 s ({offset})")
    check("20 s behind the hub's" in final.get("clock_notice", ""), f"clock_notice: {final.get('clock_notice')}")
    said = [l for l in err.splitlines() if "this console's clock is" in l]
    check(len(said) == 1 and said[0].startswith("board 1: this console's clock is 20 s behind the hub's"),
          f"said once on standard error: {said}")
    noticed = [(round(t - cut_at, 2), where) for t, where, _, n in watch.seen if n and t < cut_at + DELAY_S]
    check(not noticed, f"the notice comes {DELAY_S} s after the file lost records, like the records ({noticed[:3]})")
    check(last.get("notice") == "waiting for the journal: the file holds fewer records than were read",
          f"then it says so without counts: {last.get('notice')!r}")
    counts = [n for _, _, _, n in watch.seen if re.search(r"\d", n)]
    check(not counts, f"no notice tells how many records were read ({counts[:1]})")
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


main()
