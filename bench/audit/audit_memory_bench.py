#!/usr/bin/env python3
"""Issue 23's figure "the audit's time and memory on a 50 MB journal": `journal audit` (and `journal verify`)
of one journal by two operator-cli builds, each run several times: median wall time and peak RSS, and the
ratio new/old in the same run. The two audits' outputs must be identical (the change is in how the engine
lines are held, not in what is found).

Without JOURNAL it makes one: a real Stockfish game (Stockfish against Stockfish, up to 200 half-moves)
played by NEW_CLI, each search's engine lines padded with copies of its own `info` lines to SIZE_MB in
all, split into engine_io records of at most 1 MiB as the console splits them, and the hash chain
recomputed as docs/arbiter-journal.md describes (so `journal verify` accepts it).

Usage: audit_memory_bench.py OLD_CLI NEW_CLI [JOURNAL] [--size-mb 50] [--runs 3] [--stockfish PATH]
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time

# The journal's lines as the console writes them, hashes and signatures (one writer for tests and benches).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "journal"))
from journal_lines import rechain  # noqa: E402

RECORD_BYTES = 1 << 20


def chunks(lines, payload):
    """engine_io records of at most about 1 MiB each holding `lines` in order, as the console splits them."""
    out, part, used = [], [], 0
    for line in lines:
        if part and used + len(line) + 4 > RECORD_BYTES - 4096:
            out.append(part)
            part, used = [], 0
        part.append(line)
        used += len(line) + 4
    out.append(part)
    return [{**payload, "lines": p} for p in out]


def padded(records, size):
    """Each search's info lines repeated (after the originals) until the journal holds about `size` bytes,
    split into engine_io records of at most 1 MiB as the console writes them."""
    io = [r for r in records if r["type"] == "engine_io" and any(l.startswith("< info ") for l in
                                                                  r["payload"]["lines"])]
    per = max(0, (size - sum(len(json.dumps(r)) for r in records)) // max(1, len(io)))
    out = []
    for r in records:
        if not any(r is x for x in io):
            out.append(r)
            continue
        lines = r["payload"]["lines"]
        infos = [l for l in lines if l.startswith("< info ")]
        extra, used = [], 0
        while used < per:
            extra.append(infos[len(extra) % len(infos)])
            used += len(extra[-1]) + 4
        at = max(i for i, l in enumerate(lines) if l.startswith("< info ")) + 1
        for payload in chunks(lines[:at] + extra + lines[at:], r["payload"]):
            out.append({**r, "payload": payload})
    return out


def make_journal(cli, sf, size_mb, work):
    game = os.path.join(work, "game.jsonl")
    subprocess.run([cli, "play", "--engine", sf, "--engine-nodes", "20000", "--engine-side", "black", "--tc",
                    "40/90m+30s, 30m+30s", "--human", f"engine:{sf}", "--seed", "3", "--max-plies", "200",
                    "--operator-delay", "2,6", "--journal", game], check=True, stdout=subprocess.DEVNULL)
    records = [json.loads(l) for l in open(game, encoding="utf-8")]
    out = os.path.join(work, f"journal_{size_mb}mb.jsonl")
    rechain(padded(records, size_mb * 1000 * 1000), out)
    return out


def measure(cmd):
    """(wall seconds, peak RSS in MB, exit code, stdout) of one run."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), out


def series(cli, args, runs):
    results = [measure([cli] + args) for _ in range(runs)]
    return (statistics.median(r[0] for r in results), max(r[1] for r in results), results[0][2], results[0][3])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("old_cli")
    p.add_argument("new_cli")
    p.add_argument("journal", nargs="?")
    p.add_argument("--size-mb", type=int, default=50)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="oc_audit_memory_")
    journal = a.journal or make_journal(a.new_cli, a.stockfish, a.size_mb, work)
    records = sum(1 for _ in open(journal, "rb"))
    print(f"journal {journal}: {os.path.getsize(journal) / 1e6:.1f} MB, {records} records")
    outputs = {}
    for what, args in (("audit", ["journal", "audit", journal, "--ui-lang", "en"]),
                       ("verify", ["journal", "verify", journal])):
        old = series(a.old_cli, args, a.runs)
        new = series(a.new_cli, args, a.runs)
        outputs[what] = (old[3], new[3])
        print(f"{what:6}  old: {old[0]:.2f} s, {old[1]:.0f} MB (exit {old[2]})   new: {new[0]:.2f} s, "
              f"{new[1]:.0f} MB (exit {new[2]})   new/old: time x{new[0] / old[0]:.2f}, memory "
              f"x{new[1] / old[1]:.2f}")
    same = outputs["audit"][0] == outputs["audit"][1]
    print(f"the two audits' outputs are {'identical' if same else 'DIFFERENT'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
