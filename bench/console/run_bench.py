#!/usr/bin/env python3
"""The console's responsiveness figures (issue 16), each as a ratio or a percentile:

1. frames per second and CPU share (CPU time / wall time) of operator-console in every phase of a game
   an automatic operator plays (--bench-frames), the idle setup screen first;
2. key-press-to-screen latency p50/p99 (--bench-input): without engine load, and with the engine
   pondering on every core at nice 0 and at --engine-nice N; the engine's nps alone at both priorities;
3. launch to first frame, for a new game and for --resume of a 300-ply journal (--bench-start);
4. operator-cli play against an engine that hangs on its third `go`: seconds to return, restarts;
5. engine_bridge_bench (the bridge's isready round trip against a bare pipe);
6. issue 26: --bench-frames in Persian (shaped, right to left) against English, alternated in one run,
   and shape_bench (the whole fa catalogue shaped once).

Every console run is a real window under its own Xvfb (xvfb-run). Nothing is asserted: the figures are
printed for the reader (tests never time anything).
Usage: bench/console/run_bench.py [--bin build/ci/bin] [--seconds 5] [--keys 200] [--nice 10]
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(ROOT, "build", "ci", "bin"))
ap.add_argument("--seconds", type=float, default=5.0, help="dwell in each phase of --bench-frames")
ap.add_argument("--keys", type=int, default=200, help="key events per --bench-input run")
ap.add_argument("--nice", type=int, default=10, help="the --engine-nice compared with 0")
ap.add_argument("--starts", type=int, default=5, help="launches per start-time figure")
ap.add_argument("--stockfish", default="/usr/games/stockfish")
ap.add_argument("--sections", default="123456", help="which of the six to run, e.g. 23")
ap.add_argument("--lang-rounds", type=int, default=2, help="en/fa pairs of --bench-frames in section 6")
args = ap.parse_args()

console = os.path.join(args.bin, "operator-console")
cli = os.path.join(args.bin, "operator-cli")
tmp = tempfile.mkdtemp(prefix="console-bench-")
cores = os.cpu_count() or 1


def write(name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def event(tc, threads, ponder):
    return write(f"event-{threads}-{ponder}.json", json.dumps({
        "white": "Human", "black": "Stockfish", "computer_side": "black", "time_control": tc,
        "engine": {"command": args.stockfish, "options": {"Threads": str(threads)}, "ponder": ponder}}))


def run_console(*extra, journal="game.journal"):
    path = os.path.join(tmp, journal)
    if os.path.exists(path) and "--resume" not in extra:
        os.remove(path)
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", console, "--journal", path, *extra]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        sys.exit(f"operator-console failed ({out.returncode}): {out.stderr[-2000:]}")
    return out.stdout


def frames():
    print(f"== 1. frames and CPU per phase (--bench-frames {args.seconds:g}, 1280x800, llvmpipe under Xvfb)")
    print(run_console("--bench-frames", str(args.seconds), "--event", event("5m+3s", 1, False)), end="")


def stockfish_nps(nice):
    # Threads = every core, 5 s from the start position: the last `info ... nps N` line.
    proc = subprocess.Popen([args.stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            preexec_fn=(lambda: os.nice(nice)) if nice else None)
    proc.stdin.write(f"setoption name Threads value {cores}\nisready\ngo movetime 5000\n")
    proc.stdin.flush()
    nps = 0
    for line in proc.stdout:
        m = re.search(r"\bnps (\d+)", line)
        if m:
            nps = int(m.group(1))
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return nps


def input_latency():
    print(f"== 2. key press to frame on screen (--bench-input {args.keys}; engine Threads={cores})")
    # Pondering needs the engine's handshake before the start: each `wait` lets it answer (<= 50 ms).
    script = write("ponder.script", "wait\n" * 60 + "start\nmove e4\nmade\npressed\n")
    runs = [("no engine load", event("5m+3s", 1, False), 0, []),
            ("engine pondering, nice 0", event("5m+3s", cores, True), 0, ["--script", script]),
            (f"engine pondering, nice {args.nice}", event("5m+3s", cores, True), args.nice, ["--script", script])]
    for label, ev, nice, extra in runs:
        if not extra:
            extra = ["--script", write("start.script", "start\n")]
        out = run_console("--bench-input", str(args.keys), "--event", ev, "--engine-nice", str(nice), *extra)
        print(f"{label}: {out.strip()}")
    base = stockfish_nps(0)
    low = stockfish_nps(args.nice)
    print(f"engine alone, Threads={cores}, go movetime 5000: nps {base} at nice 0, {low} at nice {args.nice} "
          f"(ratio {low / max(base, 1):.2f})")


def start_times():
    print(f"== 3. launch to first frame (--bench-start, {args.starts} launches each; ms, median / max)")
    new = [first_frame(run_console("--bench-start", "--event", event("90m+30s", 1, False)))
           for _ in range(args.starts)]
    print(f"new game: {statistics.median(new):.0f} / {max(new):.0f}")
    journal = os.path.join(tmp, "long.journal")
    play = subprocess.run([cli, "play", "--engine", "fake", "--engine-side", "black", "--tc", "90m+30s",
                           "--human", "random", "--seed", "3", "--max-plies", "300", "--journal", journal],
                          capture_output=True, text=True, timeout=300)
    print(f"resume journal: {play.stdout.strip().splitlines()[-1]}")
    resumed = []
    for i in range(args.starts):
        shutil.copy(journal, os.path.join(tmp, f"resume{i}.journal"))
        resumed.append(first_frame(run_console("--bench-start", "--resume", journal=f"resume{i}.journal")))
    print(f"--resume of that journal: {statistics.median(resumed):.0f} / {max(resumed):.0f}")


def first_frame(out):
    return float(re.search(r"first frame after (\d+) ms", out).group(1))


def hang():
    print("== 4. operator-cli play, the engine hangs on its third go (--engine-deadline 1)")
    relay = os.path.join(ROOT, "tests", "fakes", "hang_on_go.py")
    t0 = time.monotonic()
    out = subprocess.run([cli, "play", "--engine", relay, "--engine-arg=--go", "--engine-arg=3",
                          "--engine-arg=--once", f"--engine-arg={tmp}/hung", f"--engine-arg={args.stockfish}",
                          "--engine-side", "black", "--tc", "90m+30s", "--human", "random", "--max-plies", "12",
                          "--engine-deadline", "1", "--journal", os.path.join(tmp, "hang.journal")],
                         capture_output=True, text=True, timeout=300)
    print(f"returned after {time.monotonic() - t0:.1f} s (deadline 1 s + 3 s margin): "
          f"{out.stdout.strip().splitlines()[-1]}")


def bridge():
    print("== 5. engine_bridge_bench")
    out = subprocess.run([os.path.join(args.bin, "engine_bridge_bench"), args.stockfish],
                         capture_output=True, text=True, timeout=600)
    print(out.stdout, end="")


def persian():
    print(f"== 6. Persian against English: --bench-frames {args.seconds:g} alternated, {args.lang_rounds} pairs")
    for r in range(args.lang_rounds):
        for lang in ("en", "fa"):
            out = run_console("--bench-frames", str(args.seconds), "--event", event("5m+3s", 1, False),
                              "--ui-lang", lang)
            for line in out.strip().splitlines():
                print(f"[{lang} #{r + 1}] {line}")
    out = subprocess.run([os.path.join(args.bin, "shape_bench"), "50"], capture_output=True, text=True,
                         timeout=600)
    print(out.stdout, end="")


try:
    for number, section in enumerate((frames, input_latency, start_times, hang, bridge, persian), 1):
        if str(number) in args.sections:
            section()
        sys.stdout.flush()
finally:
    shutil.rmtree(tmp, ignore_errors=True)
