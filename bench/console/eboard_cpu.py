#!/usr/bin/env python3
"""The console's CPU with an idle e-board attached against none (issue 24): a figure, never a test.

operator-console runs a real window under its own Xvfb, the game started and the human to move, for
the same wall time twice: without a board, and with `--eboard` on `operator-cli eboard fake --clock`
(a real pty; nothing moves on it, so the link only answers the console's pings). The console's CPU time
(utime + stime from /proc, all its threads, the board's included; the engine is a child process of its
own and is not counted) divided by the wall time is printed for both runs, and their ratio.
Usage: bench/console/eboard_cpu.py [--bin build/ci/bin] [--seconds 20] [--runs 3]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(ROOT, "build", "ci", "bin"))
ap.add_argument("--seconds", type=float, default=20.0, help="wall time measured per run")
ap.add_argument("--runs", type=int, default=3, help="runs of each kind (the median is printed)")
args = ap.parse_args()
console = os.path.join(args.bin, "operator-console")
cli = os.path.join(args.bin, "operator-cli")
tick = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick  # utime, stime (fields 14, 15)


def console_pid(journal):
    """The operator-console process writing `journal` (xvfb-run starts it as a grandchild)."""
    for _ in range(300):
        for pid in subprocess.run(["pgrep", "-f", journal], capture_output=True, text=True).stdout.split():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if f.read().split(b"\0")[0].endswith(b"operator-console"):
                        return int(pid)
            except OSError:
                pass
        time.sleep(0.1)
    raise SystemExit("operator-console did not start")


def one_run(tmp, name, extra):
    journal = os.path.join(tmp, name + ".journal")
    script = os.path.join(tmp, "start.script")
    with open(script, "w") as f:
        f.write("start\n")
    event = os.path.join(tmp, "event.json")
    with open(event, "w") as f:
        f.write('{"computer_side": "black", "time_control": "90m+30s"}')
    xvfb = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", console, "--event", event,
                             "--journal", journal, "--script", script] + extra,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        pid = console_pid(journal)
        time.sleep(5)  # the window up, the engine started, the board connected
        c0, t0 = cpu_seconds(pid), time.monotonic()
        time.sleep(args.seconds)
        c1, t1 = cpu_seconds(pid), time.monotonic()
        return (c1 - c0) / (t1 - t0)
    finally:
        xvfb.terminate()
        xvfb.wait()


def main():
    tmp = tempfile.mkdtemp(prefix="eboard-cpu-")
    link = os.path.join(tmp, "dgt")
    fake = subprocess.Popen([cli, "--ui-lang", "en", "eboard", "fake", "--clock", "--link", link],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not os.path.islink(link):
            time.sleep(0.05)
        without, with_board = [], []
        for i in range(args.runs):
            without.append(one_run(tmp, f"none{i}", []))
            with_board.append(one_run(tmp, f"board{i}", ["--eboard", link]))
        a, b = statistics.median(without), statistics.median(with_board)
        print(f"console CPU, idle, human to move ({args.seconds:.0f} s, median of {args.runs}):")
        print(f"  without an e-board: {a * 100:.2f} % of one core  (runs: "
              + ", ".join(f"{x * 100:.2f}" for x in without) + ")")
        print(f"  with an idle e-board: {b * 100:.2f} % of one core  (runs: "
              + ", ".join(f"{x * 100:.2f}" for x in with_board) + ")")
        print(f"  ratio with/without: {b / a:.2f}" if a > 0 else "  ratio: (no CPU without a board)")
    finally:
        fake.stdin.write(b"quit\n")
        fake.stdin.close()
        fake.wait()
        shutil.rmtree(tmp, ignore_errors=True)


main()
