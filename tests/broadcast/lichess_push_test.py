#!/usr/bin/env python3
"""`broadcast serve --push-lichess` against a fake lichess (fake_lichess.py, a real process over TLS with a
CA and a server certificate made here with the openssl command): the path, the bearer header, the
content type and the games; a game's error said once on standard error and shown in /status; 401 stops
the pushes; 429 waits as told; 500 and a server down at the start are retried, the recovery said and the
latest games pushed; no two pushes less than 1 s apart by the fake's clock; under --delay nothing newer
than the delay is pushed; a token file readable by others refused; a CA the system does not know refused
with a clear message, and so is a certificate for another host; the token never on standard error.
Usage: lichess_push_test.py OPERATOR_CLI DATA_DIR"""
import datetime
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CLI, DATA = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
ROUND, TOKEN = "AbCd1234", "lip_TestTokenNeverShown42"
failures = []
all_stderr = []
folders = []  # removed at the end


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_certificates(d):
    """A CA and a certificate for 127.0.0.1 and localhost signed by it."""
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=operator-console test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=d)
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "server.key",
            "-out", "server.csr", "-subj", "/CN=localhost", cwd=d)
    with open(os.path.join(d, "ext.cnf"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "2", "-extfile", "ext.cnf", cwd=d)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wall(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def line_of(rec, prev, at):
    """The record re-timed to `at`, its hash recomputed (finished.journal is an unsigned version 1 journal)."""
    rec = {k: v for k, v in rec.items() if k != "hash"}
    rec["prev"], rec["wall"] = prev, wall(at)
    canon = json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.blake2b(canon.encode(), digest_size=32).hexdigest()
    return digest, ('{"hash":"%s",' % digest + canon[1:] + "\n").encode()


class Case:
    """One hub and one fake lichess in a folder of their own."""

    def __init__(self, name, certs, answers=None, then=None, fake_token=TOKEN):
        self.dir = tempfile.mkdtemp(prefix=f"oc-lichess-{name}-")
        folders.append(self.dir)
        self.certs, self.fake_token, self.fake, self.hub = certs, fake_token, None, None
        self.record, self.control = os.path.join(self.dir, "requests.jsonl"), os.path.join(self.dir, "control.json")
        self.set_control(answers or [], then or {"status": 200})
        self.token_file = os.path.join(self.dir, "token")
        with open(self.token_file, "w") as f:
            f.write(TOKEN + "\n")
        os.chmod(self.token_file, 0o600)
        self.port = free_port()

    def set_control(self, answers, then):
        with open(self.control + ".new", "w") as f:
            json.dump({"answers": answers, "then": then}, f)
        os.replace(self.control + ".new", self.control)

    def start_fake(self, bind="127.0.0.1"):
        self.fake = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "fake_lichess.py"), "--bind", bind, "--port", str(self.port), "--cert",
             os.path.join(self.certs, "server.pem"), "--key", os.path.join(self.certs, "server.key"), "--token",
             self.fake_token, "--record", self.record, "--control", self.control],
            stdout=subprocess.PIPE, text=True)
        check(self.fake.stdout.readline().startswith("listening"), "the fake lichess listens")

    def start_hub(self, journals, extra=(), ca=True, host="127.0.0.1"):
        args = [CLI, "broadcast", "serve", "--listen", "127.0.0.1:0", "--state", os.path.join(self.dir, "state"),
                "--push-lichess", ROUND, "--token-file", self.token_file, "--push-url", f"https://{host}:{self.port}"]
        if ca:
            args += ["--ca-file", os.path.join(self.certs, "ca.pem")]
        for j in journals:
            args += ["--journal", j]
        self.hub = subprocess.Popen(args + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.hub_port = int(self.hub.stdout.readline().strip().rsplit(":", 1)[1])

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.hub_port}{path}", timeout=10) as r:
            return r.read().decode()

    def requests(self):
        try:
            with open(self.record) as f:
                return [json.loads(l) for l in f if l.strip()]
        except OSError:
            return []

    def wait(self, cond, what, timeout=30):
        """Waits for cond() (a generous bound: a slow machine only waits longer, never fails sooner)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if cond():
                return True
            time.sleep(0.05)
        check(False, f"within {timeout} s: {what}")
        return False

    def stop(self):
        err = ""
        if self.hub:
            self.hub.terminate()
            _, err = self.hub.communicate(timeout=20)
        if self.fake:
            self.fake.terminate()
            self.fake.wait(timeout=20)
        all_stderr.append(err)
        return err

    def journal_copy(self, name="board.journal"):
        path = os.path.join(self.dir, name)
        shutil.copy(os.path.join(DATA, "finished.journal"), path)
        return path


def grow(path, records, gap_s, written=None, prev="0" * 64):
    """Appends the records one by one after the record `prev`, re-timed to now; `written` gets each record's
    hash -> when. Returns the last record's hash."""
    for rec in records:
        now = time.time()
        prev, line = line_of(rec, prev, now)
        with open(path, "ab") as f:
            f.write(line)
        if written is not None:
            written[prev] = now
        time.sleep(gap_s)
    return prev


def records_of_finished():
    return [json.loads(l) for l in open(os.path.join(DATA, "finished.journal"), "rb")]


def test_contract(certs):
    c = Case("contract", certs)
    try:
        c.start_fake()
        c.start_hub([c.journal_copy()], host="localhost")
        c.wait(lambda: c.requests(), "the games are pushed")
        r = c.requests()[0]
        check(r["path"] == f"/api/broadcast/round/{ROUND}/push", f"the path: {r['path']}")
        check(r["headers"].get("Authorization") == "Bearer " + TOKEN, "the bearer header")
        check(r["headers"].get("Content-Type", "").startswith("text/plain"), f"text/plain: {r['headers'].get('Content-Type')}")
        check(r["body"] == c.get("/games.pgn"), "the body is the games.pgn the hub serves")
        check('[White "Human"]' in r["body"] and "[%clk" in r["body"], "the body holds the game with its clocks")
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "ok", "/status says ok")
        status = json.loads(c.get("/status"))["lichess_push"]
        check(status["games"] and status["games"][0].get("moves", 0) > 0 and status["round"] == ROUND,
              f"/status shows lichess's answer: {status}")
        check(TOKEN not in c.get("/status"), "no token in /status")
        time.sleep(1.5)
        check(len(c.requests()) == 1, f"the same games are not pushed again ({len(c.requests())} pushes)")
    finally:
        c.stop()


def test_game_error(certs):
    """A game lichess refuses, at every push: said once; then taken: said once."""
    c = Case("game-error", certs, then={"status": 200, "game_errors": {"0": "Invalid move: Nxe5"}})
    try:
        c.start_fake()
        growing = os.path.join(c.dir, "board2.journal")
        c.start_hub([c.journal_copy(), growing])
        last = grow(growing, records_of_finished()[:30], 0.1)
        c.wait(lambda: len(c.requests()) >= 3, "three pushes or more")
        c.wait(lambda: "error" in json.loads(c.get("/status"))["lichess_push"]["games"][0], "/status shows the error")
        status = json.loads(c.get("/status"))["lichess_push"]
        check(status["games"][0]["error"] == "Invalid move: Nxe5", f"the game's error in /status: {status['games'][0]}")
        c.set_control([], {"status": 200})
        n = len(c.requests())
        grow(growing, records_of_finished()[30:], 0.1, prev=last)  # the game goes on: new pushes
        c.wait(lambda: len(c.requests()) > n, "a push after the error is gone")
        c.wait(lambda: "error" not in json.loads(c.get("/status"))["lichess_push"]["games"][0], "the error leaves /status")
    finally:
        err = c.stop()
    said = [l for l in err.splitlines() if "lichess refused the game" in l]
    check(len(said) == 1 and "Invalid move: Nxe5" in said[0] and "Human - Computer" in said[0],
          f"the error said once on standard error over {len(c.requests())} pushes: {said}")
    check(err.count("takes the game again") == 1, "its end said once")


def test_odd_answer(certs):
    """A 200 whose body is not the push's JSON, at every push: said once."""
    c = Case("odd", certs, then={"status": 200, "raw": "<html>captive portal</html>"})
    try:
        c.start_fake()
        growing = os.path.join(c.dir, "board.journal")
        c.start_hub([growing])
        grow(growing, records_of_finished()[:30], 0.1)
        c.wait(lambda: len(c.requests()) >= 3, "odd answer: three pushes or more")
    finally:
        err = c.stop()
    check(err.count("not the push's JSON: <html>captive portal</html>") == 1,
          f"odd answer: said once over {len(c.requests())} pushes: {err!r}")


def test_unauthorized(certs):
    c = Case("401", certs, fake_token="lip_AnotherToken")
    try:
        c.start_fake()
        growing = os.path.join(c.dir, "board.journal")
        c.start_hub([growing])
        last = grow(growing, records_of_finished()[:20], 0.1)
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "stopped", "/status says stopped")
        grow(growing, records_of_finished()[20:], 0.05, prev=last)
        time.sleep(2)
        check('[White "Human"]' in c.get("/games.pgn"), "the hub keeps serving")
    finally:
        err = c.stop()
    check(len(c.requests()) == 1, f"401: no push after the refusal ({len(c.requests())} requests)")
    check(err.count("lichess refused the token (HTTP 401)") == 1 and "study:write" in err and "contributor" in err,
          f"one clear message about the token: {err!r}")


def test_forbidden(certs):
    c = Case("403", certs, then={"status": 403})
    try:
        c.start_fake()
        c.start_hub([c.journal_copy()])
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "stopped", "403: /status says stopped")
    finally:
        err = c.stop()
    check("lichess refused the token (HTTP 403)" in err, "403: the token's message")


def test_too_many(certs):
    c = Case("429", certs, answers=[{"status": 429, "retry_after": "3"}])
    try:
        c.start_fake()
        c.start_hub([c.journal_copy()])
        c.wait(lambda: len(c.requests()) >= 2, "a push after the 429")
        time.sleep(0.5)
    finally:
        err = c.stop()
    r = c.requests()
    check(len(r) == 2 and r[1]["t"] - r[0]["t"] >= 3.0, f"429: the next push waits the 3 s told ({[x['t'] for x in r]})")
    check(r[1]["body"] == r[0]["body"], "429: the games are pushed again after the wait")
    check("HTTP 429" in err and "the next push in 3 s" in err, f"429: said: {err!r}")


def test_server_error_then_recovery(certs):
    c = Case("500", certs, answers=[{"status": 500}, {"status": 502}, {"status": 500}])
    try:
        c.start_fake()
        growing = os.path.join(c.dir, "board.journal")
        c.start_hub([growing])
        grow(growing, records_of_finished(), 0.05)
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "ok", "500: recovered")
        c.wait(lambda: c.requests()[-1]["body"] == c.get("/games.pgn"), "500: the latest games pushed at last")
        final = c.get("/games.pgn")
    finally:
        err = c.stop()
    r = c.requests()
    gaps = [round(b["t"] - a["t"], 2) for a, b in zip(r, r[1:])]
    check(len(r) >= 4 and gaps[0] >= 1.0 and gaps[1] >= 2.0 and gaps[2] >= 4.0,
          f"500: retried with a backoff of 1, 2, 4 s ({gaps})")
    check(err.count("failed: lichess answered HTTP 500") == 1, f"500: the failure said once: {err!r}")
    check(err.count("pushing to lichess works again") == 1, "500: the recovery said once")
    check(r[-1]["body"] == final, "500: the last push is the latest games.pgn")


def test_down_at_start(certs):
    c = Case("down", certs)
    try:
        c.start_hub([c.journal_copy()])
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "failing", "down: /status says failing")
        time.sleep(2)
        c.start_fake()
        c.wait(lambda: c.requests(), "down: pushed once the server is up", timeout=90)
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "ok", "down: /status says ok")
        body = c.get("/games.pgn")
    finally:
        err = c.stop()
    check(err.count("cannot connect") == 1 and err.count("works again") == 1,
          f"down: the failure and the recovery said once each: {err!r}")
    check(c.requests() and c.requests()[0]["body"] == body, "down: the games pushed once it is up")


def test_rate_and_delay(certs):
    """A game written record by record every 0.15 s under --delay 3s: never two pushes less than 1 s apart
    by the fake's clock, no pushed record the hub held less than 3 s, and the last push is games.pgn."""
    c = Case("rate", certs)
    written = {}
    try:
        c.start_fake()
        growing = os.path.join(c.dir, "board.journal")
        c.start_hub([growing], extra=["--delay", "3s"])
        grow(growing, records_of_finished(), 0.15, written)
        c.wait(lambda: c.requests() and c.requests()[-1]["body"] == c.get("/games.pgn") and
               c.get("/games.pgn").count("1-0") + c.get("/games.pgn").count("0-1") + c.get("/games.pgn").count("1/2-1/2") > 0,
               "the finished game pushed")
        final = c.get("/games.pgn")
    finally:
        c.stop()
    r = c.requests()
    gaps = [b["t"] - a["t"] for a, b in zip(r, r[1:])]
    check(len(r) >= 4 and min(gaps) >= 1.0, f"{len(r)} pushes, none less than 1 s after the last "
                                           f"(smallest gap {min(gaps) if gaps else None:.3f} s)")
    early = []
    for req in r:
        m = re.search(r'\[JournalHead "([0-9a-f]+)"\]', req["body"])
        if m and m.group(1) in written and req["t"] < written[m.group(1)] + 3.0:
            early.append(round(req["t"] - written[m.group(1)], 2))
    heads = [re.search(r'\[JournalHead "([0-9a-f]*)"\]', q["body"]) for q in r]
    check(all(h and h.group(1) in written for h in heads), "every push names a record of the journal")
    check(not early, f"nothing pushed before the hub held it 3 s (early by: {early})")
    check(r[-1]["body"] == final, "the last push is the games.pgn served")


def test_refusals(certs):
    d = tempfile.mkdtemp(prefix="oc-lichess-refusals-")
    folders.append(d)
    journal = os.path.join(d, "board.journal")
    shutil.copy(os.path.join(DATA, "finished.journal"), journal)
    token = os.path.join(d, "token")
    with open(token, "w") as f:
        f.write(TOKEN + "\n")

    def serve(*extra):
        p = subprocess.run([CLI, "broadcast", "serve", "--listen", "127.0.0.1:0", "--state", os.path.join(d, "s"),
                            "--journal", journal, *extra], capture_output=True, text=True, timeout=30)
        all_stderr.append(p.stderr)
        return p

    os.chmod(token, 0o644)
    p = serve("--push-lichess", ROUND, "--token-file", token)
    check(p.returncode == 2 and f"chmod 600 {token}" in p.stderr, f"a token file at 0644 refused: {p.stderr!r}")
    os.chmod(token, 0o600)
    empty = os.path.join(d, "empty")
    open(empty, "w").close()
    os.chmod(empty, 0o600)
    p = serve("--push-lichess", ROUND, "--token-file", empty)
    check(p.returncode == 2 and "empty" in p.stderr, f"an empty token file refused: {p.stderr!r}")
    p = serve("--push-lichess", "abc/1234", "--token-file", token)
    check(p.returncode == 2 and "8 letters and digits" in p.stderr, f"a bad round id refused: {p.stderr!r}")
    p = serve("--push-lichess", ROUND)
    check(p.returncode == 2 and "--token-file" in p.stderr, f"no token file: {p.stderr!r}")
    p = serve("--push-lichess", ROUND, "--token-file", token, "--push-url", "http://127.0.0.1:1")
    check(p.returncode == 2 and "https://" in p.stderr, f"a plain http URL refused: {p.stderr!r}")


def test_unknown_ca(certs):
    """Without --ca-file the system's store does not know the test CA: the push fails, saying why."""
    c = Case("ca", certs)
    try:
        c.start_fake()
        c.start_hub([c.journal_copy()], ca=False)
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "failing", "unknown CA: failing")
    finally:
        err = c.stop()
    check("is not trusted" in err and "--ca-file" in err, f"unknown CA: a clear message: {err!r}")
    check(not c.requests(), "unknown CA: nothing sent")


def test_other_host(certs):
    """A certificate for other names than the host pushed to (127.0.0.2 here) is refused, saying so."""
    c = Case("host", certs)
    try:
        c.start_fake(bind="127.0.0.2")
        c.start_hub([c.journal_copy()], host="127.0.0.2")
        c.wait(lambda: json.loads(c.get("/status"))["lichess_push"]["state"] == "failing", "other host: failing")
    finally:
        err = c.stop()
    check("is not trusted (IP address mismatch)" in err, f"other host: the name is checked: {err!r}")
    check(not c.requests(), "other host: nothing sent")


def main():
    certs = tempfile.mkdtemp(prefix="oc-lichess-certs-")
    folders.append(certs)
    make_certificates(certs)
    for test in (test_refusals, test_contract, test_game_error, test_odd_answer, test_unauthorized, test_forbidden,
                 test_too_many, test_server_error_then_recovery, test_down_at_start, test_rate_and_delay,
                 test_unknown_ca, test_other_host):
        print(f"-- {test.__name__}", flush=True)
        test(certs)
    check(not any(TOKEN in e for e in all_stderr), "the token is never on standard error")
    for d in folders:
        shutil.rmtree(d, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


main()
