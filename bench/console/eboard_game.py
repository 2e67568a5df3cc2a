#!/usr/bin/env python3
"""A whole game on the electronic board in the real window, as people play it (issue 34): figures, never a test.

operator-console runs under xvfb-run against Stockfish, on `operator-cli eboard fake --clock` (a real pty;
its DGT 3000 adds the increment at each press, as a real one does). The human's moves are Stockfish's
at depth 1 (so the game ends, usually in a mate), played on the fake board piece by piece and completed by
the lever; the computer's moves are played on the board by "the operator" and pressed, then recorded
with Enter. On the way, the mistakes people make at the board: a draw offer ticked before the human's
press (the computer's move waits for the answer), a wrong computer move put right, a piece held in the
air, a knocked piece put back, an illegal move pressed and ruled, an unplug with a press in it.
Printed: last piece down -> the proposal on the e-board line (p50/p99, through the widget map the window
writes each frame), wrong computer move down -> the red line, the syncs of the game (and how many were
real differences), the plies, the result and the audit's verdicts. Screenshots and the journal stay in
--out.
Usage: xvfb-run -a -s '-screen 0 1280x800x24' bench/console/eboard_game.py [--bin build/ci/bin]
       [--out DIR] [--tc 5m+3s] [--max-plies 160]
"""
import argparse
import json
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(ROOT, "build", "ci", "bin"))
ap.add_argument("--out", default="/tmp/eboard-game")
ap.add_argument("--tc", default="5m+3s")
ap.add_argument("--max-plies", type=int, default=160)
args = ap.parse_args()
os.makedirs(args.out, exist_ok=True)
for name in os.listdir(args.out):
    os.remove(os.path.join(args.out, name))
journal = os.path.join(args.out, "game.journal")
link = os.path.join(args.out, "dgt")
wmap = os.path.join(args.out, "widgets.txt")


class Oracle:
    """Stockfish for the human's moves and for the placement after any move (its `d` command)."""

    def __init__(self):
        self.p = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.say("uci")
        self.wait("uciok")

    def say(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if line.startswith(prefix):
                return line.strip()

    def fen(self, moves):
        self.say("position startpos moves " + " ".join(moves))
        self.say("d")
        return self.wait("Fen:").split()[1]

    def best(self, moves):
        self.say("position startpos moves " + " ".join(moves))
        self.say("go depth 1")
        return self.wait("bestmove").split()[1]

    def legal(self, moves):
        self.say("position startpos moves " + " ".join(moves))
        self.say("go perft 1")
        out = []
        while True:
            line = self.p.stdout.readline().strip()
            if line.startswith("Nodes searched"):
                return out
            if ":" in line:
                out.append(line.split(":")[0])


def placement(fen):
    squares = {}
    for r, row in enumerate(fen.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                squares["abcdefgh"[f] + str(8 - r)] = ch
                f += 1
    return squares


def wait_for(what, cond, limit=120.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.02)
    raise SystemExit(f"eboard_game: gave up waiting for {what}")


def records(kind=None):
    out = []
    try:
        with open(journal) as f:
            for line in f:
                r = json.loads(line)
                if kind is None or r["type"] == kind:
                    out.append(r)
    except (FileNotFoundError, json.JSONDecodeError):
        pass
    return out


def widgets():
    out = {}
    try:
        with open(wmap) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 5:
                    out[parts[0]] = parts
    except FileNotFoundError:
        pass
    return out


def eboard_line():
    return widgets().get("banner eboard", [""] * 5)[4]


def click(name):
    w = wait_for(f"the control '{name}'", lambda: widgets().get(name) if widgets().get(name, [0] * 4)[3] == "1" else None)
    subprocess.run(["xdotool", "mousemove", w[1], w[2], "click", "1"], check=True)
    time.sleep(0.3)
    subprocess.run(["xdotool", "mousemove", "640", "60"], check=True)


def key(k):
    subprocess.run(["xdotool", "key", k], check=True)


def shot(name):
    subprocess.run(["import", "-window", "root", os.path.join(args.out, name + ".png")], check=False)


fake = subprocess.Popen([os.path.join(args.bin, "operator-cli"), "--ui-lang", "en", "eboard", "fake", "--clock",
                         "--link", link], stdin=subprocess.PIPE, stdout=open(os.path.join(args.out, "fake.log"), "w"),
                        stderr=subprocess.STDOUT, text=True)


def board(line):
    fake.stdin.write(line + "\n")
    fake.stdin.flush()


wait_for("the fake board's link", lambda: os.path.islink(link))
minutes, _, inc = args.tc.partition("+")
board(f"clock 0:{int(minutes.rstrip('m')):02d}:00 0:{int(minutes.rstrip('m')):02d}:00" + (f" +{inc}" if inc else ""))
with open(os.path.join(args.out, "event.json"), "w") as f:
    json.dump({"computer_side": "black", "time_control": args.tc, "white": "Kowalski, Jan", "black": "Stockfish"}, f)
with open(os.path.join(args.out, "start.script"), "w") as f:
    f.write("start\n")
console = subprocess.Popen([os.path.join(args.bin, "operator-console"), "--event", os.path.join(args.out, "event.json"),
                            "--journal", journal, "--script", os.path.join(args.out, "start.script"), "--widget-map",
                            wmap, "--eboard", link], stderr=open(os.path.join(args.out, "console.err"), "w"))
subprocess.run(["xdotool", "search", "--sync", "--name", "Operator console"], capture_output=True, check=True)
subprocess.run(["xdotool", "mousemove", "640", "60"], check=True)
wait_for("the board's connection", lambda: "serial" in eboard_line())
wait_for("the game's start", lambda: records("start"))
board("start")  # the arbiter starts the table clock as the game starts

oracle = Oracle()
moves = []
proposed_ms, red_ms = [], []


def play(uci, held=0.0):
    """The pieces of `uci` moved on the board: what leaves first, then what arrives. Returns when the last
    piece went down."""
    before, after = placement(oracle.fen(moves)), placement(oracle.fen(moves + [uci]))
    leaving = [s for s in before if after.get(s) != before[s]]
    arriving = [s for s in after if before.get(s) != after[s]]
    leaving.sort(key=lambda s: s == uci[:2])  # the victim first, then the mover
    for s in leaving:
        board(f"lift {s}")
    if held:
        time.sleep(held)
    for s in arriving:
        board(f"place {s} {after[s]}")
    return time.monotonic()


def human_move():
    uci = oracle.best(moves)
    down = play(uci)
    wait_for("the proposal", lambda: "E-board shows" in eboard_line())
    proposed_ms.append((time.monotonic() - down) * 1000)
    return uci


def press_and_wait(kind, count):
    board("press")
    wait_for(f"{count} {kind} records", lambda: len(records(kind)) >= count)


def game_over():
    return "GAME OVER" in widgets().get("banner state", [""] * 5)[4]


def human_turn(n_human, events):
    """The human's move number n_human + 1, with the mistake this move is for; returns when it is entered."""
    now = placement(oracle.fen(moves))
    if n_human == 2:  # (=) ticked while his move stands on the board, before his press
        human_move()
        wait_for("the move box's wait line", lambda: "board move waits" in widgets())
        click("(=) draw offer")
        events.append("draw offer ticked before the human's press")
    elif n_human == 4 and now.get("a2") == "P" and now.get("a1") == "R" and "a3" not in now:
        illegal_move_ruled()
        events.append("Ra1-a3 through the a2 pawn, pressed, ruled by the arbiter")
        human_move()
    elif n_human == 8:  # unplugged; the move made and pressed meanwhile; plugged back
        board("unplug")
        wait_for("the loss", lambda: "not connected" in eboard_line())
        play(oracle.best(moves))
        board("press")
        board("replug")
        wait_for("the recovered move", lambda: len(records("human_move")) > n_human, 30)
        got = any(r["payload"].get("recovered") for r in records("eboard"))
        events.append("unplugged with a move and a press in it: " + ("recovered" if got else "NOT recovered"))
        return
    else:
        if n_human == 6:  # a piece knocked and put back at once
            square = next(s for s, p in now.items() if p.isupper() and p != "K")
            board(f"lift {square}")
            board(f"place {square} {now[square]}")
            events.append(f"the piece on {square} knocked and put back")
        human_move()
    press_and_wait("human_move", n_human + 1)


def illegal_move_ruled():
    board("lift a1")
    board("place a3 R")
    time.sleep(0.5)
    board("press")
    wait_for("the stray press", lambda: "illegal move" in eboard_line())
    shot("illegal-pressed")
    click("Arbiter: rule it")
    click("Rule illegal move")
    click("Confirm: Rule illegal move")
    wait_for("the ruling", lambda: records("illegal"))
    board("lift a3")
    board("place a1 R")
    board("press")  # the arbiter restarts the human's clock
    click("Draws & result")


def computer_turn(offer):
    """The computer's move played on the board (held by a pending offer until the operator declines, or
    played wrongly first every 7th move, or held in the air), pressed and recorded with Enter."""
    # The engine's move n answers the human's move n (the computer has Black): counted from the human's moves,
    # since a quick reply (a mate in one) may be journalled before this turn starts.
    n = len(records("human_move"))
    wait_for(f"engine move {n}", lambda: len(records("engine_move")) >= n or game_over(), 180)
    if game_over():
        return None
    uci = records("engine_move")[n - 1]["payload"]["uci"]
    if n % 7 == 3:
        wrong_then_right(uci)
    play(uci, held=1.0 if n == 5 else 0.0)
    if offer:
        wait_for("the wait for the answer", lambda: "answer the human's draw offer first" in eboard_line())
        board("press")
        shot("offer-waits")
        click("Decline")
    else:
        wait_for("the made move", lambda: len(records("made")) >= n, 30)
        board("press")
    wait_for("the press", lambda: len(records("pressed")) >= n or game_over(), 30)
    time.sleep(0.3)
    key("Return")  # Recorded: the step that is due
    return uci


def wrong_then_right(uci):
    others = [m for m in oracle.legal(moves) if m[:2] != uci[:2] and m[2:4] != uci[2:4] and len(m) == 4]
    if not others:
        return
    before, wrong = placement(oracle.fen(moves)), placement(oracle.fen(moves + [others[0]]))
    down = play(others[0])
    wait_for("the red line", lambda: "Wrong on the board" in eboard_line())
    red_ms.append((time.monotonic() - down) * 1000)
    shot(f"wrong-{len(moves)}")
    for s in wrong:
        if before.get(s) != wrong[s]:
            board(f"lift {s}")
    for s in before:
        if wrong.get(s) != before[s]:
            board(f"place {s} {before[s]}")
    wait_for("the line put right", lambda: "Wrong on the board" not in eboard_line())


plies = 0
events = []
try:
    while plies < args.max_plies and not game_over():
        n_human = len(records("human_move"))
        human_turn(n_human, events)
        moves.append(records("human_move")[-1]["payload"]["uci"])
        plies += 1
        uci = computer_turn(records("human_move")[-1]["payload"].get("offer", False))
        if uci is None:
            break
        moves.append(uci)
        plies += 1
finally:
    shot("end")
    board("press")  # a press after the end: no refusal expected
    time.sleep(1.5)
    console.terminate()
    console.wait()
    board("quit")
    fake.wait()

audit = subprocess.run([os.path.join(args.bin, "operator-cli"), "--ui-lang", "en", "journal", "audit", journal],
                       capture_output=True, text=True).stdout
with open(os.path.join(args.out, "audit.txt"), "w") as f:
    f.write(audit)
syncs = records("sync")
pgn = os.path.join(args.out, "game.pgn")
subprocess.run([os.path.join(args.bin, "operator-cli"), "--ui-lang", "en", "journal", "replay", journal, "--pgn", pgn],
               capture_output=True)
result = open(pgn).read().split("[Result \"")[1].split("\"")[0] if os.path.exists(pgn) else "?"
print(f"plies {plies}, result {result}, journal records {len(records())}")
print(f"last piece down -> proposal on the e-board line: n={len(proposed_ms)} p50 {statistics.median(proposed_ms):.0f} ms, "
      f"p99 {sorted(proposed_ms)[max(0, int(len(proposed_ms) * 0.99) - 1)]:.0f} ms (settle 300 ms included)")
if red_ms:
    print(f"wrong computer move down -> red line: n={len(red_ms)} p50 {statistics.median(red_ms):.0f} ms, max {max(red_ms):.0f} ms")
print(f"syncs: {len(syncs)} in {plies} plies with the increment added at each press; "
      f"refusals: {len(records('refused'))}; eboard records: {len(records('eboard'))}")
for e in events:
    print("  " + e)
print("audit:", " | ".join(line.split(" ")[0] + " " + line.split(" ")[1] for line in audit.splitlines() if line and not line.startswith(" ")))
