#!/usr/bin/env python3
"""`operator-cli eboard probe` against `operator-cli eboard fake`, both real processes on a real pty.

The fake board (with and without its DGT 3000, upright and turned, after a garbage burst), and the fake
Millennium ChessLink (upright and turned, after garbage), are probed
through its symlink; the probe must print the board's identity, the position as a FEN, the orientation,
the clock's reading and the battery. A port that does not exist is refused with exit 1 and a message
naming it; a bad script line stops the fake with exit 2 and the line's number. The fake exits 0 on
SIGTERM, which also says that the probe sent no forbidden command (EEPROM, boot loader, SETNRUN).
Usage: probe_fake_test.py OPERATOR_CLI
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

cli = sys.argv[1]
work = tempfile.mkdtemp(prefix="eboard-probe-")
failures = []
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def check(ok, what, out=""):
    if not ok:
        failures.append(what + ("\n  " + out[-2000:] if out else ""))


def start_fake(name, *extra, script=None):
    link = os.path.join(work, name)
    args = [cli, "--ui-lang", "en", "eboard", "fake", "--link", link, *extra]
    if script is not None:
        path = os.path.join(work, name + ".txt")
        with open(path, "w") as f:
            f.write(script)
        args += ["--script", path]
    fake = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(100):
        if os.path.islink(link) or fake.poll() is not None:
            break
        time.sleep(0.05)
    return fake, link


def stop_fake(fake):
    fake.send_signal(signal.SIGTERM)
    out, err = fake.communicate(timeout=10)
    return fake.returncode, out + err


def probe(link, *extra):
    r = subprocess.run([cli, "--ui-lang", "en", "eboard", "probe", "--port", link, "--timeout", "5", *extra],
                       capture_output=True, text=True, timeout=30)
    return r.returncode, r.stdout + r.stderr


def fields(out):
    result = {}
    for line in out.splitlines():
        key, _, value = line.partition(": ")
        result[key] = value
    return result


# 1. Upright board with a DGT 3000: everything answered.
fake, link = start_fake("dgt-clock", "--clock", "--bluetooth", script="clock 1:29:58 1:30:00\n")
time.sleep(0.3)
rc, out = probe(link)
f = fields(out)
check(rc == 0, "probe of the fake with a clock exits 0", out)
check(f.get("version") == "1.8", "version 1.8", out)
check(f.get("serial number") == "24024" and f.get("long serial number") == "2402400024", "serial numbers", out)
check(f.get("position (FEN)") == START, "the start position as a FEN", out)
check(f.get("orientation", "").startswith("upright"), "upright", out)
check(f.get("clock") == "left 1:29:58, right 1:30:00, stopped", "the clock's reading", out)
check(f.get("clock version") == "2.1", "the clock answered its VERSION", out)
check(f.get("battery") == "100%", "a Bluetooth board's battery", out)
rc, out = stop_fake(fake)
check(rc == 0, "the fake saw no forbidden command and stopped on SIGTERM", out)
check(not os.path.exists(link), "the fake removed its link", out)

# 2. A turned board without a clock, after pieces moved and a garbage burst.
fake, link = start_fake("dgt-turned", "--turned", script="garbage 300\nlift e2\nplace e4\n")
time.sleep(0.3)
rc, out = probe(link)
f = fields(out)
check(rc == 0, "probe of the turned fake exits 0", out)
check(f.get("battery") == "-", "a USB board never answers the battery request", out)
# The probe prints what the sensors see: a turned board shows the game upside down.
check(f.get("position (FEN)") == "RNBKQBNR/PPP1PPPP/8/3P4/8/8/pppppppp/rnbkqbnr",
      "the turned board's raw position (e2-e4 mapped by the fake)", out)
check(f.get("orientation", "").startswith("unknown"), "orientation unknown away from the start position", out)
check(f.get("clock") == "no clock", "no clock", out)
rc, out = stop_fake(fake)
check(rc == 0, "turned fake stopped cleanly", out)

fake, link = start_fake("dgt-turned-start", "--turned")
time.sleep(0.3)
rc, out = probe(link)
check(fields(out).get("orientation", "").startswith("turned"), "a turned start position is detected", out)
# Issue 34 item 19: the position as it stands for the game, and the sensors' view on a line of its own.
check(fields(out).get("position (FEN)") == START, "a turned board's position as the game sees it", out)
check(fields(out).get("as the sensors see it") == "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr",
      "the sensors' view of a turned board", out)
stop_fake(fake)

# 3. A Millennium ChessLink (issue 24 item 10): no serial numbers, no clock, no battery; after garbage.
fake, link = start_fake("chesslink", "--brand", "millennium", script="garbage 200\n")
time.sleep(0.3)
rc, out = probe(link, "--brand", "millennium")
f = fields(out)
check(rc == 0, "probe of the fake ChessLink exits 0", out)
check(f.get("board") == "Millennium ChessLink", "the brand", out)
check(f.get("version") == "1.4", "the ChessLink's version", out)
check(f.get("serial number") == "-" and f.get("battery") == "-", "no serial number, no battery", out)
check(f.get("position (FEN)") == START and f.get("orientation", "").startswith("upright"), "upright start", out)
check(f.get("clock") == "no clock", "the ChessLink has no clock", out)
rc, out = stop_fake(fake)
check(rc == 0, "the probe wrote no E2ROM setting", out)
fake, link = start_fake("chesslink-turned", "--brand", "millennium", "--turned")
time.sleep(0.3)
rc, out = probe(link, "--brand", "millennium")
check(rc == 0 and fields(out).get("orientation", "").startswith("turned"), "a turned ChessLink is detected", out)
rc, out = probe(link)
check(rc == 1, "a ChessLink probed as a DGT board does not answer the DGT handshake", out)
stop_fake(fake)
rc, out = probe(link, "--brand", "certabo")
check(rc == 2 and "expected dgt, millennium or livechess" in out, "a brand that is none is refused", out)

# 4. Faults: no such port; a bad script line.
rc, out = probe(os.path.join(work, "nothing-here"))
check(rc == 1 and "nothing-here" in out, "a missing port is refused with exit 1, naming it", out)
fake, link = start_fake("dgt-bad", script="lift e2\nplace z9\n")
try:
    fake.wait(timeout=10)
except subprocess.TimeoutExpired:
    fake.kill()
out = fake.stdout.read() + fake.stderr.read()
check(fake.returncode == 2 and "line 2" in out and "z9" in out, "a bad script line stops the fake with exit 2", out)

if failures:
    print("FAIL\n" + "\n".join(failures))
    sys.exit(1)
print("PASS")
