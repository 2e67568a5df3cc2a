#!/usr/bin/env bash
# Kept for the older docs: runs every fuzz target briefly (SECONDS each, default 30) through
# bench/fuzz/run_all.sh, which builds the clang tree (preset "fuzz") and prints the table.
exec "$(cd "$(dirname "$0")/../.." && pwd)/bench/fuzz/run_all.sh" "${1:-30}"
