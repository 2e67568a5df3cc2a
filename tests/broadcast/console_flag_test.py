#!/usr/bin/env python3
"""operator-console --broadcast 127.0.0.1:0 under Xvfb: the console starts `broadcast serve` for its own
journal as a child process, with a --state folder of its own; its games.json shows the console's game
(waiting, the event's players, the journal's key);
when the console closes (SIGTERM) the broadcast stops too.
Usage: console_flag_test.py OPERATOR_CONSOLE"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

CONSOLE = sys.argv[1]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def main():
    tmp = tempfile.mkdtemp(prefix="oc-console-bc-")
    journal = os.path.join(tmp, "game.journal")
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    state_home = os.path.join(tmp, "state-home")
    env = dict(os.environ, DISPLAY=":" + xvfb.stdout.readline().strip(), XDG_STATE_HOME=state_home)
    console = subprocess.Popen([CONSOLE, "--journal", journal, "--broadcast", "127.0.0.1:0"], env=env,
                               stderr=subprocess.PIPE, text=True, cwd=tmp)
    try:
        port = None
        for line in console.stderr:
            print("console:", line.rstrip())
            if "broadcast listening 127.0.0.1:" in line:
                port = int(line.strip().rsplit(":", 1)[1])
                break
        check(port is not None, "the console reports its broadcast's address")
        boards = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/games.json", timeout=30).read())
        check(len(boards) == 1 and boards[0]["status"] == "waiting", "the console's own game: waiting")
        check(len(boards[0]["journal_head"]) == 64, "its journal head is published")
        check(len(boards[0]["signing_key_fingerprint"]) == 19, "its signing key's fingerprint is published")
        # Its own --state folder, per journal, never the shared default ./broadcast-state (issue 35).
        ledgers = os.path.join(state_home, "operator-console", "broadcast")
        folders = os.listdir(ledgers) if os.path.isdir(ledgers) else []
        check(len(folders) == 1 and folders[0].startswith("game.journal-")
              and any(f.endswith(".records") for f in os.listdir(os.path.join(ledgers, folders[0]))),
              f"the hub's ledger is in its own state folder: {folders}")
        check(not os.path.exists(os.path.join(tmp, "broadcast-state")), "no ./broadcast-state")
        console.send_signal(signal.SIGTERM)
        check(console.wait(timeout=60) == 0, "the console closes on SIGTERM")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/games.json", timeout=5)
            stopped = False
        except OSError:
            stopped = True
        check(stopped, "the broadcast stopped with the console")
    finally:
        if console.poll() is None:
            console.kill()
            console.wait()
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


main()
