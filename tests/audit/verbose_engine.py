#!/usr/bin/env python3
"""Real Stockfish behind a pipe that talks more: before each search's `go` reaches the engine, it writes
OC_VERBOSE_PAD bytes of `info string` lines (default 1.2 MB), so one search's engine I/O is larger than
one journal record holds (1 MiB) and the console must split it. Everything else is Stockfish's own.
The engine is OC_VERBOSE_ENGINE (default /usr/games/stockfish)."""
import os
import subprocess
import sys
import threading

engine = subprocess.Popen([os.environ.get("OC_VERBOSE_ENGINE", "/usr/games/stockfish")],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
pad = int(os.environ.get("OC_VERBOSE_PAD", "1200000"))
out_lock = threading.Lock()


def say(line):
    with out_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def relay():
    for line in engine.stdout:
        say(line.rstrip("\n"))


threading.Thread(target=relay, daemon=True).start()
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["go"] and "ponder" not in words:
        filler = "x" * 990
        for n in range(pad // 1000 + 1):
            say(f"info string pad {n:05d} {filler}")
    engine.stdin.write(line)
    engine.stdin.flush()
    if words[:1] == ["quit"]:
        break
engine.wait()
