#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, and runs the whole test suite.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh --tests
cmake --preset ci
cmake --build --preset ci
# A failing test's output is printed again at the very end, where a CI that keeps only the tail sees it.
ctest --preset ci -j2 --timeout 600 "$@" || {
    status=$?
    python3 scripts/failed-test-output.py build/ci/Testing/Temporary/LastTest.log || true
    exit "$status"
}
