"""The comparison both crash-recovery tests make: a resumed game against its uninterrupted run."""
import sys


def compare_games(label, reference, resumed, ref_pgn, pgn):
    """Exits naming the first difference between the game records and PGNs; returns the record count."""
    for i, (x, y) in enumerate(zip(reference, resumed)):
        if x != y:
            sys.exit(f"{label}: record {i} differs:\n  uninterrupted {x}\n  resumed       {y}")
    if len(reference) != len(resumed):
        sys.exit(f"{label}: record counts differ: {len(reference)} vs {len(resumed)}")
    with open(ref_pgn) as a, open(pgn) as b:
        if a.read() != b.read():
            sys.exit(f"{label}: PGN differs")
    return len(reference)
