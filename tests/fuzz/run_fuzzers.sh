#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in a separate tree and runs each for SECONDS (default 30),
# starting from the test data as seed corpus. Exit non-zero if any fuzzer finds a crash.
# Usage: tests/fuzz/run_fuzzers.sh [SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-30}
build=$root/build/fuzz
CXX=${CXX:-clang++-14} cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="${CXX:-clang++-14}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOC_BUILD_GUI=OFF -DOC_BUILD_BENCH=OFF -DOC_BUILD_FUZZERS=ON -DOC_FUZZ_INSTRUMENT_RULES=ON >/dev/null
cmake --build "$build" -j2 --target fuzz_fen fuzz_move_text fuzz_pgn fuzz_dgt >/dev/null
corpus=$build/fuzz-corpus
mkdir -p "$corpus/fen" "$corpus/move" "$corpus/pgn" "$corpus/dgt"
cp "$root"/tests/data/rules/*.pgn "$corpus/pgn/"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >"$corpus/fen/start"
printf 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' >"$corpus/fen/kiwipete"
printf '\x00Nf3' >"$corpus/move/en"
printf '\x05Sg1-f3' >"$corpus/move/pl"
printf '\x02exf6 e.p.' >"$corpus/move/ep"
printf '\x03b8=Q+ (=)' >"$corpus/move/promo"
# DGT replies: a field update, a BWTIME with times, a clock ack, a version, garbage before a frame.
printf '\x8e\x00\x05\x0c\x01' >"$corpus/dgt/field"
printf '\x8d\x00\x0a\x01\x29\x58\x00\x05\x09\x0b' >"$corpus/dgt/bwtime"
printf '\x8d\x00\x0a\x0a\x10\x09\x0a\x21\x00\x00' >"$corpus/dgt/ack"
printf '\x13\xff\x93\x00\x05\x01\x08' >"$corpus/dgt/version"
for f in fen:fen move:move_text pgn:pgn dgt:dgt; do
    dir=${f%%:*}
    name=fuzz_${f#*:}
    echo "== $name ($seconds s)"
    (cd "$build" && "$build/bin/$name" -max_total_time="$seconds" -max_len=4096 "$corpus/$dir" 2>&1 | tail -2)
done
