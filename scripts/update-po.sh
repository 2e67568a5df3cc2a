#!/usr/bin/env bash
# Extracts every translatable string (tr, trc, trf, trn, trnf, and the labels of console/ui's
# actionButton, confirmButton and beginPane, which translate inside) into a template per part (<part>.pot, in
# a temporary folder: templates are never committed, the source is their truth) and merges each language's assets/locale/<lang>/<part>.po with it (msgmerge), so a translator finds the new
# entries untranslated and the removed ones marked obsolete. Run it after changing a text in the source;
# tests/i18n/check_catalogues.sh fails until the catalogues are complete again.
# Usage: scripts/update-po.sh [--pot-dir DIR | --list-files]
#   --pot-dir: write the templates there, touch no .po; --list-files: print "part file" for each source
# A new language: mkdir assets/locale/<code> and run this; it creates the .po files with msginit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
locale="$root/assets/locale"
pot_dir=""
[[ "${1:-}" == "--pot-dir" ]] && pot_dir="$2"
list_only=""
[[ "${1:-}" == "--list-files" ]] && list_only=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The sources of a part: its folders' and files' .cpp/.hpp, less those given as -path.
part_files() {
  local take=() skip=() s
  for s in "$@"; do if [[ "$s" == -* ]]; then skip+=("${s#-}"); else take+=("$s"); fi; done
  (cd "$root" && find "${take[@]}" \( -name '*.cpp' -o -name '*.hpp' \) | LC_ALL=C sort |
     grep -v -x -F -f <(for x in "${skip[@]}" "/nothing/"; do echo "$x"; done) |
     grep -v -E "^($(IFS='|'; echo "${skip[*]:-/nothing/}"))/" || true)
}

extract() {  # part output.pot sources...
  local part="$1" out="$2"; shift 2
  local files
  files=$(part_files "$@")
  (cd "$root" && xgettext --language=C++ --from-code=UTF-8 --no-wrap --sort-by-file --add-location=file \
     --keyword= --keyword=tr --keyword=trc:1c,2 --keyword=trf --keyword=trn:1,2 --keyword=trnf:1,2 \
     --keyword=N_ --keyword=translatedLabel --keyword=actionButton:2 --keyword=confirmButton:2 --keyword=confirmButtonAlone:2 --keyword=beginPane:1 \
     --add-comments=TRANSLATORS: --package-name=operator-console --msgid-bugs-address=issues \
     --force-po -o "$out" $files)
  # The creation date would make every run a change; the sources are UTF-8.
  sed -i -e '/^"POT-Creation-Date:/d' -e 's/charset=CHARSET/charset=UTF-8/' "$out"
}

while read -r part dirs; do
  [[ -z "$part" || "$part" == \#* ]] && continue
  # shellcheck disable=SC2086
  if [[ -n "$list_only" ]]; then part_files $dirs | sed "s/^/$part /"; continue; fi
  # shellcheck disable=SC2086
  if [[ -n "$pot_dir" ]]; then extract "$part" "$pot_dir/$part.pot" $dirs; continue; fi
  extract "$part" "$tmp/$part.pot" $dirs
  for lang_dir in "$locale"/*/; do
    po="$lang_dir$part.po"
    if [[ -f "$po" ]]; then
      msgmerge --quiet --update --backup=none --no-wrap --no-fuzzy-matching --add-location=file "$po" "$tmp/$part.pot"
    else
      msginit --no-translator --no-wrap --locale="$(basename "$lang_dir")" -i "$tmp/$part.pot" -o "$po"
      sed -i 's/charset=ASCII/charset=UTF-8/' "$po"
    fi
  done
done < "$locale/parts.txt"
