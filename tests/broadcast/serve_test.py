#!/usr/bin/env python3
"""operator-cli broadcast serve as a real process on loopback: the first line, the fixed routes and the
security rules (405, 400, 414, 404, header limits), HEAD, --dir, live push of a growing journal, a
journal emptied, cut and edited after publication,
the connection cap, 10,000 malformed requests, and exit 0 on SIGTERM.
Usage: serve_test.py OPERATOR_CLI DATA_DIR"""
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from sse_client import next_board_event, read_event

CLI, DATA = sys.argv[1], sys.argv[2]
FIVE = ["finished", "sealed_on_board", "sealed_envelope", "paused", "broken"]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


SERVERS = []


def start(args):
    p = subprocess.Popen([CLI, "broadcast", "serve", "--listen", "127.0.0.1:0"] + args,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    SERVERS.append(p)
    line = p.stdout.readline().strip()
    check(line.startswith("listening 127.0.0.1:") and not line.endswith(":0"), f"first line: {line!r}")
    return p, int(line.rsplit(":", 1)[1])


def raw(port, data, read=True):
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    out = b""
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # refused over the cap: the server may have closed already
    try:
        while read:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except ConnectionResetError:
        pass  # a server closing a refused connection may reset it
    s.close()
    return out


def get(port, path, method="GET"):
    resp = raw(port, f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    head, _, body = resp.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1]) if head else 0
    headers = {k.strip().lower(): v.strip() for k, _, v in
               (h.decode().partition(":") for h in head.split(b"\r\n")[1:])}
    return status, headers, body


def routes_and_security(port):
    status, headers, body = get(port, "/games.pgn")
    golden = open(os.path.join(DATA, "golden_games.pgn"), "rb").read()
    check(status == 200 and body == golden, "GET /games.pgn is the golden PGN")
    status, headers, body = get(port, "/games.json")
    boards = json.loads(body)
    check(status == 200 and [b["status"] for b in boards] ==
          ["finished", "adjourned", "adjourned", "paused", "journal-broken"], "GET /games.json statuses")
    check(boards[4]["journal_broken_at"] == 38, "broken board names its bad record")
    status, headers, body = get(port, "/games.pgn", "HEAD")
    check(status == 200 and body == b"" and headers.get("content-length") == str(len(golden)), "HEAD")
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "BREW"]:
        check(get(port, "/games.pgn", method)[0] == 405, f"{method} is 405")
    for path in ["/../etc/passwd", "/%2e%2e/etc/passwd", "/board%2f1", "/a/..", "//etc/passwd", "/x\\y",
                 "/vendor/../app.js"]:
        check(get(port, path)[0] == 400, f"{path} is 400")
    check(get(port, "/" + "a" * 300)[0] == 414, "overlong path is 414")
    for path in ["/etc/passwd", "/index.html", "/board/0", "/board/01", "/board/12345", "/node_modules/x.js",
                 "/games.pgn/", "/web/app.js"]:
        check(get(port, path)[0] == 404, f"{path} is 404")
    # A board not known yet (five boards here): the projector page, which waits for it (issue 35 item 6).
    check(get(port, "/board/6")[2] == get(port, "/")[2], "/board/6 is the page, waiting for board 6")
    big = b"GET /games.pgn HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n"
    check(raw(port, big).startswith(b"HTTP/1.1 400"), "a 9 KB header is 400")
    body_req = b"GET /games.pgn HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
    check(raw(port, body_req).startswith(b"HTTP/1.1 400"), "a request with a body is 400")


def fuzz(port, count):
    rng = random.Random(11)
    seeds = [b"GET / HTTP/1.1\r\n\r\n", b"GET /games.json HTTP/1.1\r\nHost: a\r\n\r\n", b"\x00\xff\r\n\r\n",
             b"GET /%%%% HTTP/9.9\r\n\r\n", b"G\r\n\r\n", b"GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"]
    for i in range(count):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 8)):
            op = rng.randint(0, 2)
            pos = rng.randint(0, len(data))
            if op == 0:
                data[pos:pos] = bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 6)))
            elif op == 1 and len(data) > 2:
                del data[pos:pos + rng.randint(1, 4)]
            else:
                data[pos:pos] = b"\r\n"
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=20)
            s.sendall(bytes(data) + b"\r\n\r\n")
            s.shutdown(socket.SHUT_WR)
            while s.recv(65536):
                pass
            s.close()
        except OSError:
            pass


def rss_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def live_growth(tmp):
    lines = open(os.path.join(DATA, "finished.journal"), "rb").read().split(b"\n")[:-1]
    journal = os.path.join(tmp, "live.journal")
    outdir = os.path.join(tmp, "out", "live")  # does not exist: --dir creates it
    with open(journal, "wb") as f:
        f.write(lines[0] + b"\n")
    p, port = start(["--journal", journal, "--dir", outdir])
    # A client that never reads its stream must slow neither the others nor the game.
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    stalled.connect(("127.0.0.1", port))
    stalled.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    buf = [b""]
    head = read_event(s, buf)
    check(head is not None and b"text/event-stream" in head, "/events is an event stream")
    first = next_board_event(s, buf)
    check(first["status"] == "waiting", "a journal with only its header: waiting")
    heads = []
    for i in range(1, len(lines)):
        with open(journal, "ab") as f:
            f.write(lines[i] + b"\n")
        # After the human's first move, the engine's answer, a press, another press, the mate.
        if i in (7, 13, 19, 36, 50):
            ev = next_board_event(s, buf)
            while ev["journal_seq"] != i:
                ev = next_board_event(s, buf)
            heads.append(ev)
    check(heads[0]["moves"] == [] and heads[0]["status"] == "playing" and heads[0]["clocks"]["running"] == "black",
          "live: 1. e4 is not pushed while the engine thinks (a correction is still possible)")
    check(heads[1]["moves"] == ["e4"], "live: 1. e4 pushed once the engine answered")
    check(heads[-1]["result"] == "1-0" and heads[-1]["status"] == "finished",
          "live: the mate pushed (beside a client that never reads)")
    time.sleep(0.5)
    pgn = open(os.path.join(outdir, "games.pgn"), "rb").read()
    check(pgn == get(port, "/games.pgn")[2], "--dir games.pgn equals /games.pgn")
    check(json.load(open(os.path.join(outdir, "games.json")))[0]["result"] == "1-0", "--dir games.json")
    check(not any(n.endswith(".tmp") for n in os.listdir(outdir)), "--dir leaves no temporary file")
    s.close()
    stalled.close()
    p.send_signal(signal.SIGINT)
    check(p.wait(timeout=20) == 0, "SIGINT: exit 0")


def board_when(port, cond, timeout_s=10.0):
    """The first board of /games.json once `cond` holds for it (or the last one read, after timeout_s)."""
    end = time.monotonic() + timeout_s
    while True:
        board = json.loads(get(port, "/games.json")[2])[0]
        if cond(board) or time.monotonic() > end:
            return board
        time.sleep(0.05)


def rewritten_in_place(tmp):
    """Issue 25 items 1-2 on a real process: a journal emptied and written back, cut, and edited after
    publication. The board waits for the same journal, never withdraws a published move or result, and
    freezes (journal-broken, with the reason) when the journal no longer holds what it published."""
    lines = open(os.path.join(DATA, "finished.journal"), "rb").read().split(b"\n")[:-1]
    journal = os.path.join(tmp, "rewritten.journal")

    def write(records):
        with open(journal, "wb") as f:
            f.write(b"".join(r + b"\n" for r in records))

    write(lines)
    p, port = start(["--journal", journal])
    done = board_when(port, lambda b: b["status"] == "finished")
    pgn = get(port, "/games.pgn")[2]
    check(done["result"] == "1-0", "rewritten: the finished game is published")
    write([])
    b = board_when(port, lambda b: "notice" in b)
    check(b["status"] == "finished" and b["moves"] == done["moves"] and
          b.get("notice", "").startswith("waiting for the journal"), f"emptied: waiting, nothing withdrawn {b}")
    write(lines)
    b = board_when(port, lambda b: "notice" not in b)
    check(b["status"] == "finished" and "notice" not in b, "the same journal back: the board continues")
    write(lines[:-5])
    b = board_when(port, lambda b: "notice" in b)
    check(b["result"] == "1-0" and b["moves"] == done["moves"] and "notice" in b, "cut: waiting, result kept")
    check(get(port, "/games.pgn")[2] == pgn, "cut: the PGN is unchanged")
    edited = list(lines)
    edited[20] = edited[20].replace(b'"', b"'", 1)
    write(edited)
    b = board_when(port, lambda b: b["status"] == "journal-broken")
    check(b["status"] == "journal-broken" and b["result"] == "1-0" and b["moves"] == done["moves"] and
          b.get("journal_broken_at") == 20 and b.get("problem"), f"edited: frozen with its reason {b}")
    frozen = get(port, "/games.pgn")[2]
    check(frozen == pgn, "edited: the PGN keeps its moves and result (it is the published one)")
    p.terminate()
    check(p.wait(timeout=20) == 0, "SIGTERM: exit 0")


def connection_cap(tmp):
    p, port = start(["--journal", os.path.join(DATA, "finished.journal"), "--max-clients", "5"])
    held = []
    for _ in range(5):
        s = socket.create_connection(("127.0.0.1", port), timeout=20)
        s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(100)
        held.append(s)
    # The 6th gets a 503 written at once and is closed (a reset may overtake the 503 when the client's
    # request arrives after the close): never a page.
    check(get(port, "/games.pgn")[0] in (503, 0), "the 6th connection over --max-clients 5 is refused")
    held.pop().close()
    time.sleep(0.3)
    check(get(port, "/games.pgn")[0] == 200, "served again once a client left")
    for s in held:
        s.close()
    p.terminate()
    check(p.wait(timeout=20) == 0, "SIGTERM: exit 0")


def bad_arguments():
    for args, word in [(["--journal", "x", "--listen", "localhost:80"], "numeric address"),
                       (["--journal", "x", "--listen", "127.0.0.1:99999"], "ADDR:PORT"),
                       (["--journal", "x", "--delay", "15"], "expected a duration"),
                       (["--journal", "x", "--dir", "/dev/null/dir"], "cannot create this folder")]:
        r = subprocess.run([CLI, "broadcast", "serve"] + args, capture_output=True, text=True, timeout=20)
        check(r.returncode == 2 and word in r.stderr, f"refused: {' '.join(args)} ({r.stderr.strip()})")


def witness_on_golden():
    """journal verify --against the golden games.json/.pgn: this journal's board matches, the others
    (other journals) are skipped; a version 1 journal whose head is withheld from its sealed record on
    (issue 35 item 12) has no game to check, which is said."""
    golden = [os.path.join(DATA, "golden_games.json"), os.path.join(DATA, "golden_games.pgn")]
    r = subprocess.run([CLI, "journal", "verify", os.path.join(DATA, "paused.journal"), "--against"] + golden,
                       capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and r.stdout.count("1 published game(s) of this journal match it, 2 other") == 2,
          "verify --against the golden files: " + r.stdout.strip().replace("\n", " | "))
    r = subprocess.run([CLI, "journal", "verify", os.path.join(DATA, "sealed_envelope.journal"), "--against",
                        golden[0]], capture_output=True, text=True, timeout=60)
    check(r.returncode == 1 and "no published game of this journal" in r.stdout,
          "the sealed board's head was withheld: nothing to check " + r.stdout.strip().replace("\n", " | "))


def main():
    tmp = tempfile.mkdtemp(prefix="oc-serve-")
    try:
        bad_arguments()
        witness_on_golden()
        p, port = start(sum((["--journal", os.path.join(DATA, f"{n}.journal")] for n in FIVE), []))
        routes_and_security(port)
        before = rss_kb(p.pid)
        fuzz(port, 10000)
        after = rss_kb(p.pid)
        print(f"RSS before fuzzing {before} kB, after 10,000 malformed requests {after} kB")
        check(after < before + 20000, "memory stays bounded under malformed requests")
        check(get(port, "/games.pgn")[0] == 200, "still serves after 10,000 malformed requests")
        p.terminate()
        check(p.wait(timeout=20) == 0, "SIGTERM: exit 0")
        live_growth(tmp)
        rewritten_in_place(tmp)
        connection_cap(tmp)
    finally:
        for p in SERVERS:  # a failed check must not leave a server behind
            if p.poll() is None:
                p.kill()
                p.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


main()
