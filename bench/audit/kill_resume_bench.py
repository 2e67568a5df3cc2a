#!/usr/bin/env python3
"""Issue 23's figure "false positives on N clean journals, incl. >= 10 kill-and-resume": real Stockfish games
played by operator-cli, killed with SIGKILL at random points, resumed, finished and audited. Reports how many
journals audited clean.

The kills land:
- inside the computer's own searches, with and without ponder (tests/audit/audit_kill_resume_test.py's
  Runner: "go");
- inside ponder searches ("ponder");
- between the computer's move and its clock press ("shown");
- between the engine's withheld choice and the computer's seal (a scripted adjournment: "withheld"), with
  and without ponder.
The ctest (audit_kill_resume_stockfish_*) runs a few kills; this bench makes the figure.

Usage: kill_resume_bench.py OPERATOR_CLI [GAMES_PER_MODE=4] [STOCKFISH] [SEED=101]
"""
import importlib.util, json, os, signal, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "kill_resume", os.path.join(HERE, "..", "..", "tests", "audit", "audit_kill_resume_test.py"))
kr = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kr)
SEAL_SCRIPT = os.path.join(HERE, "..", "..", "tests", "audit", "scripts", "stockfish_computer_seals.txt")


def withheld_game(cli, sf, ponder, work, tag):
    """The scripted adjournment killed while its sealed choice is withheld, resumed to the end, audited."""
    journal = os.path.join(work, f"withheld_{tag}.jsonl")
    setup = os.path.join(work, f"setup_{tag}.json")
    with open(setup, "w") as f:
        json.dump({"engine": {"command": sf, "ponder": ponder}}, f)
    args = [cli, "play", "--engine", sf, "--engine-nodes", "200000", "--engine-side", "black", "--tc",
            "90m+30s", "--setup", setup, "--human", f"script:{SEAL_SCRIPT}", "--journal", journal, "--resume"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    landed = None
    while proc.poll() is None:
        if kr.running(kr.new_types(journal, 0)) == "withheld":
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            landed = kr.running(kr.new_types(journal, 0)) or "between records"
            break
        time.sleep(0.001)
    if landed is None:
        kr.fail(f"{tag}: the game passed the withheld choice before the kill: {proc.stderr.read()[-500:]}", work)
    final = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if final.returncode != 0:
        kr.fail(f"{tag}: the resume after the withheld choice failed: {final.stderr[-1500:]}", work)
    kr.audited(cli, journal, work)
    print(f"withheld {tag}: 1 SIGKILL {{'{landed}': 1}}; audit clean", flush=True)
    return {landed: 1}


def counted(results, name, fn):
    """Runs one journal's game; a journal that does not audit clean is counted, not fatal."""
    try:
        kinds = fn()
        results.append((name, True, kinds))
    except SystemExit:
        results.append((name, False, {}))


def main():
    cli = sys.argv[1]
    per_mode = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    sf = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/stockfish"
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 101
    work = tempfile.mkdtemp(prefix="oc_kill_resume_bench_")
    results = []
    for mode in ("plain", "ponder"):
        os.makedirs(os.path.join(work, mode))
        runner = kr.Runner(cli, mode, sf, seed, os.path.join(work, mode))
        for g in range(per_mode):
            counted(results, f"{mode} seed {seed + g}", lambda: runner.game(seed + g)[1])
    for g in range(per_mode // 2):
        for ponder in (False, True):
            tag = f"{'ponder' if ponder else 'plain'}{g}"
            counted(results, f"withheld {tag}", lambda: withheld_game(cli, sf, ponder, work, tag))
    kills = {}
    for _, _, kinds in results:
        for k, n in kinds.items():
            kills[k] = kills.get(k, 0) + n
    clean = sum(1 for _, ok, _ in results if ok)
    print(f"kill-and-resume journals: {len(results)}, audited clean: {clean}, false positives: "
          f"{len(results) - clean}; SIGKILLs {sum(kills.values())} by where they landed: {kills}")
    print(f"files in {work}")
    return 0 if clean == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
