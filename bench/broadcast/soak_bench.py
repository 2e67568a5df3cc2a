#!/usr/bin/env python3
"""Memory soak for `operator-cli broadcast serve` (issue 25's figure): G journals grow record by record
for M minutes while N clients hold /events open. The journals are whole games played beforehand by
`operator-cli play` (the built-in engine, a random human, a seed per game), so every board is a different
game. Prints the server's RSS sampled through the run (at the start, each minute and the end), its peak,
and the growth over the second half of the run, which a leak would make grow with the records and a
healthy hub keeps flat. Non-zero exit if a client's stream closed or the server died.
Usage: soak_bench.py OPERATOR_CLI [--journals 20] [--clients 500] [--minutes 10] [--plies 300]"""
import argparse
import multiprocessing
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ap = argparse.ArgumentParser()
ap.add_argument("cli")
ap.add_argument("--journals", type=int, default=20)
ap.add_argument("--clients", type=int, default=500)
ap.add_argument("--minutes", type=float, default=10.0)
ap.add_argument("--plies", type=int, default=300)
ap.add_argument("--workers", type=int, default=4)
args = ap.parse_args()
TICK = os.sysconf("SC_CLK_TCK")


def rss_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK


def play_games(tmp):
    """G whole games, each a list of journal lines (header first)."""
    games = []
    for g in range(args.journals):
        path = os.path.join(tmp, f"source{g + 1}.journal")
        subprocess.run([args.cli, "play", "--engine", "fake", "--engine-side", "black" if g % 2 else "white",
                        "--tc", "90m+30s", "--human", "random", "--seed", str(g + 1), "--max-plies",
                        str(args.plies), "--journal", path], check=True, stdout=subprocess.DEVNULL)
        games.append(open(path).read().splitlines())
    return games


def worker(port, n, conn):
    """n streams in this process; reports (events received, streams still open) when told to stop."""
    sel = selectors.DefaultSelector()
    socks = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /events HTTP/1.1\r\nHost: soak\r\n\r\n")
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, s)
        socks.append(s)
    sel.register(conn, selectors.EVENT_READ, None)
    events, open_streams = 0, n
    while True:
        for key, _ in sel.select(timeout=1.0):
            if key.data is None:
                conn.recv()
                conn.send((events, open_streams))
                return
            data = key.data.recv(1 << 16)
            if not data:
                sel.unregister(key.data)
                open_streams -= 1
            events += data.count(b"\n\n")


def start_clients(port):
    pipes, procs = [], []
    for w in range(args.workers):
        here, there = multiprocessing.Pipe()
        n = args.clients // args.workers + (1 if w < args.clients % args.workers else 0)
        procs.append(multiprocessing.Process(target=worker, args=(port, n, there), daemon=True))
        procs[-1].start()
        pipes.append(here)
    return pipes


def grow(games, lives, server, samples):
    """Appends every game's records round robin, spread over the run; samples RSS every ~10 s."""
    order = [(g, i) for i in range(1, max(len(x) for x in games)) for g in range(len(games)) if i < len(games[g])]
    gap = args.minutes * 60.0 / max(1, len(order))
    t0 = time.monotonic()
    next_sample = t0
    for k, (g, i) in enumerate(order):
        with open(lives[g], "a") as f:
            f.write(games[g][i] + "\n")
        now = time.monotonic()
        if now >= next_sample:
            samples.append((now - t0, rss_kb(server.pid), k))
            next_sample += 10.0
        if server.poll() is not None:
            return False
        time.sleep(max(0.0, t0 + (k + 1) * gap - time.monotonic()))
    time.sleep(2.0)
    samples.append((time.monotonic() - t0, rss_kb(server.pid), len(order)))
    return True


def report(samples, events, open_streams, cpu, records):
    print(f"journals {args.journals}, records appended {records}, clients {args.clients} "
          f"(streams still open {open_streams}), events received {events}, server CPU {cpu:.1f} s")
    for t, rss, k in samples:
        if t < 1 or abs(t / 60.0 - round(t / 60.0)) < 10.0 / 120 or (t, rss, k) == samples[-1]:
            print(f"  t={t / 60.0:5.2f} min  records {k:5d}  RSS {rss / 1024.0:6.1f} MB")
    half = [s for s in samples if s[0] >= samples[-1][0] / 2]
    print(f"RSS peak {max(s[1] for s in samples) / 1024.0:.1f} MB; second half of the run: "
          f"{half[0][1] / 1024.0:.1f} MB -> {half[-1][1] / 1024.0:.1f} MB")


def main():
    tmp = tempfile.mkdtemp(prefix="oc-soak-")
    try:
        games = play_games(tmp)
        lives = [os.path.join(tmp, f"board{g + 1}.journal") for g in range(len(games))]
        for live, game in zip(lives, games):
            open(live, "w").write(game[0] + "\n")
        cmd = [args.cli, "broadcast", "serve", "--listen", "127.0.0.1:0", "--max-clients", str(args.clients + 10),
               "--max-per-address", str(args.clients + 10)]
        for live in lives:
            cmd += ["--journal", live]
        server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
            pipes = start_clients(port)
            time.sleep(2.0)
            samples = []
            ok = grow(games, lives, server, samples)
            cpu = cpu_s(server.pid)
            for p in pipes:
                p.send("stop")
            got = [p.recv() for p in pipes]
            events, open_streams = sum(e for e, _ in got), sum(o for _, o in got)
            report(samples, events, open_streams, cpu, samples[-1][2])
            return 0 if ok and open_streams == args.clients else 1
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    finally:
        shutil.rmtree(tmp)


sys.exit(main())
