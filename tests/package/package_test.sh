#!/usr/bin/env bash
# The Debian package as a user meets it (issue 39, docs/install.md): built from this build tree by
# scripts/package.sh (lintian errors fail it), installed with dpkg, its programs run from /usr/bin with
# the source and build trees out of reach (hidden by a private mount), then removed, nothing left behind.
# Usage: package_test.sh SOURCE_DIR BUILD_DIR. Exit 77 (skipped, with the reason) where the machine
# cannot install a package.
set -u
src=$(realpath "$1") tree=$(realpath "$2")
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
[[ $(id -u) -eq 0 ]] || skip "installing a package needs root; run the suite as root or see docs/install.md"
command -v dpkg >/dev/null && command -v dpkg-shlibdeps >/dev/null ||
    skip "dpkg and dpkg-dev are needed (scripts/install-deps.sh --package)"
if dpkg-query -W -f='${Status}' operator-console 2>/dev/null | grep -q "ok installed"; then
    skip "an operator-console package is installed on this machine already; the test would replace it"
fi
work=$(mktemp -d /tmp/oc-package.XXXXXX)
trap 'dpkg --purge operator-console >/dev/null 2>&1; rm -rf "$work"' EXIT
[[ "$work" != "$src"* ]] || fail "the scratch folder $work is inside the source tree"

# --- build the package -------------------------------------------------------------------------------
deb=$("$src/scripts/package.sh" --build-dir "$tree" --out "$work/pkg" 2>"$work/package.log" | tail -1) ||
    { cat "$work/package.log"; fail "scripts/package.sh failed"; }
[[ -f "$deb" ]] || fail "no package written: $deb"
grep -E "^[EW]: " "$work/package.log" | sed 's/^/lintian: /'
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
echo "package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB; Depends: $depends"
grep -q "libc6" <<<"$depends" || fail "Depends not computed from the binaries: $depends"
for p in fonts-dejavu-core espeak-ng-data; do grep -q "$p" <<<"$depends" || fail "Depends lacks $p"; done
grep -qE -- "-dev\b" <<<"$depends" && fail "a -dev package is needed at run time: $depends"
grep -q stockfish <<<"$(dpkg-deb -f "$deb" Recommends)" || fail "stockfish is not recommended"
listing=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in ./usr/bin/operator-cli ./usr/bin/operator-console \
    ./usr/share/operator-console/locale/pl/LC_MESSAGES/operator-console.mo \
    ./usr/share/operator-console/locale/fa/LC_MESSAGES/operator-console.mo \
    ./usr/share/operator-console/web/index.html \
    ./usr/share/operator-console/web/node_modules/chessground/dist/chessground.min.js \
    ./usr/share/applications/operator-console.desktop \
    ./usr/share/icons/hicolor/scalable/apps/operator-console.svg \
    ./usr/share/man/man1/operator-cli.1.gz ./usr/share/man/man1/operator-console.1.gz \
    ./usr/share/doc/operator-console/copyright ./usr/share/doc/operator-console/changelog.gz; do
    grep -qxF "$f" <<<"$listing" || fail "the package lacks $f"
done

# The build tree's start-up, the reference for the installed program's (printed below).
(cd "$work" && xvfb-run -a "$tree/bin/operator-console" --bench-start --journal "$work/bench.journal") | sed -n 's/^first frame after \([0-9]*\) ms/startup build tree: \1 ms/p'

# --- install -----------------------------------------------------------------------------------------
start=$(date +%s%N)
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i failed"; }
echo "installed in $(( ($(date +%s%N) - start) / 1000000 )) ms"
dpkg -L operator-console >"$work/files.txt"

# --- run the installed programs with the trees out of reach ------------------------------------------
cp "$src/tests/package/installed_programs.sh" "$work/"
# OC_PACKAGE_TEST_TRACE=1 takes the strace path where unshare works too (to test that path).
if [[ -z "${OC_PACKAGE_TEST_TRACE:-}" ]] && unshare -m true 2>/dev/null; then
    unshare -m sh -c 'mount -t tmpfs none "$1" && shift && exec bash "$@"' sh "$src" \
        "$work/installed_programs.sh" "$work" "$version" "$src" || fail "an installed program failed (above)"
elif command -v strace >/dev/null && strace -f -qq -o /dev/null true 2>/dev/null; then
    echo "note: unshare -m is refused here, so the programs' file accesses are traced instead"
    (cd "$work" && OC_TRACED=1 strace -f -qq -e trace=%file -o "$work/trace.txt" \
        bash "$work/installed_programs.sh" "$work" "$version" "$src") || fail "an installed program failed (above)"
    # A file opened inside the trees (the script's own arguments name the source folder: not a read).
    grep -F "\"$src/" "$work/trace.txt" | grep -v -e ENOENT -e execve | head -5 | grep . &&
        fail "an installed program read the source or build tree (above)"
else
    skip "neither unshare -m nor strace is allowed here, so the build tree cannot be put out of reach"
fi

# --- remove ------------------------------------------------------------------------------------------
dpkg --purge operator-console >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg --purge failed"; }
left=0
while read -r f; do
    case "$f" in /usr/share/operator-console* | /usr/share/doc/operator-console* | /usr/bin/operator-*)
        [[ -e "$f" ]] && { echo "left behind: $f"; left=1; } ;;
    esac
done <"$work/files.txt"
[[ $left -eq 0 ]] || fail "files left after dpkg --purge"
echo "ok: operator-console $version packaged, installed, run from /usr/bin in en, pl and fa, removed"
