#!/usr/bin/env python3
# Independent check of an operator-console journal, without the console (docs/arbiter-journal.md).
# Works for version 1 and 2 (salted) journals alike: the salt is one more key of the canonical form.
# Usage: journal_verify_independent.py FILE   (Python 3.6+, standard library only)
import hashlib, json, sys
prev = "0" * 64
lines = open(sys.argv[1], "rb").read().split(b"\n")
for i, raw in enumerate(lines[:-1]):
    rec = json.loads(raw.decode("utf-8"))
    stored = rec.pop("hash")
    canon = json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    ok = (rec["seq"] == i and rec["prev"] == prev
          and hashlib.blake2b(canon.encode("utf-8"), digest_size=32).hexdigest() == stored)
    if not ok:
        sys.exit(f"record {i} does not verify")
    prev = stored
print(f"{len(lines) - 1} records verify; final hash {prev}")
