#!/usr/bin/env bash
# compare-scenarios.sh BASE_REV [HEAD_REV]: "nothing changes for users", checked. Builds operator-cli at
# both commits (release build in temporary trees; ccache when it is on PATH), plays every scenario script
# of HEAD_REV (tests/session/scripts/*.txt) with both binaries the way the ctest scenario tests set the
# game up (fake engine, computer Black, 90m+30s), and compares the PGN and the journal byte for byte
# apart from wall-clock fields (a record's "wall" and the hash chain computed over it) and the sealed
# move's random encryption fields. One line per
# script, then "N passed, N failed"; exits 1 on any difference, 2 when it cannot build or run.
#
# The trees are extracted with `git archive` into mktemp directories (no `git worktree`, so the
# repository's list of worktrees is never touched) and removed at the end; KEEP=1 keeps them.
set -euo pipefail

usage() { echo "usage: $0 BASE_REV [HEAD_REV]   (HEAD_REV defaults to HEAD)" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
repo=$(git rev-parse --show-toplevel)
base=$(git -C "$repo" rev-parse --verify --quiet "$1^{commit}") || { echo "error: $1 is not a commit" >&2; exit 2; }
head=$(git -C "$repo" rev-parse --verify --quiet "${2:-HEAD}^{commit}") || { echo "error: ${2:-HEAD} is not a commit" >&2; exit 2; }

work=$(mktemp -d /tmp/compare-scenarios.XXXXXX)
cleanup() { [ "${KEEP:-0}" = 1 ] && echo "kept $work" >&2 || rm -rf "$work"; }
trap cleanup EXIT

launcher=()
# With the base directory set, ccache shares results between the two trees (same relative paths).
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache) && export CCACHE_BASEDIR=$work

# build NAME REV: extracts REV into $work/NAME/src and builds operator-cli there; prints the binary's path.
build() {
    local name=$1 rev=$2 src=$work/$1/src bin=$work/$1/build
    mkdir -p "$src"
    git -C "$repo" archive "$rev" | tar -x -C "$src"
    cmake -S "$src" -B "$bin" -G Ninja -DCMAKE_BUILD_TYPE=Release -DOC_BUILD_TESTS=OFF \
          -DOC_BUILD_BENCH=OFF -DOC_BUILD_GUI=OFF "${launcher[@]}" >"$work/$name.configure.log" 2>&1 ||
        { echo "error: configuring $rev failed (see $work/$name.configure.log)" >&2; KEEP=1; exit 2; }
    cmake --build "$bin" --target operator-cli >"$work/$name.build.log" 2>&1 ||
        { echo "error: building $rev failed (see $work/$name.build.log)" >&2; KEEP=1; exit 2; }
    # The runtime output directory moved between commits at times: find the binary wherever it landed.
    find "$bin" -name operator-cli -type f -perm -u+x | head -n 1
}

echo "building operator-cli at ${base:0:7} (base) and ${head:0:7} (head) ..." >&2
base_cli=$(build base "$base")
head_cli=$(build head "$head")
[ -x "$base_cli" ] && [ -x "$head_cli" ] || { echo "error: operator-cli not found after the build" >&2; exit 2; }

# The scenario scripts of HEAD; where they live may differ between commits, so look in known places.
scripts=""
for d in tests/session/scripts tests/sim/scripts tests/scenarios; do
    [ -d "$work/head/src/$d" ] && { scripts=$work/head/src/$d; break; }
done
[ -n "$scripts" ] || { echo "error: no scenario scripts in ${head:0:7}" >&2; exit 2; }

# normalise KIND FILE: the file without its wall-clock fields (journal) / wall-clock tags (PGN).
normalise() {
    python3 - "$1" "$2" <<'EOF'
import json, re, sys
kind, path = sys.argv[1], sys.argv[2]
try:
    text = open(path, encoding='utf-8', errors='replace').read()
except FileNotFoundError:
    print('(no file)'); sys.exit(0)
if kind == 'pgn':
    print(re.sub(r'^\[(UTCDate|UTCTime|Date|Time) "[^"]*"\]$', r'[\1 "*"]', text, flags=re.M), end='')
    sys.exit(0)
# A sealed move's envelope is encrypted with a fresh random key, salt and nonce on every run (even by
# the same binary): those fields and the fingerprint over them are compared as "present".
RANDOM = {'ciphertext', 'key_check', 'nonce', 'salt', 'fingerprint'}
def scrub(v):
    if isinstance(v, dict):
        return {k: ('*' if k == 'wall' or k.endswith('_wall') or k in RANDOM else scrub(x)) for k, x in v.items()}
    if isinstance(v, list):
        return [scrub(x) for x in v]
    return v
for line in text.splitlines():
    try:
        r = json.loads(line)
    except ValueError:
        print(line); continue          # a torn line is compared as it is
    for k in ('hash', 'prev'):         # the chain hashes the wall time, so it differs with it
        r.pop(k, None)
    print(json.dumps(scrub(r), sort_keys=True, ensure_ascii=False))
EOF
}

# play CLI DIR SCRIPT: one game in DIR; the exit status and the final line are compared too.
play() {
    mkdir -p "$2"
    (cd "$2" && "$1" play --engine fake --engine-side black --tc 90m+30s --human "script:$3" \
        --journal game.jsonl --pgn game.pgn >stdout.txt 2>stderr.txt; echo "exit $?" >>stdout.txt) || true
}

passed=0
failed=0
for script in "$scripts"/*.txt; do
    name=$(basename "$script" .txt)
    play "$base_cli" "$work/run/base/$name" "$script"
    play "$head_cli" "$work/run/head/$name" "$script"
    diffs=()
    for kind in journal:game.jsonl pgn:game.pgn out:stdout.txt; do
        k=${kind%%:*} f=${kind#*:}
        if ! cmp -s <(normalise "$k" "$work/run/base/$name/$f") <(normalise "$k" "$work/run/head/$name/$f"); then
            diffs+=("$k")
        fi
    done
    if [ ${#diffs[@]} -eq 0 ]; then
        passed=$((passed + 1))
        echo "same      $name"
    else
        failed=$((failed + 1))
        echo "DIFFERENT $name (${diffs[*]}; KEEP=1 keeps $work/run to compare)"
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
