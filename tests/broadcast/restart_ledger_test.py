#!/usr/bin/env python3
"""The hub's published ledger (--state; issue 35 items 1 and 2) with `broadcast serve` as a real process:
a game grown line by line from a real journal while the hub is killed with SIGKILL at random moments and
started again; pollers of /games.json and /games.pgn check that no published move ever disappears or
changes. Then, while the hub is down, the journal's middle is corrupted, or the file is replaced by a
shorter clean game: after the restart the board keeps its published moves, with a notice. The operator's
accept-board-N file then publishes the new journal as a new game with its own Event. Also measured: the
ledger's cost per publication (against the same hub whose ledger is on tmpfs, where fsync costs nothing)
and a restart's time to serve again (against a first start with an empty ledger).
Usage: restart_ledger_test.py OPERATOR_CLI DATA_DIR"""
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

CLI, DATA = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def lines_of(name):
    with open(os.path.join(DATA, name), "rb") as f:
        return f.read().splitlines(keepends=True)


class Hub:
    def __init__(self, journal, state, extra=()):
        self.args = [CLI, "broadcast", "serve", "--listen", "127.0.0.1:0", "--journal", journal]
        # OLD_HUB=1 runs a hub from before the ledger (no --state), to see this test fail without it.
        self.args += ([] if os.environ.get("OLD_HUB") == "1" else ["--state", state]) + list(extra)
        self.p, self.port = None, None

    def start(self):
        t0 = time.monotonic()
        self.p = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.p.stdout.readline().strip()
        if not line.startswith("listening "):
            check(False, f"the hub starts again: {line!r} {self.p.stderr.read()!r}")
            self.p.wait()
            return None
        self.port = int(line.rsplit(":", 1)[1])
        return time.monotonic() - t0

    def kill9(self):
        self.port = None
        self.p.kill()
        self.p.wait()
        self.p.stdout.close()
        self.p.stderr.close()

    def stop(self):
        self.p.terminate()
        self.p.wait(timeout=10)
        err = self.p.stderr.read()
        self.p.stdout.close()
        self.p.stderr.close()
        return err


def fetch(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=3) as r:
            return r.read().decode()
    except OSError:
        return None


def pgn_moves(text):
    body = "\n".join(l for l in text.splitlines() if not l.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    return [t for t in body.split() if not re.match(r"^(\d+\.+|\*|1-0|0-1|1/2-1/2)$", t)]


class Watch:
    """Polls both documents; the longest move list seen so far must stay a prefix of every later one."""

    def __init__(self, hub):
        self.hub, self.running, self.polls = hub, True, 0
        self.seen = {"json": [], "pgn": []}
        self.bad = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def see(self, kind, moves):
        old = self.seen[kind]
        if moves[:len(old)] != old:
            self.bad.append(f"{kind}: {len(old)} published moves became {len(moves)}: {old[-3:]} -> {moves[-3:]}")
        if len(moves) >= len(old):
            self.seen[kind] = moves

    def run(self):
        while self.running:
            port = self.hub.port
            j = fetch(port, "/games.json") if port else None
            p = fetch(port, "/games.pgn") if port else None
            if j:
                self.see("json", json.loads(j)[0]["moves"])
                self.polls += 1
            if p is not None and port:
                self.see("pgn", pgn_moves(p))
            time.sleep(0.01)

    def finish(self):
        self.running = False
        self.thread.join()


def board(hub):
    for _ in range(300):
        j = fetch(hub.port, "/games.json")
        if j:
            return json.loads(j)[0]
        time.sleep(0.02)
    return {}


def settle(hub, want_seq):
    for _ in range(300):
        b = board(hub)
        if b.get("journal_seq", -1) >= want_seq:
            return b
        time.sleep(0.02)
    return board(hub)


def grow_with_kills(tmp, rng):
    """A real game appended line by line; the hub killed with SIGKILL at random moments, restarted."""
    journal, state = os.path.join(tmp, "board1.journal"), os.path.join(tmp, "state")
    lines = lines_of("finished.journal")
    open(journal, "wb").close()
    hub = Hub(journal, state)
    hub.start()
    watch = Watch(hub)
    # Eight kills after random lines, each a random moment later: before, during or after the hub's read,
    # its ledger's write, or its serving of the record.
    kill_after = set(rng.sample(range(1, len(lines)), 8))
    kills = 0
    with open(journal, "ab") as f:
        for k, line in enumerate(lines):
            f.write(line)
            f.flush()
            time.sleep(rng.uniform(0.005, 0.05))
            if k in kill_after:
                hub.kill9()
                kills += 1
                hub.start()
    final = settle(hub, len(lines) - 1)
    check(kills == 8, f"the hub was killed with SIGKILL {kills} times during the game")
    check(final.get("status") == "finished" and final.get("journal_seq") == len(lines) - 1,
          f"the game is published whole in the end ({final.get('status')}, seq {final.get('journal_seq')})")
    return hub, watch, journal, final


def corrupt_while_down(hub, watch, journal, final):
    """The journal's middle corrupted while the hub is down: the board keeps all it published."""
    hub.kill9()
    shutil.copy(os.path.join(DATA, "broken.journal"), journal)  # the same game, record 38 altered
    hub.start()
    b = settle(hub, final["journal_seq"])
    time.sleep(0.5)
    b = board(hub)
    check(b.get("moves") == final["moves"] and b.get("result") == final["result"],
          f"a journal corrupted in its middle while the hub was down: the {len(final['moves'])} published "
          f"moves stay (now {len(b.get('moves', []))})")
    check(b.get("status") == "journal-broken" and b.get("journal_broken_at") == 38,
          f"... and the board is frozen as journal-broken at record 38 ({b.get('status')}, "
          f"{b.get('journal_broken_at')})")
    watch.finish()
    hub.stop()
    check(not watch.bad, f"no published move disappeared or changed in {watch.polls} polls: {watch.bad[:3]}")


def replaced_while_down(tmp):
    """The file replaced by a shorter clean game while the hub is down: frozen, the old game kept, then
    published as a new game once the operator creates accept-board-N."""
    journal, state = os.path.join(tmp, "board1.journal"), os.path.join(tmp, "state")
    with open(journal, "wb") as f:
        f.writelines(lines_of("finished.journal")[:40])
    hub = Hub(journal, state)
    hub.start()
    before = settle(hub, 39)
    hub.kill9()
    shutil.copy(os.path.join(DATA, "paused.journal"), journal)  # another journal, 27 records
    hub.start()
    time.sleep(0.5)
    b = board(hub)
    pgn = fetch(hub.port, "/games.pgn")
    check(b.get("moves") == before["moves"] and b.get("journal_id") == before["journal_id"],
          f"a journal replaced by a shorter game while the hub was down: the published game stays "
          f"({len(b.get('moves', []))} of {len(before['moves'])} moves, the same journal_id)")
    notice = b.get("notice", "")
    accept = os.path.join(state, f"accept-board-{b.get('board')}")
    check("another journal" in notice and "the published game is kept" in notice and accept in notice,
          f"... with a notice for the operator naming the file to create: {notice!r}")
    check(pgn_moves(pgn or "") == before["moves"], "... and the PGN keeps the published moves")
    old_event = re.search(r'\[Event "([^"]*)"\]', pgn or "")
    open(accept, "w").close()
    time.sleep(0.6)
    b = board(hub)
    pgn = fetch(hub.port, "/games.pgn") or ""
    new_event = re.search(r'\[Event "([^"]*)"\]', pgn)
    check(b.get("journal_id") != before["journal_id"] and "new game" in b.get("notice", ""),
          f"after accept-board-N the new journal is published as a new game ({b.get('notice')!r})")
    # lichess matches by Event, Site, the Round's number and the players: the Event must differ.
    check(old_event and new_event and new_event.group(1) != old_event.group(1) and '[Game "2"]' in pgn,
          f"... with tags of its own: Event {old_event and old_event.group(1)!r} -> "
          f"{new_event and new_event.group(1)!r}, Game 2")
    check(not os.path.exists(accept), "... and the control file is consumed")
    hub.kill9()
    hub.start()
    time.sleep(0.5)
    again = board(hub)
    again_pgn = fetch(hub.port, "/games.pgn") or ""
    check(again.get("journal_id") == b.get("journal_id") and new_event and new_event.group(0) in again_pgn,
          "a restart after the acceptance keeps the new game and its Event")
    hub.stop()


def append_latency(tmp, state_root, n=30):
    """Median append -> /games.json time per record, the hub's ledger in `state_root`."""
    journal = os.path.join(tmp, "lat.journal")
    state = tempfile.mkdtemp(dir=state_root)
    lines = lines_of("finished.journal")
    with open(journal, "wb") as f:
        f.writelines(lines[:lines.__len__() - n])
    hub = Hub(journal, state)
    hub.start()
    settle(hub, len(lines) - n - 1)
    times = []
    with open(journal, "ab") as f:
        for k in range(len(lines) - n, len(lines)):
            t0 = time.perf_counter()
            f.write(lines[k])
            f.flush()
            while board(hub).get("journal_seq") != k:
                time.sleep(0.0005)
            times.append(time.perf_counter() - t0)
    hub.stop()
    os.remove(journal)
    shutil.rmtree(state)
    return statistics.median(times) * 1000


def restart_time(tmp):
    """Start -> serving the published game: a restart with the ledger against a first start."""
    journal = os.path.join(tmp, "rs.journal")
    shutil.copy(os.path.join(DATA, "finished.journal"), journal)
    firsts, restarts = [], []
    for _ in range(5):
        state = tempfile.mkdtemp(dir=tmp)
        hub = Hub(journal, state)
        t0 = time.monotonic()
        hub.start()
        settle(hub, 50)
        firsts.append(time.monotonic() - t0)
        hub.kill9()
        t0 = time.monotonic()
        hub.start()
        settle(hub, 50)
        restarts.append(time.monotonic() - t0)
        hub.stop()
    return statistics.median(firsts) * 1000, statistics.median(restarts) * 1000


def main():
    rng = random.Random(int(os.environ.get("SEED", "35")))
    tmp = tempfile.mkdtemp(prefix="oc-ledger-")
    try:
        os.mkdir(os.path.join(tmp, "a"))
        os.mkdir(os.path.join(tmp, "b"))
        corrupt_while_down(*grow_with_kills(os.path.join(tmp, "a"), rng))
        replaced_while_down(os.path.join(tmp, "b"))
        if os.environ.get("LEDGER_FIGURES", "1") == "1":
            disk = append_latency(tmp, tmp)
            shm = append_latency(tmp, "/dev/shm") if os.path.isdir("/dev/shm") else disk
            print(f"figure: append -> /games.json per record, median of 30: ledger on disk {disk:.2f} ms, "
                  f"on tmpfs {shm:.2f} ms: ratio {disk / shm:.2f}")
            first, restart = restart_time(tmp)
            print(f"figure: start -> serving the 51-record game, median of 5: first start {first:.1f} ms, "
                  f"restart from the ledger {restart:.1f} ms: ratio {restart / first:.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("FAILED: " + "; ".join(failures) if failures else "all ok")
    sys.exit(1 if failures else 0)


main()
