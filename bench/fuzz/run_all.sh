#!/usr/bin/env bash
# Builds the clang fuzzing tree (CMake preset "fuzz": libFuzzer, ASan, UBSan, every library instrumented)
# and runs every fuzz target of tests/fuzz for SECONDS each (default 60), one after the other at the
# lowest priority, starting from its corpus in tests/fuzz/corpus/<target>/ with its dictionary. Prints per
# target: executions, execs/s, edges (libFuzzer's "cov"), corpus size, crashes. Exits 1 if any target
# crashed, leaked or hit a sanitizer (the input is kept in build/fuzz/artifacts/<target>/).
#
# Usage: bench/fuzz/run_all.sh [SECONDS] [options]
#   --targets a,b,...   only these targets (names as in tests/fuzz/CMakeLists.txt, e.g. uci,http)
#   --update-corpus     merge (-merge=1) what the run found into tests/fuzz/corpus/<target>/, minimised on
#                       edges: the fewest inputs that keep every edge reached (the fuller corpus, with
#                       hit counts, stays in build/fuzz/corpus/<target>/ for the next local run)
#   --seeds DIR         also start from DIR/<target>/ (tests/fuzz/make_seeds.py writes such a DIR)
#   --no-build          use the fuzz binaries already built
#   --runs N            stop a target after N executions even if SECONDS are not up (libFuzzer -runs)
#   --summary           print the executions summed over every run in build/fuzz/results.tsv, and stop
# Environment: OC_FUZZ_JOBS (build jobs, default 2), OC_FUZZ_NICE (default 19).
# Each run is appended to build/fuzz/results.tsv, so figures over several runs can be summed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=60
targets=""
update=0
seeds=""
build_it=1
runs=""
summary=0
while [ $# -gt 0 ]; do
    case "$1" in
        --targets) targets=${2//,/ }; shift ;;
        --update-corpus) update=1 ;;
        --seeds) seeds=$2; shift ;;
        --no-build) build_it=0 ;;
        --runs) runs=$2; shift ;;
        --summary) summary=1 ;;
        [0-9]*) seconds=$1 ;;
        *) echo "unknown argument $1; see the usage at the top of $0" >&2; exit 2 ;;
    esac
    shift
done
build=$root/build/fuzz
nice_level=${OC_FUZZ_NICE:-19}

# The depth each target has reached over all runs so far (each run goes on from the corpus the last
# one left, so the executions add up): executions, fuzzing time, the last run's edges and corpus.
if [ "$summary" = 1 ]; then
    printf '%-17s %12s %9s %7s %7s %8s\n' target executions hours edges corpus crashes
    awk -F'\t' 'NR > 1 && $4 ~ /^[0-9]+$/ {
            execs[$2] += $4; secs[$2] += ($5 > 0 ? $4 / $5 : 0); edges[$2] = $6; corpus[$2] = $7
            if ($8 != 0) crashes[$2] += ($8 ~ /^[0-9]+$/ ? $8 : 1)
        }
        END {
            for (t in execs)
                printf "%-17s %12d %9.2f %7s %7s %8d\n", t, execs[t], secs[t] / 3600, edges[t], corpus[t], crashes[t]
        }' "$build/results.tsv" | sort
    exit 0
fi

if [ "$build_it" = 1 ]; then
    launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    (cd "$root" && nice -n 10 cmake --preset fuzz "${launcher[@]}" >/dev/null)
fi
all=$(tr ';' ' ' <"$build/fuzz_targets.txt")
[ -n "$targets" ] || targets=$all
if [ "$build_it" = 1 ]; then
    bins=()
    for t in $targets; do bins+=("fuzz_$t"); done
    nice -n 10 cmake --build "$build" --target "${bins[@]}" -- -j"${OC_FUZZ_JOBS:-2}" >"$build/build-fuzzers.log" 2>&1 ||
        { tail -30 "$build/build-fuzzers.log"; exit 1; }
fi

# The dictionary of each format, and the longest input worth trying (32 KiB holds the journal of a short
# game; a longer whole-game seed is cut there, which keeps the corpora small and the runs fast).
dict_for() {
    case "$1" in
        journal_read | journal_replay) echo journal ;;
        *) echo "$1" ;;
    esac
}
max_len_for() {
    case "$1" in
        journal_read | journal_replay) echo 32768 ;;
        http) echo 20000 ;;
        pgn | script | uci | event_setup | trf) echo 16384 ;;
        *) echo 4096 ;;
    esac
}

results=$build/results.tsv
[ -f "$results" ] || printf 'date\ttarget\tseconds\texecs\texecs_per_s\tedges\tcorpus\tcrashes\n' >"$results"
printf '%-17s %12s %9s %7s %7s %8s\n' target executions execs/s edges corpus crashes
failed=0
for t in $targets; do
    repo_corpus=$root/tests/fuzz/corpus/$t
    work=$build/corpus/$t
    artifacts=$build/artifacts/$t
    mkdir -p "$repo_corpus" "$work" "$artifacts"
    inputs=("$work" "$repo_corpus")
    [ -n "$seeds" ] && [ -d "$seeds/$t" ] && inputs+=("$seeds/$t")
    dict=$root/tests/fuzz/dict/$(dict_for "$t").dict
    opts=(-max_total_time="$seconds" -max_len="$(max_len_for "$t")" -artifact_prefix="$artifacts/"
          -print_final_stats=1 -timeout=25 -rss_limit_mb=2048 -interrupted_exitcode=72)
    [ -f "$dict" ] && opts+=(-dict="$dict")
    [ -n "$runs" ] && opts+=(-runs="$runs")
    log=$build/fuzz-$t.log
    # Crashes, leaks, timeouts and out-of-memory inputs (slow-unit-* files are only a note).
    found() { find "$artifacts" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l; }
    before=$(found)
    set +e
    (cd "$build" && nice -n "$nice_level" "$build/bin/fuzz_$t" "${opts[@]}" "${inputs[@]}" >"$log" 2>&1)
    rc=$?
    set -e
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    edges=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d" " -f2 || true)
    corpus=$(grep -oE 'corp: [0-9]+' "$log" | tail -1 | cut -d" " -f2 || true)
    crashes=$(($(found) - before))
    # Stopped by Ctrl-C or SIGINT (to free the machine): the figures so far stand, and nothing crashed.
    if [ "$rc" -eq 72 ] && [ "$crashes" -eq 0 ] && grep -q 'libFuzzer: run interrupted' "$log"; then
        echo "$t: stopped by SIGINT before its budget; the figures are those of the run so far"
        rc=0
    fi
    [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && crashes="rc=$rc"
    printf '%-17s %12s %9s %7s %7s %8s\n' "$t" "${execs:-?}" "${rate:-?}" "${edges:-?}" "${corpus:-?}" "$crashes"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$seconds" "${execs:-?}" "${rate:-?}" \
        "${edges:-?}" "${corpus:-?}" "$crashes" >>"$results"
    if [ "$rc" -ne 0 ]; then
        failed=1
        grep -m3 -E 'ERROR: |SUMMARY: |Test unit written' "$log" | sed 's/^/    /' || true
        continue
    fi
    if [ "$update" = 1 ]; then
        # -use_counters=0: the repository keeps one input per edge, not one per hit count, so the
        # committed corpora stay small and CI's replay fast (journal_replay: 1.7 MB instead of 14 MB).
        merged=$build/merged/$t
        rm -rf "$merged" && mkdir -p "$merged"
        nice -n "$nice_level" "$build/bin/fuzz_$t" -merge=1 -use_counters=0 -max_len="$(max_len_for "$t")" "$merged" \
            "$repo_corpus" "${inputs[@]}" >"$build/merge-$t.log" 2>&1
        rm -rf "$repo_corpus" && mv "$merged" "$repo_corpus"
    fi
done
exit "$failed"
