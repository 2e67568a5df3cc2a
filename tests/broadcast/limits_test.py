#!/usr/bin/env python3
"""broadcast serve's limits (issue 35 item 11): one address cannot lock the hall out, and --delay is
at most a day. 200 event streams that never read, all from 127.0.0.1, against --max-clients 150: the
address gets its --max-per-address (16 by default) and 429 past it, while another address (127.0.0.2,
also this computer) is still served; the address is served again once its streams close. --delay over
24h and --max-per-address 0 are refused with exit 2 and a message saying what would be right.
Usage: limits_test.py OPERATOR_CLI DATA_DIR"""
import os
import socket
import subprocess
import sys
import time

CLI, DATA = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def start(args):
    p = subprocess.Popen([CLI, "broadcast", "serve", "--listen", "127.0.0.1:0"] + args,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline().strip()
    check(line.startswith("listening 127.0.0.1:"), f"first line: {line!r}")
    if not line.startswith("listening"):
        p.kill()
        sys.exit(1)
    return p, int(line.rsplit(":", 1)[1])


def connect(port, source):
    return socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0))


def status_of(port, source, path="/games.json"):
    """The status of a GET from `source`; 0 when the server closed before answering."""
    s = connect(port, source)
    out = b""
    try:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        while chunk := s.recv(65536):
            out += chunk
    except OSError:
        pass  # a refused connection may be reset after its answer
    s.close()
    head = out.split(b"\r\n", 1)[0].split(b" ")
    return int(head[1]) if len(head) > 1 else 0


def never_reading_streams(port, source, n):
    """n /events requests from `source` whose answers are never read; returns the sockets and how many
    were answered 200 (the first bytes of a refusal or of the stream are peeked, nothing more is read)."""
    held, opened = [], 0
    for _ in range(n):
        s = connect(port, source)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        try:
            s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            opened += s.recv(12, socket.MSG_PEEK).startswith(b"HTTP/1.1 200")
        except OSError:
            pass
        held.append(s)
    return held, opened


def one_address_cannot_lock_out():
    p, port = start(["--journal", os.path.join(DATA, "finished.journal"), "--max-clients", "150"])
    held, opened = never_reading_streams(port, "127.0.0.1", 200)
    print(f"     200 never-reading streams from 127.0.0.1: {opened} opened")
    check(opened == 16, f"one address gets --max-per-address (16 by default) streams ({opened})")
    check(status_of(port, "127.0.0.1") in (429, 0), "the same address is refused past its share (429)")
    started = time.monotonic()
    statuses = [status_of(port, "127.0.0.2") for _ in range(20)]
    check(statuses == [200] * 20, f"another address is served at once: {sorted(set(statuses))} "
                                  f"in {time.monotonic() - started:.2f} s")
    for s in held:
        s.close()
    time.sleep(0.5)
    check(status_of(port, "127.0.0.1") == 200, "the address is served again once its streams closed")
    p.terminate()
    check(p.wait(timeout=20) == 0, "SIGTERM: exit 0")


def the_cap_is_an_option():
    p, port = start(["--journal", os.path.join(DATA, "finished.journal"), "--max-per-address", "3"])
    held, opened = never_reading_streams(port, "127.0.0.1", 5)
    check(opened == 3, f"--max-per-address 3: three streams from one address ({opened})")
    for s in held:
        s.close()
    p.terminate()
    p.wait(timeout=20)


def bad_arguments():
    for args, words in [(["--delay", "999999999h"], ["999999999h", "longer than a day", "at most 24h"]),
                        (["--delay", "24h1s"], ["longer than a day"]),
                        (["--max-per-address", "0"], ["--max-per-address", "at least 1"])]:
        p = subprocess.Popen([CLI, "broadcast", "serve", "--journal", "x", "--listen", "127.0.0.1:0"] + args,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            _, err = p.communicate(timeout=20)
        except subprocess.TimeoutExpired:  # accepted: it serves until stopped
            p.kill()
            _, err = p.communicate()
        check(p.returncode == 2 and all(w in err for w in words),
              f"refused: {' '.join(args)} (exit {p.returncode}: {err.strip()})")


def main():
    bad_arguments()
    one_address_cannot_lock_out()
    the_cap_is_an_option()
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


main()
