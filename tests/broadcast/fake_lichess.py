#!/usr/bin/env python3
"""A stand-in for lichess's broadcast push, written from its contract (../shared research, docs/broadcast.md):
POST /api/broadcast/round/{8 letters and digits}/push, `Authorization: Bearer TOKEN`, the round's PGN as
text/plain; the answer {"games":[{"tags":{...},"moves":N} | {"tags":{...},"error":"..."}]}, 401 for a
token it does not know, at most 64 games. Over TLS with the certificate it is given.

Every request is recorded as one JSON line (receive time by this process's clock, method, path, headers,
body) in --record. What it answers is read from --control at each request, a JSON object:
  {"answers": [ANSWER, ...], "then": ANSWER}
the n-th request since the control file last changed gets answers[n], later ones `then`; an ANSWER is
  {"status": 200, "game_errors": {"0": "Invalid move: Nxe5"}}   (per game, by its place in the body)
  {"status": 429, "retry_after": "2"}  |  {"status": 401}  |  {"status": 500}  |  {"status": 200, "raw": "TEXT"}
Usage: fake_lichess.py [--bind ADDR] --port N --cert PEM --key PEM --token TOKEN --record FILE --control FILE
(--port 0: any free port; the first line on standard output is "listening PORT")."""
import argparse
import http.server
import json
import re
import ssl
import sys
import threading
import time

ROUND_PATH = re.compile(r"^/api/broadcast/round/[A-Za-z0-9]{8}/push$")


def games_of(pgn):
    """Each game's tags and the number of moves in its movetext."""
    games = []
    for chunk in re.split(r"\n\s*\n(?=\[)", pgn.strip()):
        if not chunk.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', chunk, re.M))
        movetext = "\n".join(l for l in chunk.splitlines() if not l.startswith("["))
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        moves = [t for t in movetext.split() if not re.match(r"^(\d+\.+|1-0|0-1|1/2-1/2|\*)$", t)]
        games.append({"tags": tags, "moves": len(moves)})
    return games


class State:
    def __init__(self, args):
        self.args, self.lock, self.seen_control, self.count = args, threading.Lock(), None, 0

    def answer(self):
        """The answer for this request, as the control file says now."""
        with self.lock:
            try:
                text = open(self.args.control).read()
            except OSError:
                text = "{}"
            if text != self.seen_control:
                self.seen_control, self.count = text, 0
            control = json.loads(text or "{}")
            answers = control.get("answers", [])
            n, self.count = self.count, self.count + 1
            return answers[n] if n < len(answers) else control.get("then", {"status": 200})

    def record(self, entry):
        with self.lock, open(self.args.record, "a") as f:
            f.write(json.dumps(entry) + "\n")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=()):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = True

    def do_POST(self):
        received = time.time()
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length).decode("utf-8", "replace")
        state = self.server.state
        state.record({"t": received, "method": "POST", "path": self.path, "headers": dict(self.headers.items()),
                      "body": body})
        if not ROUND_PATH.match(self.path):
            return self.reply(404, {"error": "Not found"})
        if self.headers.get("Authorization") != "Bearer " + state.args.token:
            return self.reply(401, {"error": "No such token"})
        answer = state.answer()
        status = answer.get("status", 200)
        if status == 429:
            extra = [("Retry-After", answer["retry_after"])] if "retry_after" in answer else []
            return self.reply(429, {"error": "Too many requests. Try again later."}, extra)
        if status != 200:
            return self.reply(status, {"error": f"status {status}"})
        if "raw" in answer:  # a proxy's page, say, in place of lichess's JSON
            return self.reply(200, answer["raw"])
        games = games_of(body)
        if len(games) > 64:
            return self.reply(400, {"error": "Too many games (max: 64)"})
        errors = answer.get("game_errors", {})
        for i, g in enumerate(games):
            if str(i) in errors:
                g.pop("moves")
                g["error"] = errors[str(i)]
        self.reply(200, {"games": games})


def main():
    p = argparse.ArgumentParser()
    for name in ("--cert", "--key", "--token", "--record", "--control"):
        p.add_argument(name, required=True)
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--bind", default="127.0.0.1")
    args = p.parse_args()
    server = http.server.ThreadingHTTPServer((args.bind, args.port), Handler)
    server.state = State(args)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(args.cert, args.key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
