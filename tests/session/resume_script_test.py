#!/usr/bin/env python3
"""Crash recovery of a scripted game: kill `operator-cli play --human script:FILE` with SIGKILL at random
moments (once its journal has grown to a random length), resume each time, and check that the finished
game equals an uninterrupted run.

Usage: resume_script_test.py OPERATOR_CLI SCRIPT KILLS|every [SEED]
The script is played with seeds 3, 4, ... (operator delays differ) until KILLS kills have hit a running
process. With "every": the run is stopped after each of its durable records in turn (the journal cut
there, as a kill leaves it) and resumed once from each. Compared with the uninterrupted run: every journal record's type and payload (with its time
"t"), the driver's script_line records included, except "go" and "engine_io" (a resumed run re-sends
the search it lost), "console_resumed" (each resume's own record) and the sealed envelope's random salt and nonce; a withheld engine choice repeated
after a restart before it is sealed (CMP-3.5: it was only in the killed process's memory) counts once. Also the PGN
and the final line. Before that: a resume with a changed script, or with another human, is refused
and leaves the journal as it was.
"""
import json, os, random, shutil, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from resume_compare import compare_games  # noqa: E402

cli, script, kills = sys.argv[1], sys.argv[2], sys.argv[3]
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 11)
work = tempfile.mkdtemp(prefix="oc_resume_script_")

def args(seed, journal, pgn, resume, human=None):
    a = [cli, "play", "--engine", "fake", "--engine-side", "black", "--tc", "90m+30s",
         "--human", human or f"script:{script}", "--seed", str(seed), "--operator-delay", "2,8",
         "--journal", journal, "--pgn", pgn]
    return a + (["--resume"] if resume else [])

def run(a):
    return subprocess.run(a, capture_output=True, text=True, cwd=work)

def game_records(path):
    out, withheld = [], False
    with open(path) as f:
        for line in f:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line (the next resume cuts it)
            t, p = r["type"], dict(r["payload"])
            if t in ("header", "go", "engine_io", "console_resumed"):
                continue
            if t == "sealed":
                p.pop("envelope", None), p.pop("fingerprint", None)
            if t == "engine_move_withheld" and withheld:
                continue  # chosen again after a restart
            withheld = t == "engine_move_withheld" or (withheld and t != "sealed")
            out.append((t, json.dumps(p, sort_keys=True)))
    return out

def last_line(text):
    return text.strip().splitlines()[-1] if text.strip() else ""

def last_script_line(path):
    """The last script line the journal holds; 0 when the kill came before the journal was created
    (a loaded machine can be that slow to start: the resume then starts the game afresh)."""
    line = 0
    if not os.path.exists(path):
        return line
    with open(path) as f:
        for text in f:
            if '"type":"script_line"' in text:
                line = json.loads(text)["payload"]["line"]
    return line

def records_in(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0

def kill_somewhere(a, journal, total):
    """Starts `a` and kills it once its journal has grown to a random record count between what it holds
    and the end of the game (`total`, the uninterrupted run's count, and a few for the records a resume
    adds), so the kills land anywhere in the game on a fast machine and a slow one alike: a fixed time
    window missed most games on an idle machine, which end in a quarter of a second ("only 34 of 35 kills
    hit a running game in 48 games"). False if it finished first."""
    held = records_in(journal)
    target = rng.randint(held + 1, max(total, held + 1) + 10)
    proc = subprocess.Popen(a, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=work)
    while proc.poll() is None and records_in(journal) < target:
        time.sleep(0.001)
    if proc.poll() is not None:
        out, err = proc.communicate()
        if proc.returncode != 0:
            sys.exit(f"resume failed: {err}")
        return False
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return True

def refusals(seed):
    """A changed script, or another human, is refused and changes nothing (not even a torn tail)."""
    ref_j, j, p = (os.path.join(work, f"refuse{seed}.{ext}") for ext in ("ref.jsonl", "jsonl", "pgn"))
    if run(args(seed, ref_j, p, False)).returncode != 0:
        sys.exit("reference run failed")
    lines = open(ref_j).readlines()
    with open(j, "w") as f:  # what a kill in the middle of the game leaves, with a torn last record
        f.writelines(lines[: len(lines) // 2])
        f.write('{"torn')
    before = open(j, "rb").read()
    changed = os.path.join(work, "changed.txt")
    shutil.copy(script, changed)
    with open(changed, "a") as f:
        f.write("expect plies 30\n")
    for human, words in ((f"script:{changed}", "another script"), ("random", "played from a script")):
        r = run(args(seed, j, p, True, human))
        if r.returncode != 2 or words not in r.stderr:
            sys.exit(f"resume with --human {human}: expected exit 2 and \"{words}\", got {r.returncode}: {r.stderr}")
        if open(j, "rb").read() != before:
            sys.exit(f"resume with --human {human} changed the journal")
    print("a changed script and another human are refused; the journal is left as it was")

def crashed_game(seed, budget):
    ref_j, ref_p = os.path.join(work, f"ref{seed}.jsonl"), os.path.join(work, f"ref{seed}.pgn")
    ref = run(args(seed, ref_j, ref_p, False))
    if ref.returncode != 0:
        sys.exit(f"reference run failed: {ref.stderr}")
    total = records_in(ref_j)
    j, p = os.path.join(work, f"crash{seed}.jsonl"), os.path.join(work, f"crash{seed}.pgn")
    hits, lines = 0, set()
    while hits < budget and kill_somewhere(args(seed, j, p, True), j, total):
        hits += 1
        lines.add(last_script_line(j))
    final = run(args(seed, j, p, True))
    if final.returncode != 0:
        sys.exit(f"seed {seed}: final resume failed after {hits} kills: {final.stderr}")
    verify = run([cli, "journal", "verify", j])
    if verify.returncode != 0:
        sys.exit(f"seed {seed}: journal does not verify: {verify.stderr}")
    count = compare(seed, ref_j, ref_p, j, p, f"{hits} kills")
    if last_line(final.stdout) != last_line(ref.stdout):
        sys.exit(f"seed {seed}: final line differs: {last_line(final.stdout)} vs {last_line(ref.stdout)}")
    print(f"seed {seed}: {hits} SIGKILLs in {len(lines)} different script lines ({min(lines, default=0)}.."
          f"{max(lines, default=0)}), {count} records and the PGN equal; {last_line(final.stdout)}")
    return hits

def compare(seed, ref_j, ref_p, j, p, what):
    return compare_games(f"seed {seed} ({what})", game_records(ref_j), game_records(j), ref_p, p)

def every_record(seed):
    ref_j, ref_p = os.path.join(work, "ref.jsonl"), os.path.join(work, "ref.pgn")
    if run(args(seed, ref_j, ref_p, False)).returncode != 0:
        sys.exit("reference run failed")
    lines = open(ref_j).readlines()
    j, p = os.path.join(work, "cut.jsonl"), os.path.join(work, "cut.pgn")
    for n in range(2, len(lines)):
        open(j, "w").writelines(lines[:n])
        r = run(args(seed, j, p, True))
        if r.returncode != 0:
            sys.exit(f"resumed after record {n - 1}: {r.stderr}")
        compare(seed, ref_j, ref_p, j, p, f"cut after record {n - 1}")
    print(f"ok: resumed after each of the {len(lines) - 2} records, each game equal to the uninterrupted run")

if kills == "every":
    every_record(3)
    sys.exit(0)
kills = int(kills)
refusals(3)
total, seed = 0, 3
while total < kills:
    if seed > 50:
        sys.exit(f"only {total} of {kills} kills hit a running game in 48 games: the games end too fast")
    total += crashed_game(seed, kills - total)
    seed += 1
print(f"ok: {total} SIGKILLs over {seed - 3} game(s), each resumed game equal to its uninterrupted run")
