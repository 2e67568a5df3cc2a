#!/usr/bin/env python3
"""The per-client send limit of /events (issue 25 item 6), on a real server process on loopback: a client
that opens the stream and never reads is dropped once the updates it has not taken pass the limit
(256 KiB), while a client that reads gets every update. Four boards grow record by record; their players'
names are long so that each update is several kilobytes.
Usage: slow_client_test.py OPERATOR_CLI DATA_DIR"""
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from sse_client import next_board_event

CLI, DATA = sys.argv[1], sys.argv[2]
LIMIT = 256 * 1024
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def long_named_journal():
    """finished.journal with 3,000-character names, every hash recomputed (a version 1 journal)."""
    lines, prev = [], "0" * 64
    for raw in open(os.path.join(DATA, "finished.journal"), "rb").read().split(b"\n")[:-1]:
        rec = json.loads(raw)
        rec.pop("hash")
        if rec["type"] == "setup":
            rec["payload"]["setup"]["white"] = "W" * 3000
            rec["payload"]["setup"]["black"] = "B" * 3000
        rec["prev"] = prev
        canon = json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        prev = hashlib.blake2b(canon.encode(), digest_size=32).hexdigest()
        lines.append(('{"hash":"%s",' % prev + canon[1:] + "\n").encode())
    return lines


def open_stream(port, rcvbuf=None):
    s = socket.socket()
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(("127.0.0.1", port))
    s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    return s


def reader(sock, seen):
    buf = [b""]
    sock.settimeout(60)
    try:
        while True:
            board = next_board_event(sock, buf, 60)
            if board is None:
                return
            seen[board["slot"]] = board["journal_seq"]
            seen["events"] = seen.get("events", 0) + 1
    except (OSError, TimeoutError):
        return


def main():
    tmp = tempfile.mkdtemp(prefix="oc-slow-client-")
    files = [os.path.join(tmp, f"board{i}.journal") for i in range(1, 5)]
    p = subprocess.Popen([CLI, "broadcast", "serve", "--listen", "127.0.0.1:0"] +
                         [a for f in files for a in ("--journal", f)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(p.stdout.readline().strip().rsplit(":", 1)[1])
        stalled = open_stream(port, rcvbuf=4096)  # opens the stream, then never reads
        live = open_stream(port)
        seen = {}
        t = threading.Thread(target=reader, args=(live, seen), daemon=True)
        t.start()
        lines = long_named_journal()
        published = 0
        for line in lines:
            for f in files:
                with open(f, "ab") as out:
                    out.write(line)
            time.sleep(0.05)  # one update per board and record
        time.sleep(2)
        for _ in range(100):
            if all(seen.get(i) == len(lines) - 1 for i in range(1, 5)):
                break
            time.sleep(0.1)
        published = seen.get("events", 0)
        check(all(seen.get(i) == len(lines) - 1 for i in range(1, 5)),
              f"the reading client got every board to its last record ({published} updates)")
        # The stalled client now reads what reached it: then the stream ends, the server dropped it.
        stalled.settimeout(20)
        got, ended = 0, False
        try:
            while True:
                chunk = stalled.recv(65536)
                if not chunk:
                    ended = True
                    break
                got += len(chunk)
        except ConnectionResetError:
            ended = True
        except socket.timeout:
            pass
        per_update = len(json.dumps({"white": "W" * 3000, "black": "B" * 3000}))
        check(published * per_update > 3 * LIMIT, f"the updates ({published} x ~{per_update} bytes) pass the limit")
        check(ended, f"the client that never read was dropped (it had received {got} bytes)")
        check(got <= LIMIT, f"it was dropped before it had the limit ({LIMIT} bytes) of updates")
        # The reading client is still connected: a heartbeat or update would come; check it is open.
        live.setblocking(False)
        try:
            still = live.recv(1) != b""
        except BlockingIOError:
            still = True
        except OSError:
            still = False
        check(still, "the reading client is still connected")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/games.json", timeout=20) as r:
            check(r.status == 200 and len(json.load(r)) == 4, "the server still serves")
    finally:
        p.terminate()
        p.wait(timeout=20)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


main()
