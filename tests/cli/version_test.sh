#!/usr/bin/env bash
# Issue 39 item 1: `--version` alone prints "operator-console VERSION (commit C)" on stdout and exits 0,
# for operator-cli (which otherwise needs a subcommand) and for operator-console (which must answer
# without a display: DISPLAY and WAYLAND_DISPLAY are unset here). Each program's --help lists --version;
# the CLI's help line is in the UI language.
# Usage: version_test.sh VERSION OPERATOR_CLI [OPERATOR_CONSOLE]
set -u
version=$1
cli=$2
console=${3:-}
fail() { echo "FAIL: $*"; exit 1; }
unset DISPLAY WAYLAND_DISPLAY
expected="^operator-console ${version//./\\.} \\(commit [0-9a-f]{7,40}|unknown\\)\$"

# The program's stdout must be exactly one line naming the version, its stderr empty, its status 0.
check_version() {
    local name=$1 out err rc
    shift
    err=$(mktemp)
    out=$("$@" --version 2>"$err")
    rc=$?
    [ "$rc" -eq 0 ] || fail "$name --version exited $rc: $(cat "$err")"
    [ -s "$err" ] && fail "$name --version wrote to stderr: $(cat "$err")"
    rm -f "$err"
    [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$name --version printed more than one line: $out"
    grep -Eq "$expected" <<<"$out" || fail "$name --version printed '$out', not $expected"
    echo "$name: $out"
}

# --help lists --version with the given description.
check_help() {
    local name=$1 words=$2 help
    shift 2
    help=$("$@" --help) || fail "$name --help failed"
    grep -E -- "--version" <<<"$help" | grep -qF -- "$words" ||
        fail "$name --help lacks '--version  $words': $help"
}

check_version operator-cli "$cli"
check_version "operator-cli --ui-lang fa" "$cli" --ui-lang fa
check_help operator-cli "Print the program's version and exit" "$cli" --ui-lang en
check_help "operator-cli (pl)" "Wypisz wersję programu i zakończ" "$cli" --ui-lang pl
check_help "operator-cli (fa)" "نمایش نسخه‌ی برنامه و خروج" "$cli" --ui-lang fa
if [ -n "$console" ]; then
    check_version operator-console "$console"
    check_help operator-console "Print the program's version and exit" "$console"
fi
echo PASS
