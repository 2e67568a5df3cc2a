#!/usr/bin/env python3
"""A real engine whose new game takes a while: a UCI relay for the real-time audit test.

Usage: slow_newgame.py --delay-ms N ENGINE [ARG...]

Every line goes through to ENGINE (e.g. Stockfish) and back, so the game is real. After each
`ucinewgame` the relay holds the next line it forwards (the console's `isready`) for N ms, as an engine
clearing a large hash does. A fast machine clears Stockfish's hash in under a millisecond, so without
the relay the wait the test is about may not happen at all.
"""
import argparse
import subprocess
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay-ms", type=int, required=True)
    parser.add_argument("engine", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if not args.engine:
        sys.exit("slow_newgame.py: expected the engine command after the options")
    engine = subprocess.Popen(args.engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def relay_output():
        for line in engine.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=relay_output, daemon=True).start()
    hold = False
    for line in sys.stdin:
        if hold:
            time.sleep(args.delay_ms / 1000.0)
            hold = False
        engine.stdin.write(line)
        engine.stdin.flush()
        if line.strip() == "ucinewgame":
            hold = True
        if line.strip() == "quit":
            break
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
