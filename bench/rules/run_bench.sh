#!/usr/bin/env bash
# Rules benchmark: perft speed against Stockfish's `go perft`, and PGN validation throughput against
# pgn-extract, on the same positions / the same generated file, in this one script. Figures are ratios
# (reference CPU time / our CPU time: above 1 means faster than the reference). CPU time (user+sys) is
# used because the machine is shared; wall-clock ratios are printed too.
# Usage: bench/rules/run_bench.sh [BUILD_DIR] [GAMES]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/bench-release}
games=${2:-20000}
stockfish=${STOCKFISH:-/usr/games/stockfish}
pgn_extract=${PGN_EXTRACT:-/usr/games/pgn-extract}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DOC_BUILD_GUI=OFF -DOC_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j2 --target operator-cli rules_pgn_gen >/dev/null
cli=$build/bin/operator-cli

# run_timed OUTFILE CMD...: runs CMD with stdout to OUTFILE; sets cpu_s and wall_s.
run_timed() {
    local out=$1
    shift
    local tf
    tf=$(mktemp)
    local t0 t1
    t0=$(date +%s.%N)
    { TIMEFORMAT='%3U %3S'; time "$@" >"$out" 2>/dev/null; } 2>"$tf" || true
    t1=$(date +%s.%N)
    cpu_s=$(awk '{print $1 + $2}' "$tf")
    wall_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
    rm -f "$tf"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.2f", a / b }'; }

positions=(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|5"
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== perft: operator-cli perft vs stockfish go perft (same positions, same depths)"
sf_input=$tmp/sf.in
: >"$sf_input"
ours_cpu=0
ours_wall=0
total_nodes=0
for entry in "${positions[@]}"; do
    fen=${entry%|*}
    depth=${entry#*|}
    run_timed "$tmp/ours.out" "$cli" perft --fen "$fen" --depth "$depth"
    nodes=$(awk '/^nodes/ {print $2}' "$tmp/ours.out")
    printf '  ours  depth %s nodes %12s cpu %6.2fs  %s\n' "$depth" "$nodes" "$cpu_s" "$fen"
    ours_cpu=$(awk -v a="$ours_cpu" -v b="$cpu_s" 'BEGIN {print a + b}')
    ours_wall=$(awk -v a="$ours_wall" -v b="$wall_s" 'BEGIN {print a + b}')
    total_nodes=$((total_nodes + nodes))
    printf 'position fen %s\ngo perft %s\n' "$fen" "$depth" >>"$sf_input"
done
echo quit >>"$sf_input"
printf 'position startpos\ngo perft 1\nquit\n' >"$tmp/sf0.in"
run_timed "$tmp/sf0.out" sh -c "$stockfish < $tmp/sf0.in"
base_cpu=$cpu_s
base_wall=$wall_s
run_timed "$tmp/sf.out" sh -c "$stockfish < $sf_input"
sf_cpu=$(awk -v a="$cpu_s" -v b="$base_cpu" 'BEGIN {print a - b}')
sf_wall=$(awk -v a="$wall_s" -v b="$base_wall" 'BEGIN {print a - b}')
sf_nodes=$(awk '/Nodes searched/ {s += $3} END {print s}' "$tmp/sf.out")
echo "  nodes: ours $total_nodes, stockfish $sf_nodes $([[ $total_nodes == "$sf_nodes" ]] && echo '(equal)' || echo '(DIFFERENT)')"
printf '  cpu: ours %.2fs, stockfish %.2fs (start-up subtracted)\n' "$ours_cpu" "$sf_cpu"
echo "  perft speed ratio (stockfish time / ours): cpu $(ratio "$sf_cpu" "$ours_cpu")x, wall $(ratio "$sf_wall" "$ours_wall")x  (target >= 0.5x)"

echo "== PGN validation: operator-cli pgn vs pgn-extract on $games generated games"
pgn=$build/bench-games-$games.pgn
[[ -s $pgn ]] || "$build/bin/rules_pgn_gen" "$games" >"$pgn"
echo "  file: $pgn ($(du -h "$pgn" | cut -f1), $(grep -c '^\[Event' "$pgn") games)"
run_timed "$tmp/status.out" "$cli" pgn status "$pgn"
ours_status_cpu=$cpu_s
ours_status_wall=$wall_s
bad=$(grep -c '"error"' "$tmp/status.out" || true)
run_timed "$tmp/pe_r.out" "$pgn_extract" -r -s "$pgn"
pe_r_cpu=$cpu_s
pe_r_wall=$wall_s
run_timed "$tmp/norm.out" "$cli" pgn normalize "$pgn"
ours_norm_cpu=$cpu_s
run_timed "$tmp/pe.out" "$pgn_extract" -s "$pgn"
pe_cpu=$cpu_s
printf '  validate only: ours (pgn status, %s bad games) %.2fs, pgn-extract -r %.2fs\n' "$bad" "$ours_status_cpu" "$pe_r_cpu"
echo "  PGN validation ratio (pgn-extract -r time / pgn status): cpu $(ratio "$pe_r_cpu" "$ours_status_cpu")x, wall $(ratio "$pe_r_wall" "$ours_status_wall")x  (target >= 1x)"
printf '  validate + rewrite: ours (pgn normalize) %.2fs, pgn-extract %.2fs\n' "$ours_norm_cpu" "$pe_cpu"
echo "  PGN rewrite ratio (pgn-extract time / pgn normalize): cpu $(ratio "$pe_cpu" "$ours_norm_cpu")x"
