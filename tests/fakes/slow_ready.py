#!/usr/bin/env python3
"""A real engine whose Nth `readyok` comes late: a UCI relay for the audit's queued-search tests.

Usage: slow_ready.py --ready N --delay SECONDS ENGINE [ARG...]

Every line goes through to ENGINE (e.g. Stockfish) and back; the engine's Nth `readyok` (the first is
the handshake's, the second the new game's) is held back SECONDS. Meanwhile the console queues the
searches it is asked for; a correction in that time replaces the queued search before its `position`
line is sent (issue 37).
"""
import argparse
import subprocess
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ready", type=int, required=True)
    parser.add_argument("--delay", type=float, required=True)
    parser.add_argument("engine", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if not args.engine:
        sys.exit("slow_ready.py: expected the engine command after the options")
    engine = subprocess.Popen(args.engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def relay_output():
        readies = 0
        for line in engine.stdout:
            if line.strip() == "readyok":
                readies += 1
                if readies == args.ready:
                    time.sleep(args.delay)
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=relay_output, daemon=True).start()
    for line in sys.stdin:
        engine.stdin.write(line)
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
