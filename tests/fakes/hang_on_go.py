#!/usr/bin/env python3
"""A real engine that stops answering on its Nth `go`: a UCI relay for the hang tests.

Usage: hang_on_go.py --go N [--once FILE] ENGINE [ARG...]

Every line goes through to ENGINE (e.g. Stockfish) and back, so the game is real, until the Nth `go`:
that one is swallowed and from then on the relay neither forwards nor answers anything, yet stays
alive, as a hung engine does. With --once FILE it hangs only while FILE does not exist (it creates it
when it hangs), so the restarted engine plays on.
"""
import argparse
import os
import subprocess
import sys
import threading


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--go", type=int, required=True)
    parser.add_argument("--once")
    parser.add_argument("engine", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if not args.engine:
        sys.exit("hang_on_go.py: expected the engine command after the options")
    engine = subprocess.Popen(args.engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    hung = threading.Event()

    def relay_output():
        for line in engine.stdout:
            if hung.is_set():
                continue
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=relay_output, daemon=True).start()
    gos = 0
    for line in sys.stdin:
        if hung.is_set():
            continue
        if line.startswith("go"):
            gos += 1
            if gos == args.go and not (args.once and os.path.exists(args.once)):
                if args.once:
                    open(args.once, "w").write("hung\n")
                hung.set()
                continue
        engine.stdin.write(line)
        engine.stdin.flush()
        if line.strip() == "quit":
            break
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
