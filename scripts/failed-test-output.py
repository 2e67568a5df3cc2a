#!/usr/bin/env python3
"""Prints the end of each failed test's output from a ctest log, after ./test.sh's summary.

Usage: failed-test-output.py LOG [LINES]

ctest prints a failing test's output where it finished, in the middle of 1,300 lines; a CI that keeps
only the end of the run then shows which test failed but not why. This prints, for every test the log
marks "Test Failed." (or a timeout), the last LINES lines (default 60) of its output, so that the
assertion and its message come last; then one line per failed test with its last words.
"""
import re
import sys


def blocks(lines):
    """Yields (name, output lines, verdict line) for each test in a ctest LastTest.log."""
    name, output, inside = None, [], False
    for line in lines:
        if " Test: " in line and line.split(" Test: ", 1)[0].replace("/", "").isdigit():
            name, output, inside = line.split(" Test: ", 1)[1].strip(), [], False
        elif line.startswith("Output:"):
            inside = True
        elif line.startswith("<end of output>"):
            inside = False
        elif inside and (output or line.strip("-\n")):  # not the rule ctest puts under "Output:"
            output.append(line.rstrip("\n"))
        elif name and line.startswith("Test ") and line.rstrip().endswith("."):
            yield name, output, line.strip()
            name = None


# GoogleTest's closing lines ("[  FAILED  ] ...", " 1 FAILED TEST") say nothing of why: the line before
# them does (a flow's "fail" message, an assertion's values).
GTEST_TAIL = re.compile(r"^\s*(\[[ =A-Z-]+\].*|\d+ FAILED TESTS?|YOU HAVE \d+ DISABLED TESTS?)\s*$")


def said(line):
    return line.strip() and not GTEST_TAIL.match(line)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: failed-test-output.py LOG [LINES]")
    keep = int(sys.argv[2]) if len(sys.argv) == 3 else 60
    try:
        with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
            failed = [(n, o, v) for n, o, v in blocks(log) if v != "Test Passed."]
    except OSError as e:
        sys.exit(f"failed-test-output.py: cannot read the ctest log: {e}")
    for name, output, verdict in failed:
        print(f"\n===== {name}: {verdict} (the last {min(keep, len(output))} of {len(output)} lines)")
        for line in output[-keep:]:
            print(line)
    if failed:
        # The very end, one line each: a CI that keeps only the last lines of the run still sees why every
        # failed test failed, not only the last one's output (two failures pushed the first off).
        print(f"\n===== {len(failed)} failed test(s), their output above; each one's last words:")
        for name, output, verdict in failed:
            last = next((line.strip() for line in reversed(output) if said(line)), "(no output)")
            print(f"  {name}: {verdict} {last[:400]}")


if __name__ == "__main__":
    main()
