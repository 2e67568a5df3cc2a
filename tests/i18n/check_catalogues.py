#!/usr/bin/env python3
"""The real catalogues are complete and in step with the source (issue 12 item 2).

For every language under assets/locale/ and every part in assets/locale/parts.txt:
  - every string the source marks (tr, trc, trf, trn, trnf), extracted afresh with xgettext, has an
    entry (msgcmp), so a new text without a translation fails here and not at the board;
  - no entry is untranslated or fuzzy (msgattrib);
  - each translation keeps its msgid's {} placeholders, so fmt never meets a pattern that does not fit;
  - the parts joined (msgcat) give one translation per msgid: a conflict would make msgcat mark it fuzzy.
Usage: check_catalogues.py SOURCE_ROOT WORK_DIR [PART...]   (parts: only these; default all)
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(sys.argv[1])
work = pathlib.Path(sys.argv[2])
locale = root / "assets" / "locale"
failures = []


def run(*args):
    return subprocess.run(args, capture_output=True, text=True)


def entries(po_text):
    """(msgid, msgid_plural, [msgstr...], fuzzy) of each live entry; a small reader for this check."""
    out, cur, key = [], None, None
    for line in po_text.splitlines() + [""]:
        if not line.strip():
            if cur and cur.get("msgid") is not None:
                out.append(cur)
            cur, key = None, None
            continue
        if line.startswith("#~"):
            continue
        cur = cur or {"msgstr": {}, "fuzzy": False}
        if line.startswith("#,") and "fuzzy" in line:
            cur["fuzzy"] = True
        m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?) "(.*)"$', line)
        if m:
            key = ("msgstr", int(m.group(2) or 0)) if m.group(1).startswith("msgstr") else m.group(1)
            value = m.group(3)
        elif line.startswith('"') and key:
            value = line[1:-1]
        else:
            continue
        if isinstance(key, tuple):
            cur["msgstr"][key[1]] = cur["msgstr"].get(key[1], "") + value
        else:
            cur[key] = cur.get(key, "") + value
    return [e for e in out if e["msgid"]]


def placeholders(s):
    return sorted(re.findall(r"\{[^{}]*\}", s.replace("{{", "").replace("}}", "")))


def check_placeholders(po):
    for e in entries(po.read_text(encoding="utf-8")):
        for n, text in e["msgstr"].items():
            source = e["msgid"] if n == 0 or "msgid_plural" not in e else e["msgid_plural"]
            # A singular form may drop the count ("jedno posunięcie"); otherwise the sets must agree.
            if text and placeholders(text) != placeholders(source) and not (n == 0 and "msgid_plural" in e):
                failures.append(f"{po.name}: placeholders of {e['msgid']!r} -> {text!r} differ "
                                f"({placeholders(source)} vs {placeholders(text)})")


def check_persian_letters(po):
    """Persian (issue 26): Persian digits U+06F0-06F9, never the Arabic-Indic U+0660-0669 (another bidi
    class, which reorders numbers differently), and no U+06C0: DejaVu Sans, the screens' font, has no glyph
    for its shaped forms U+FBA4/FBA5 (write U+0647 U+0654 instead)."""
    for e in entries(po.read_text(encoding="utf-8")):
        for text in e["msgstr"].values():
            bad = sorted({c for c in text if "\u0660" <= c <= "\u0669" or c == "\u06c0"})
            if bad:
                names = ", ".join(f"U+{ord(c):04X}" for c in bad)
                failures.append(f"{po.name}: {e['msgid']!r} -> {text!r} uses {names}; write Persian digits "
                                f"U+06F0-06F9 and U+0647 U+0654 for U+06C0")


def check_part(lang_dir, part, pot):
    po = lang_dir / f"{part}.po"
    if not po.exists():
        failures.append(f"{po} is missing: run scripts/update-po.sh and translate it")
        return
    cmp = run("msgcmp", "--use-untranslated", str(po), str(pot))
    if cmp.returncode != 0:
        failures.append(f"{po} lacks strings the source uses (run scripts/update-po.sh):\n{cmp.stderr.strip()}")
    for flag, what in (("--untranslated", "untranslated"), ("--only-fuzzy", "fuzzy")):
        left = run("msgattrib", flag, "--no-obsolete", str(po)).stdout
        ids = [e["msgid"] for e in entries(left)]
        if ids:
            failures.append(f"{po}: {len(ids)} {what} entries, e.g. {ids[:5]}")
    check_placeholders(po)
    if lang_dir.name == "fa":
        check_persian_letters(po)


def check_coverage():
    """Every product source is in exactly one part, so no text escapes extraction or is extracted twice."""
    listed = run(str(root / "scripts" / "update-po.sh"), "--list-files").stdout.split("\n")
    owner = {}
    for line in filter(None, listed):
        part, path = line.split(" ", 1)
        if path in owner:
            failures.append(f"{path} is in two parts: {owner[path]} and {part} (assets/locale/parts.txt)")
        owner[path] = part
    for top in ("console", "rules", "clock", "engine_bridge"):
        for f in sorted((root / top).rglob("*")):
            rel = f.relative_to(root).as_posix()
            if f.suffix in (".cpp", ".hpp") and not rel.startswith("console/i18n/") and rel not in owner:
                failures.append(f"{rel} is in no part of assets/locale/parts.txt: its texts would not be extracted")


def main():
    work.mkdir(parents=True, exist_ok=True)
    made = run(str(root / "scripts" / "update-po.sh"), "--pot-dir", str(work))
    if made.returncode != 0:
        print(made.stdout, made.stderr)
        return 1
    check_coverage()
    parts = [l.split()[0] for l in (locale / "parts.txt").read_text().splitlines() if l.strip() and l[0] != "#"]
    parts = [p for p in parts if p in sys.argv[3:]] if sys.argv[3:] else parts
    langs = [d for d in sorted(locale.iterdir()) if d.is_dir()]
    if not langs:
        failures.append("no language under assets/locale")
    for lang_dir in langs:
        for part in parts:
            check_part(lang_dir, part, work / f"{part}.pot")
        joined = run("msgcat", *[str(p) for p in sorted(lang_dir.glob("*.po"))])
        clashes = [e["msgid"] for e in entries(joined.stdout) if e["fuzzy"]]
        if clashes:
            failures.append(f"{lang_dir.name}: parts translate these differently (use msgctxt): {clashes[:5]}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(langs)} language(s), {len(parts)} part(s): {'OK' if not failures else f'{len(failures)} problem(s)'}")
    return 1 if failures else 0


sys.exit(main())
