#!/usr/bin/env python3
"""A forged record is never published (issue 35 item 8), through the real server. A signed (version 3)
journal of a real game is grown line by line under `broadcast serve --dir --state`; then a correctly
hashed `resign` of White without the console's signature is appended, as anyone who can write the
journals' folder could. Watched: /events, /games.json, /games.pgn and the --dir files. The board must
freeze with a notice in plain words and publish nothing of the resignation, also after the console's
genuine next record and after the hub is restarted on the same --state.
Usage: forged_record_test.py OPERATOR_CLI"""
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from sse_client import next_board_event

CLI = sys.argv[1]
STOCKFISH = "/usr/games/stockfish"
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def get(port, path):
    return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read().decode()


def forged_resign(lines):
    """A `resign` of White after the journal's last line: hashed and chained as the console would, but
    without a signature (whoever wrote it has not the console's key)."""
    last = json.loads(lines[-1])
    mono = last["mono_ms"] + 5000
    rec = {"seq": last["seq"] + 1, "type": "resign", "payload": {"side": "white", "t": mono},
           "prev": last["hash"], "mono_ms": mono, "wall": last["wall"], "salt": "ab" * 32}
    canon = json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.blake2b(canon.encode(), digest_size=32).hexdigest()
    return '{"hash":"' + digest + '",' + canon[1:]


class Hub:
    def __init__(self, journal, out, state):
        self.p = subprocess.Popen([CLI, "broadcast", "serve", "--journal", journal, "--listen", "127.0.0.1:0",
                                   "--dir", out, "--state", state],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.port = int(self.p.stdout.readline().strip().rsplit(":", 1)[1])
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        self.buf = [b""]
        self.events = []

    def next_event(self):
        ev = next_board_event(self.sock, self.buf, deadline_s=30)
        self.events.append(ev)
        return ev

    def stop(self):
        self.sock.close()
        self.p.send_signal(signal.SIGTERM)
        self.p.wait(timeout=30)
        return self.p.stderr.read()


def published(hub, out):
    """Every published document of the board, read now."""
    return {"/games.json": get(hub.port, "/games.json"), "/games.pgn": get(hub.port, "/games.pgn"),
            "--dir games.json": open(os.path.join(out, "games.json")).read(),
            "--dir games.pgn": open(os.path.join(out, "games.pgn")).read()}


def nothing_of_the_resignation(docs, moves, where):
    for name, text in docs.items():
        board = json.loads(text)[0] if name.endswith("json") else None
        if board is not None:
            check(board["moves"] == moves and board["result"] == "*" and board["status"] == "journal-broken"
                  and "is not signed by this journal's key" in board.get("notice", ""),
                  f"{where}: {name} keeps {len(moves)} plies, result *, journal-broken, the notice: "
                  f"{board['status']} {board['result']} {board.get('notice', '')[:90]}")
        else:
            check("0-1" not in text and "Termination" not in text, f"{where}: {name} has no 0-1")


def main():
    tmp = tempfile.mkdtemp(prefix="oc-forged-")
    try:
        full = os.path.join(tmp, "game.journal")
        r = subprocess.run([CLI, "play", "--engine", STOCKFISH, "--engine-side", "black", "--tc", "15m+10s",
                            "--human", "engine:" + STOCKFISH, "--max-plies", "10", "--engine-nodes", "2000",
                            "--journal", full], capture_output=True, text=True, timeout=600)
        check(r.returncode == 0, "a Stockfish game is played: " + r.stdout.strip()[-200:])
        lines = open(full).read().splitlines()
        check(json.loads(lines[0])["payload"].get("journal_version") == 3, "the journal is signed (version 3)")
        # Up to a human move (White, the human, to move): the resignation is a legal record there.
        cut = [i for i, l in enumerate(lines) if json.loads(l)["type"] == "human_move"][3]
        live, out, state = os.path.join(tmp, "live.journal"), os.path.join(tmp, "www"), os.path.join(tmp, "state")
        with open(live, "w") as f:
            f.write("\n".join(lines[:cut]) + "\n")
        hub = Hub(live, out, state)
        ev = hub.next_event()
        while ev["journal_seq"] != cut - 1:
            ev = hub.next_event()
        moves = ev["moves"]
        check(len(moves) >= 6 and ev["status"] == "playing", f"published: {len(moves)} plies, playing")

        with open(live, "a") as f:
            f.write(forged_resign(lines[:cut]) + "\n")
        ev = hub.next_event()
        check(ev["moves"] == moves and ev["result"] == "*" and ev["status"] == "journal-broken",
              f"/events: the board freezes, nothing of the resignation ({ev['status']}, {ev['result']})")
        print("notice:", ev.get("notice"))
        check("is not signed by this journal's key" in ev.get("notice", ""), "/events: the notice says why")
        time.sleep(0.5)
        nothing_of_the_resignation(published(hub, out), moves, "after the forged record")

        with open(live, "a") as f:  # the console's genuine next record, after the forged line
            f.write(lines[cut] + "\n")
        time.sleep(1.0)
        nothing_of_the_resignation(published(hub, out), moves, "after the console's next record")
        stderr = hub.stop()
        check(all(e["result"] == "*" and e["moves"] == moves for e in hub.events[1:]),
              f"/events: none of {len(hub.events)} events had the resignation")
        check("is not signed by this journal's key" in stderr, "the hub said it on standard error")

        hub = Hub(live, out, state)
        ev = hub.next_event()
        check(ev["moves"] == moves and ev["result"] == "*" and ev["status"] == "journal-broken",
              f"after a restart: frozen, nothing of the resignation ({ev['status']}, {ev['result']})")
        nothing_of_the_resignation(published(hub, out), moves, "after a restart")
        hub.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


main()
