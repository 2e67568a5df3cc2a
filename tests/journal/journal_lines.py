"""Writing journal lines as the console does (docs/arbiter-journal.md §2), for tests that play a forger
or an older console: fresh seq numbers, links and hashes, and, when the header names a signing key, the
signatures of the key's owner (the secret key is read from the console's key folder, as a forger at the
console's own laptop would). Needs PyNaCl (Debian: python3-nacl) for signed journals."""
import hashlib
import json
import os
import sys


def key_folder():
    if os.environ.get("OC_JOURNAL_KEYS"):
        return os.environ["OC_JOURNAL_KEYS"]
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(state, "operator-console", "journal-keys")


def signer(public_hex):
    """The signing key whose public half is public_hex, from the key folder; None without PyNaCl."""
    try:
        from nacl.signing import SigningKey
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")  # Debian's package, for another Python 3
        try:
            from nacl.signing import SigningKey
        except ImportError:
            return None
    with open(os.path.join(key_folder(), public_hex + ".key")) as f:
        return SigningKey(bytes.fromhex(f.read().strip()))


def unsigned(records, version=2):
    """The records as a console of `version` (before signatures) wrote them."""
    out = [{k: v for k, v in r.items() if k != "sig"} for r in records]
    out[0] = dict(out[0], payload={k: v for k, v in out[0]["payload"].items() if k != "signing_key"})
    out[0]["payload"]["journal_version"] = version
    return out


def rechain(records, path):
    """Writes records (dicts with or without hash/sig) as a journal file that verifies."""
    prev, key = "0" * 64, None
    with open(path, "w", encoding="utf-8") as f:
        for seq, r in enumerate(records):
            r = {k: v for k, v in r.items() if k not in ("hash", "sig")}
            r["seq"], r["prev"] = seq, prev
            if seq == 0 or r["type"] == "signing_key_changed":
                named = r["payload"].get("signing_key")
                key = signer(named) if named else None
            canon = json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            prev = hashlib.blake2b(canon.encode("utf-8"), digest_size=32).hexdigest()
            sig = '"sig":"%s",' % key.sign(prev.encode("ascii")).signature.hex() if key else ""
            f.write('{"hash":"%s",' % prev + sig + canon[1:] + "\n")
