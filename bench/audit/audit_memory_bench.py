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
import argparse, hashlib, json, os, resource, statistics, subprocess, sys, tempfile, time

RECORD_BYTES = 1 << 20


def signer(record, key):
    """The key that signs `record`: the header's or a key change's (version 3), else the one in force.
    Loaded from the console's key folder ($OC_JOURNAL_KEYS, as the console keeps it: one file per key,
    <public hex>.key, its first line the hex seed); None for an unsigned journal."""
    if record["seq"] != 0 and record["type"] != "signing_key_changed":
        return key
    public = record["payload"].get("signing_key")
    if not public:
        return None
    import nacl.signing  # python3-nacl (install-deps --tests)
    folder = os.environ.get("OC_JOURNAL_KEYS") or os.path.join(
        os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state"),
        "operator-console", "journal-keys")
    with open(os.path.join(folder, public + ".key"), encoding="ascii") as f:
        return nacl.signing.SigningKey(bytes.fromhex(f.readline().strip()))


def rechain(records, path):
    """Writes `records` (dicts without hash) with seq, prev and hash recomputed, re-signed when signed."""
    prev, key = "0" * 64, None
    with open(path, "w", encoding="utf-8") as f:
        for seq, r in enumerate(records):
            r = dict(r)
            r.pop("hash", None)
            r.pop("sig", None)
            r["seq"], r["prev"] = seq, prev
            key = signer(r, key)
            canonical = json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            prev = hashlib.blake2b(canonical.encode(), digest_size=32).hexdigest()
            sig = '"sig":"' + key.sign(prev.encode()).signature.hex() + '",' if key else ""
            f.write('{"hash":"' + prev + '",' + sig + canonical[1:] + "\n")


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
