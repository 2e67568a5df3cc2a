#!/usr/bin/env python3
"""scripted_engine.py MOVE...: a UCI engine that plays the given moves, in order, for the side to move
after the human (its n-th search answers with the n-th move), so a GUI flow can reach the positions it
needs (a castling, a promotion) whatever time the window takes. It answers the handshake and `isready`,
sends one `info` line per search and the move as `bestmove`, at once; a `go ponder` waits for `ponderhit`
or `stop`, as UCI says. Not a player: a position it has no move for gets `bestmove 0000`."""
import sys

moves = sys.argv[1:]
searched = 0
pondering = False


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def answer():
    global searched
    move = moves[searched] if searched < len(moves) else "0000"
    searched += 1
    say("info depth 1 seldepth 1 score cp 0 nodes 1 pv " + move)
    say("bestmove " + move)


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "uci":
        say("id name Scripted")
        say("id author the operator console's tests")
        say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        # The engine's move count is the number of its own moves in the position sent.
        played = len(words) - words.index("moves") - 1 if "moves" in words else 0
        searched = played // 2
    elif words[0] == "go":
        pondering = "ponder" in words
        if not pondering:
            answer()
    elif words[0] in ("ponderhit", "stop") and pondering:
        pondering = False
        answer()
    elif words[0] == "quit":
        break
