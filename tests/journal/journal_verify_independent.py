#!/usr/bin/env python3
# Independent check of an operator-console journal, without the console (docs/arbiter-journal.md).
# Works for version 1, 2 (salted) and 3 (signed) journals alike: the salt is one more key of the
# canonical form; a signature ("sig") is Ed25519 over the record's hex hash, by the key the header
# names (or a later signing_key_changed record). Signatures are checked with PyNaCl (Debian:
# python3-nacl); without it the hashes are still checked and the output says the signatures were not.
# Usage: journal_verify_independent.py FILE   (Python 3.6+)
import hashlib, json, sys

try:
    from nacl.signing import VerifyKey
    from nacl.exceptions import BadSignatureError
except ImportError:
    VerifyKey = None


def signed_by(key, digest, sig):
    if VerifyKey is None:
        return True
    try:
        VerifyKey(bytes.fromhex(key)).verify(digest.encode("ascii"), bytes.fromhex(sig))
        return True
    except (BadSignatureError, ValueError):
        return False


prev, key, signed = "0" * 64, "", 0
lines = open(sys.argv[1], "rb").read().split(b"\n")
for i, raw in enumerate(lines[:-1]):
    rec = json.loads(raw.decode("utf-8"))
    stored, sig = rec.pop("hash"), rec.pop("sig", "")
    canon = json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    ok = (rec["seq"] == i and rec["prev"] == prev
          and hashlib.blake2b(canon.encode("utf-8"), digest_size=32).hexdigest() == stored)
    if i == 0 or rec["type"] == "signing_key_changed":
        key = rec["payload"].get("signing_key", "")
    if key:
        ok = ok and bool(sig) and signed_by(key, stored, sig)
        signed += 1
    elif sig:
        ok = False
    if not ok:
        sys.exit(f"record {i} does not verify")
    prev = stored
how = "" if not signed else ("; signatures checked" if VerifyKey else "; signatures NOT checked (no PyNaCl)")
print(f"{len(lines) - 1} records verify; final hash {prev}{how}")
