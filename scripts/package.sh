#!/usr/bin/env bash
# Builds the Debian package an event laptop installs (docs/install.md):
#   build/package/operator-console_<version>_amd64.deb
# Usage: scripts/package.sh [--build-dir DIR] [--out DIR]
#   --build-dir DIR  package a tree that is already configured and built (the test suite packages
#                    build/ci, whose flags are the release's); default: build the `package` preset
#                    (release flags, warnings as errors, no tests) in build/package-tree
#   --out DIR        where the .deb is written (default: build/package)
# Prints the package's path on the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
tree="" out=build/package
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build-dir) tree=${2:?--build-dir needs a folder}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    *) echo "package: unknown option '$1' (expected --build-dir DIR or --out DIR)" >&2; exit 2 ;;
  esac
done

if [[ -z "$tree" ]]; then
  scripts/install-deps.sh --package >&2
  cmake --preset package >/dev/null
  cmake --build --preset package >&2
  tree=build/package-tree
else
  [[ -f "$tree/CPackConfig.cmake" ]] || { echo "package: $tree is not a configured build tree" >&2; exit 2; }
  cmake --build "$tree" --target operator-cli operator-console oc_catalogues oc_web_page oc_package_files >&2
fi

# A package without the spectator page or the man pages would install and then fail the user.
need=("$tree/web/index.html" "$tree/web/node_modules/chessground/dist/chessground.min.js"
      "$tree/man/operator-cli.1.gz" "$tree/man/operator-console.1.gz"
      "$tree/locale/pl/LC_MESSAGES/operator-console.mo" "$tree/locale/fa/LC_MESSAGES/operator-console.mo")
for f in "${need[@]}"; do
  [[ -s "$f" ]] || { echo "package: $f is missing (run scripts/install-deps.sh --package, then build)" >&2; exit 1; }
done

mkdir -p "$out"
rm -f "$out"/operator-console_*.deb
cpack --config "$tree/CPackConfig.cmake" -B "$(realpath "$out")" >&2
deb=$(ls "$out"/operator-console_*.deb)
if command -v lintian >/dev/null; then
  # Errors fail the package; the warnings kept are listed, with reasons, in docs/install.md.
  lintian --fail-on error "$deb" >&2
fi
echo "$deb"
