#!/usr/bin/env python3
"""Load on loopback for `operator-cli broadcast serve`: N clients hold /events open while records are
appended to the journal one at a time; for each append, each client's delay until it received the
board's JSON naming that record. Prints latency percentiles, the server's memory with N clients, and
its CPU when idle (no clients, then N clients). Stops by itself; non-zero exit if a client missed an
update (latency is reported, never asserted: the ctest runs this with fewer clients).
Usage: load_bench.py OPERATOR_CLI JOURNAL [--clients N] [--records K] [--gap-ms MS]"""
import argparse
import json
import multiprocessing
import os
import resource
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time

ap = argparse.ArgumentParser()
ap.add_argument("cli")
ap.add_argument("journal")
ap.add_argument("--clients", type=int, default=1000)
ap.add_argument("--records", type=int, default=40)
ap.add_argument("--gap-ms", type=int, default=300)
ap.add_argument("--idle-s", type=float, default=5.0)
ap.add_argument("--workers", type=int, default=4, help="client processes (one Python process cannot read 1,000 "
                "sockets as fast as the server writes them)")
args = ap.parse_args()

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.clients + 256)), hard))
TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK


def rss_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def idle_cpu(pid, seconds):
    c0, t0 = cpu_s(pid), time.monotonic()
    time.sleep(seconds)
    return 100.0 * (cpu_s(pid) - c0) / (time.monotonic() - t0)


class Client:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: bench\r\n\r\n")
        self.sock.setblocking(False)
        self.buf = b""
        self.seen = {}  # journal_seq -> monotonic receive time

    def read(self, now):
        try:
            data = self.sock.recv(1 << 16)
        except BlockingIOError:
            return True
        if not data:
            return False
        self.buf += data
        while b"\n\n" in self.buf:
            event, _, self.buf = self.buf.partition(b"\n\n")
            for line in event.split(b"\n"):
                if line.startswith(b"data: "):
                    self.seen.setdefault(json.loads(line[6:])["journal_seq"], now)
        return True


def pump(sel, until, stop=None):
    while time.monotonic() < until:
        for key, _ in sel.select(timeout=max(0.0, min(0.2, until - time.monotonic()))):
            if key.data is None:
                return
            if not key.data.read(time.monotonic()):
                sel.unregister(key.fileobj)


def worker(port, n, conn):
    """n clients in this process: reports (connected, [(seq, receive time)]) when told to stop."""
    sel = selectors.DefaultSelector()
    clients = [Client(port) for _ in range(n)]
    for c in clients:
        sel.register(c.sock, selectors.EVENT_READ, c)
    pump(sel, time.monotonic() + 2.0)
    conn.send(sum(1 for c in clients if 0 in c.seen))
    sel.register(conn, selectors.EVENT_READ, None)
    pump(sel, time.monotonic() + 3600)
    conn.send([c.seen for c in clients])
    for c in clients:
        c.sock.close()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100.0 * (len(values) - 1))))]


def main():
    lines = open(args.journal).read().splitlines()
    records = min(args.records, len(lines) - 1)
    tmp = tempfile.mkdtemp(prefix="oc-load-")
    live = os.path.join(tmp, "live.journal")
    open(live, "w").write(lines[0] + "\n")
    server = subprocess.Popen([args.cli, "broadcast", "serve", "--journal", live, "--listen", "127.0.0.1:0",
                               "--max-clients", str(args.clients + 10),
                               "--max-per-address", str(args.clients + 10)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
        time.sleep(0.5)
        rss0, cpu0 = rss_kb(server.pid), idle_cpu(server.pid, args.idle_s)
        pipes, procs = [], []
        for w in range(args.workers):
            here, there = multiprocessing.Pipe()
            n = args.clients // args.workers + (1 if w < args.clients % args.workers else 0)
            procs.append(multiprocessing.Process(target=worker, args=(port, n, there)))
            procs[-1].start()
            pipes.append(here)
        connected = sum(p.recv() for p in pipes)
        rss1 = rss_kb(server.pid)
        appended = {}
        for i in range(1, records + 1):
            with open(live, "a") as f:
                f.write(lines[i] + "\n")
            appended[i] = time.monotonic()
            time.sleep(args.gap_ms / 1000.0)
        time.sleep(1.0)
        rss2 = rss_kb(server.pid)
        cpu1 = idle_cpu(server.pid, args.idle_s)
        for p in pipes:
            p.send("stop")
        clients = [seen for p in pipes for seen in p.recv()]
        for p in procs:
            p.join()
        latencies = [1000.0 * (seen[i] - appended[i]) for seen in clients for i in appended if i in seen]
        missed = len(clients) * records - len(latencies)
        print(f"clients {args.clients} (streams open {connected}), records appended {records}, "
              f"deliveries {len(latencies)}, missed {missed}")
        if latencies:
            print("latency ms (append -> client has the JSON): p50 {:.1f} p90 {:.1f} p99 {:.1f} max {:.1f}".format(
                percentile(latencies, 50), percentile(latencies, 90), percentile(latencies, 99), max(latencies)))
        print(f"server RSS: {rss0} kB idle with no client, {rss1} kB with {args.clients} clients, "
              f"{rss2} kB after the updates")
        print(f"server CPU when idle: {cpu0:.2f}% with no client, {cpu1:.2f}% with {args.clients} clients open")
        return 0 if missed == 0 and connected == args.clients else 1
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        os.remove(live)
        os.rmdir(tmp)


sys.exit(main())
