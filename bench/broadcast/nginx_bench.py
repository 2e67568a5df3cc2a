#!/usr/bin/env python3
"""`broadcast serve` behind a real nginx (Debian's), started here with docs/broadcast-nginx.conf in a
temporary prefix on free loopback ports: N spectators hold /events open through nginx while journal
records are appended one at a time.

Checked (exit 1 when not so): every spectator gets every record through nginx, each one before the next
record is appended (so nginx does not buffer the stream: a buffered stream holds small events back until
its buffer fills); /games.json and /games.pgn through nginx are the hub's and are cached (X-Cache HIT
within the second, and a new record shows after the second).
Reported (never asserted): append -> spectator latency p50/p99, and the hub's CPU per record with one
spectator and with N.

Usage: nginx_bench.py OPERATOR_CLI JOURNAL CONF [--clients N] [--records K] [--gap-ms MS] [--workers W]
                      [--fanout proxy|nchan]
(CONF is docs/broadcast-nginx.conf, or docs/broadcast-nginx-nchan.conf with --fanout nchan: then the hub
posts each board update once to nginx's /publish itself, `broadcast serve --publish URL`, started before
nginx so that its retry is exercised too; the ctests run both with 50 spectators.)"""
import argparse
import json
import multiprocessing
import os
import re
import resource
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("cli")
ap.add_argument("journal")
ap.add_argument("conf")
ap.add_argument("--clients", type=int, default=5000)
ap.add_argument("--records", type=int, default=15)
ap.add_argument("--gap-ms", type=int, default=1000)
ap.add_argument("--workers", type=int, default=4)
ap.add_argument("--nginx", default="/usr/sbin/nginx")
ap.add_argument("--fanout", choices=["proxy", "nchan"], default="proxy",
                help="proxy: nginx proxies each /events stream to the hub (docs/broadcast-nginx.conf); nchan: "
                "nginx fans one stream out (docs/broadcast-nginx-nchan.conf), fed by the hub's --publish")
args = ap.parse_args()

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.clients + 256)), hard))
TICK = os.sysconf("SC_CLK_TCK")
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def cpu_s(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_conf(tmp, hub_port, port, clients):
    """The documented snippet with this run's ports and cache folder, inside a main config of its own."""
    site = open(args.conf).read()
    site = site.replace("server 127.0.0.1:8080;", f"server 127.0.0.1:{hub_port};")
    # Thousands of spectators connect at once: a listen queue for them (the kernel caps it at somaxconn).
    site = re.sub(r"listen 80;", f"listen 127.0.0.1:{port} backlog=8192;", site)
    site = site.replace("/var/cache/nginx/broadcast", os.path.join(tmp, "cache"))
    open(os.path.join(tmp, "site.conf"), "w").write(site)
    temps = "".join(f"{k}_temp_path {os.path.join(tmp, k)};\n" for k in
                    ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"])
    module = "load_module /usr/lib/nginx/modules/ngx_nchan_module.so;\n" if "nchan_" in site else ""
    main = (f"{module}daemon off;\nworker_processes 1;\npid {tmp}/nginx.pid;\nerror_log {tmp}/error.log warn;\n"
            f"worker_rlimit_nofile {3 * clients + 1000};\n"
            f"events {{ worker_connections {3 * clients + 500}; }}\n"
            f"http {{\naccess_log off;\n{temps}include {tmp}/site.conf;\n}}\n")
    path = os.path.join(tmp, "nginx.conf")
    open(path, "w").write(main)
    # Started by root, nginx's workers run as nobody: they must be able to write the cache and temp files.
    os.chmod(tmp, 0o755)
    for d in ["cache", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]:
        os.makedirs(os.path.join(tmp, d), exist_ok=True)
        os.chmod(os.path.join(tmp, d), 0o777)
    return path


def start_nginx(tmp, conf):
    test = subprocess.run([args.nginx, "-t", "-p", tmp, "-c", conf, "-e", f"{tmp}/error.log"],
                          capture_output=True, text=True)
    check(test.returncode == 0, f"nginx -t accepts the documented config {test.stderr.strip()[-200:]}")
    return subprocess.Popen([args.nginx, "-p", tmp, "-c", conf, "-e", f"{tmp}/error.log"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_port(port, deadline_s=30):
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


class Client:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
        self.sock.setblocking(False)
        self.buf = b""
        self.seen = {}  # journal_seq -> monotonic receive time
        self.closed = False
        self.opened = False  # the response's head has come

    def read(self, now):
        try:
            data = self.sock.recv(1 << 16)
        except BlockingIOError:
            return True
        except ConnectionResetError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.buf += data.replace(b"\r\n", b"\n") if b"\r" in data else data
        while b"\n\n" in self.buf:
            event, _, self.buf = self.buf.partition(b"\n\n")
            self.opened = True
            for line in event.split(b"\n"):
                if line.startswith(b"data: "):
                    self.seen.setdefault(json.loads(line[6:])["journal_seq"], now)
        return True


def worker(port, n, conn):
    """n spectators in this process. Commands: ("wait", seq) -> how many have seq (after at most 60 s);
    ("stop",) -> their receive times."""
    sel = selectors.DefaultSelector()
    clients = []
    for _ in range(n):
        clients.append(Client(port))
        sel.register(clients[-1].sock, selectors.EVENT_READ, clients[-1])
    sel.register(conn, selectors.EVENT_READ, None)
    while True:
        for key, _ in sel.select(timeout=0.2):
            if key.data is not None:
                if not key.data.read(time.monotonic()):
                    sel.unregister(key.fileobj)
                continue
            cmd = conn.recv()
            if cmd[0] == "stop":
                conn.send([c.seen for c in clients])
                return
            deadline = time.monotonic() + 60
            has = (lambda c: c.opened) if cmd[1] == "open" else (lambda c: cmd[1] in c.seen)
            while time.monotonic() < deadline and not all(has(c) or c.closed for c in clients):
                for k2, _ in sel.select(timeout=0.2):
                    if k2.data is not None and not k2.data.read(time.monotonic()):
                        sel.unregister(k2.fileobj)
            conn.send(sum(1 for c in clients if has(c)))


def spectators(port, n):
    pipes, procs = [], []
    workers = max(1, min(args.workers, n))
    for w in range(workers):
        here, there = multiprocessing.Pipe()
        k = n // workers + (1 if w < n % workers else 0)
        procs.append(multiprocessing.Process(target=worker, args=(port, k, there), daemon=True))
        procs[-1].start()
        pipes.append(here)
    return pipes, procs


def ask(pipes, cmd):
    for p in pipes:
        p.send(cmd)
    return [p.recv() for p in pipes]


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100.0 * (len(values) - 1))))]


def run_phase(hub, live, lines, first, n, port):
    """n spectators through nginx while records first..first+records-1 are appended; returns the hub's
    CPU seconds per record and the latencies."""
    pipes, procs = spectators(port, n)
    # Through a proxy the hub sends each new stream the boards; nchan sends only what comes next.
    have = sum(ask(pipes, ("wait", "open" if args.fanout == "nchan" else first - 1)))
    check(have == n, f"{n} spectators connected through nginx and got the board ({have})")
    appended, in_time = {}, True
    cpu0 = cpu_s(hub.pid)
    for i in range(first, first + args.records):
        with open(live, "a") as f:
            f.write(lines[i] + "\n")
        appended[i] = time.monotonic()
        time.sleep(args.gap_ms / 1000.0)
        # Unbuffered: every spectator has the record before the next one is written (60 s at most).
        in_time &= sum(ask(pipes, ("wait", i))) == n
    cpu = (cpu_s(hub.pid) - cpu0) / args.records
    seen = [s for group in ask(pipes, ("stop",)) for s in group]
    for p in procs:
        p.join(timeout=30)
    lat = [1000.0 * (s[i] - appended[i]) for s in seen for i in appended if i in s]
    check(in_time and len(lat) == n * args.records,
          f"{n} spectators: every record reached every one through nginx ({len(lat)} of {n * args.records})")
    return cpu, lat


def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as r:
        return r.read(), r.headers.get("X-Cache", "")


def documents(hub_port, port, live, line):
    """The documents through nginx are the hub's, cached for a second."""
    for path in ["/games.json", "/games.pgn"]:
        get(port, path)
        body, cache = get(port, path)
        check(cache == "HIT" and body == get(hub_port, path)[0], f"{path} through nginx is the hub's, cached ({cache})")
    with open(live, "a") as f:
        f.write(line + "\n")
    seq = json.loads(line)["seq"]
    end = time.monotonic() + 30
    while time.monotonic() < end and json.loads(get(port, "/games.json")[0])[0]["journal_seq"] != seq:
        time.sleep(0.2)
    check(json.loads(get(port, "/games.json")[0])[0]["journal_seq"] == seq, "a new record shows through the cache")


def main():
    lines = open(args.journal).read().splitlines()
    need = 1 + 2 * args.records + 1
    check(len(lines) >= need, f"the journal has the {need} records the run needs ({len(lines)})")
    tmp = tempfile.mkdtemp(prefix="oc-nginx-")
    live = os.path.join(tmp, "live.journal")
    open(live, "w").write(lines[0] + "\n")
    port = free_port()
    publish = ["--publish", f"http://127.0.0.1:{port}/publish"] if args.fanout == "nchan" else []
    hub = subprocess.Popen([args.cli, "broadcast", "serve", "--journal", live, "--listen", "127.0.0.1:0",
                            "--max-clients", str(args.clients + 100),
                            "--max-per-address", str(args.clients + 100)] + publish,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    nginx = None
    try:
        hub_port = int(hub.stdout.readline().strip().rsplit(":", 1)[1])
        nginx = start_nginx(tmp, nginx_conf(tmp, hub_port, port, args.clients))
        check(wait_port(port), f"nginx listens on 127.0.0.1:{port}")
        cpu1, lat1 = run_phase(hub, live, lines, 1, 1, port)
        cpun, latn = run_phase(hub, live, lines, 1 + args.records, args.clients, port)
        documents(hub_port, port, live, lines[1 + 2 * args.records])
        print(f"hub CPU per record: {1000 * cpu1:.1f} ms with 1 spectator, {1000 * cpun:.1f} ms with "
              f"{args.clients} (all through nginx, fan-out: {args.fanout}; {TICK} ticks/s)")
        for n, lat in [(1, lat1), (args.clients, latn)]:
            if lat:
                print(f"append -> spectator through nginx, {n} spectators: p50 {percentile(lat, 50):.1f} ms "
                      f"p99 {percentile(lat, 99):.1f} ms max {max(lat):.1f} ms ({len(lat)} deliveries)")
    finally:
        if nginx:
            nginx.send_signal(signal.SIGTERM)
            nginx.wait(timeout=30)
        hub.send_signal(signal.SIGTERM)
        hub.wait(timeout=60)
        if failures and os.path.exists(f"{tmp}/error.log"):
            print("nginx's error log ends:\n" + open(f"{tmp}/error.log").read()[-1500:])
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


sys.exit(main())
