#!/usr/bin/env bash
# Runs `operator-cli journal verify FILE` and checks its exit code and that its output matches a pattern.
# Usage: journal_cli_check.sh OPERATOR_CLI FILE EXPECTED_EXIT PATTERN
set -u
out=$("$1" journal verify "$2" 2>&1)
rc=$?
echo "$out"
if [[ $rc -ne $3 ]]; then echo "exit code $rc, expected $3"; exit 1; fi
if ! grep -Eq -- "$4" <<<"$out"; then echo "output does not match: $4"; exit 1; fi
