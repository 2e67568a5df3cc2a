#!/usr/bin/env python3
"""The real server's cost per appended record at 0.1, 3 and 20 MB journals (issue 35 item 10).

Usage: serve_latency.py OPERATOR_CLI DIR   (DIR written by `broadcast_follow_bench --write DIR`)

For each size it starts `operator-cli broadcast serve` on a copy of DIR/<bytes>.journal, holds one
/events stream open, appends the 40 lines of DIR/<bytes>.tail one at a time (0.3 s apart) and measures
the time from each append to the stream's board event for that record (append -> client), and the
server's CPU (utime + stime from /proc) per record. Medians, and ratios to the 0.1 MB run.
"""
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "broadcast"))
from sse_client import next_board_event  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / TICK


def measure(cli, head, tail, tmp):
    live = os.path.join(tmp, "live.journal")
    shutil.copyfile(head, live)
    lines = open(tail, "rb").read().splitlines(keepends=True)
    p = subprocess.Popen([cli, "broadcast", "serve", "--journal", live, "--listen", "127.0.0.1:0"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(p.stdout.readline().strip().rsplit(":", 1)[1])
        s = socket.create_connection(("127.0.0.1", port), timeout=60)
        s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        buf = [b""]
        first = next_board_event(s, buf)
        seq = first["journal_seq"]
        latencies = []
        time.sleep(0.5)
        cpu0 = cpu_s(p.pid)
        for line in lines:
            start = time.monotonic()
            with open(live, "ab") as f:
                f.write(line)
            seq += 1
            ev = next_board_event(s, buf)
            while ev["journal_seq"] != seq:
                ev = next_board_event(s, buf)
            latencies.append((time.monotonic() - start) * 1000)
            time.sleep(0.3)
        cpu = (cpu_s(p.pid) - cpu0) * 1000 / len(lines)
        s.close()
        return os.path.getsize(head) / 1e6, statistics.median(latencies), max(latencies), cpu
    finally:
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=30)


def main():
    cli, data = sys.argv[1], sys.argv[2]
    sizes = sorted(int(n.split(".")[0]) for n in os.listdir(data) if n.endswith(".journal"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            rows.append(measure(cli, os.path.join(data, f"{n}.journal"), os.path.join(data, f"{n}.tail"), tmp))
    ref = rows[0]
    print("journal  append->client p50 ms (ratio)  max ms  server CPU ms per record (ratio; incl. 0.3 s idle)")
    for mb, p50, worst, cpu in rows:
        print(f"{mb:5.1f}MB {p50:10.2f} ({p50 / ref[1]:.2f}) {worst:14.2f} {cpu:10.2f} ({cpu / ref[3]:.2f})")


if __name__ == "__main__":
    main()
