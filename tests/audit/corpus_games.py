#!/usr/bin/env python3
"""Issue 37 item 2: plays the corpus's games with an older console's operator-cli (built in a worktree of
that commit) and writes each finished journal to OUT_DIR/<prefix>-<name>.jsonl. Nothing is edited: the
journals are what that console wrote. tests/audit/corpus/README.md says which commit wrote which file.

Usage: corpus_games.py OPERATOR_CLI OUT_DIR PREFIX [--scripts DIR] [--stockfish PATH] [only NAME...]

Games (each small: few moves, Stockfish limited by nodes):
- script games with the fake engine: DIR/<name>.txt for the names in FAKE_SCRIPTS that exist there
  (DIR: that commit's tests/session/scripts), and tests/audit/scripts/slow_first_handling.txt;
- script games with Stockfish as Black: tests/audit/scripts/corpus_sf_*.txt (draw offers, a correction
  during the search, the human's sealed move and the resumption) and stockfish_computer_seals.txt (the
  computer's sealed move);
- a Stockfish game killed by SIGKILL inside its searches and resumed (as tests/audit/audit_kill_resume_test.py
  does), without and with pondering, and a pondering game never killed;
- where that console has `play --human eboard`: 1.e4 and 2.Nf3 played on `operator-cli eboard fake` (a real
  pty) against Stockfish in real time, each computer move played on the board and pressed (as
  tests/cli/board_play_test.py does);
- where that console reads a TRF: the pairing of tests/data/trf/swiss_manager_trf16.trf's round 2 for
  Stockfish, played on a board read through `operator-cli eboard fake --brand livechess`, which restarts
  between the two moves (as tests/eboard/livechess_play_test.py does).
"""
import json, os, random, shutil, signal, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE_SCRIPTS = ["slow_first_handling", "cmp_2_2_faster_rate", "drw_offer_typed_with_move",
                "irr_mis_entry_correction", "ponder_hit", "ponder_correction", "adj_computer_seals_resumed",
                "engine_fault_restart"]

argv = sys.argv[1:]
cli, out_dir, prefix = argv[0], argv[1], argv[2]
rest = argv[3:]
scripts_dir, sf, only = None, "/usr/games/stockfish", []
while rest:
    a = rest.pop(0)
    if a == "--scripts":
        scripts_dir = rest.pop(0)
    elif a == "--stockfish":
        sf = rest.pop(0)
    elif a == "only":
        only = rest
        rest = []
work = tempfile.mkdtemp(prefix="oc_corpus_games_")
os.makedirs(out_dir, exist_ok=True)


def wanted(name):
    return not only or name in only


def keep(name, journal, how):
    dest = os.path.join(out_dir, f"{prefix}-{name}.jsonl")
    shutil.copyfile(journal, dest)
    print(f"{name}: {how} -> {dest}", flush=True)


def run(args, timeout=900):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def script_game(name, script, engine, extra=()):
    journal = os.path.join(work, name + ".jsonl")
    args = [cli, "play", "--engine", engine, "--engine-side", "black", "--tc", "90m+30s",
            "--human", f"script:{script}", "--journal", journal] + list(extra)
    if "ponder" in name and engine != "fake":  # on from the engine's start (see corpus_sf_ponder_hit.txt)
        setup = os.path.join(work, name + "-setup.json")
        with open(setup, "w") as f:
            json.dump({"engine": {"command": engine, "ponder": True}}, f)
        args += ["--setup", setup]
    r = run(args)
    if r.returncode != 0 or not os.path.exists(journal):
        print(f"{name}: play exited {r.returncode}: {r.stderr[-1500:]}", flush=True)
        return
    keep(name, journal, "played")


# --- script games ---
for name in FAKE_SCRIPTS:
    path = os.path.join(HERE, "scripts", name + ".txt") if name == "slow_first_handling" else (
        os.path.join(scripts_dir, name + ".txt") if scripts_dir else None)
    if path and os.path.exists(path) and wanted(name):
        script_game(name, path, "fake")
for f in sorted(os.listdir(os.path.join(HERE, "scripts"))):
    if f.startswith("corpus_sf_") and f.endswith(".txt") and wanted(f[len("corpus_"):-4]):
        script_game(f[len("corpus_"):-4], os.path.join(HERE, "scripts", f), sf, ["--engine-nodes", "100000"])
if wanted("sf_computer_seals"):
    script_game("sf_computer_seals", os.path.join(HERE, "scripts", "stockfish_computer_seals.txt"), sf,
                ["--engine-nodes", "100000"])


# --- Stockfish killed inside its searches, resumed (tests/audit/audit_kill_resume_test.py's way) ---
def new_types(journal, offset):
    try:
        with open(journal, "rb") as f:
            f.seek(offset)
            lines = f.read().split(b"\n")[:-1]
    except OSError:
        return []
    out = []
    for line in lines:
        try:
            out.append(json.loads(line)["type"])
        except (ValueError, KeyError):
            pass
    return out


def running(types):
    state = None
    for t in types:
        if t in ("go", "ponder_hit"):
            state = "go"
        elif t == "ponder_start":
            state = "ponder"
        elif t in ("engine_move", "engine_move_withheld") or (
                state == "ponder" and t in ("ponder_miss", "ponder_stop", "human_move")):
            state = None
    return state


def kill_game(name, ponder, kills, seed):
    rng = random.Random(seed)
    journal = os.path.join(work, name + ".jsonl")
    setup = os.path.join(work, name + "-setup.json")
    with open(setup, "w") as f:
        json.dump({"engine": {"command": sf, "ponder": ponder}}, f)
    args = [cli, "play", "--engine", sf, "--engine-side", "black", "--tc", "5m+3s", "--human", "random",
            "--setup", setup, "--engine-nodes", "200000", "--max-plies", "16", "--seed", str(seed),
            "--operator-delay", "2,6", "--journal", journal, "--resume"]
    starts_of = ("go", "ponder_hit") + (("ponder_start",) if ponder else ())
    landed = []
    for _ in range(kills):
        offset = os.path.getsize(journal) if os.path.exists(journal) else 0
        k = rng.randint(1, 3)
        want = "ponder" if ponder and len(landed) % 2 == 1 else "go"
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        kind = None
        while proc.poll() is None:
            types = new_types(journal, offset)
            if running(types) == want and sum(t in starts_of for t in types) >= k:
                time.sleep(rng.uniform(0.0, 0.02))
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kind = running(new_types(journal, offset))
                break
            time.sleep(0.002)
        if kind is None:
            break
        landed.append(kind)
    r = run(args)
    if r.returncode != 0:
        print(f"{name}: the final resume exited {r.returncode}: {r.stderr[-1500:]}", flush=True)
        return
    keep(name, journal, f"SIGKILLs inside searches {landed}, resumed")


if wanted("sf_kill_resume"):
    kill_game("sf_kill_resume", False, 2, 21)
if wanted("sf_kill_resume_ponder"):
    kill_game("sf_kill_resume_ponder", True, 2, 22)
if wanted("sf_ponder"):
    kill_game("sf_ponder", True, 0, 23)


# --- the e-board: the fake DGT board and DGT 3000 on a pty, Stockfish in real time ---
def eboard_game(name):
    journal = os.path.join(work, name + ".jsonl")
    link = os.path.join(work, name + "-dgt")

    def payloads(kind):
        try:
            with open(journal) as f:
                recs = [json.loads(l) for l in f if l.strip()]
        except (OSError, ValueError):
            return []
        return [r["payload"] for r in recs if r.get("type") == kind]

    def wait_until(what, pred, seconds=90):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if pred():
                return True
            time.sleep(0.1)
        print(f"{name}: timed out waiting for {what}", flush=True)
        return False

    fake = subprocess.Popen([cli, "--ui-lang", "en", "eboard", "fake", "--clock", "--link", link],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)

    def board(*lines):
        for line in lines:
            fake.stdin.write(line + "\n")
        fake.stdin.flush()

    play = None
    try:
        if not wait_until("the fake board's link", lambda: os.path.islink(link), 10):
            return
        board("clock 0:05:00 0:05:00")
        play = subprocess.Popen([cli, "--ui-lang", "en", "play", "--human", "eboard", "--eboard", link, "--engine",
                                 sf, "--engine-side", "black", "--tc", "5m", "--journal", journal,
                                 "--max-plies", "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if not wait_until("the board connected",
                          lambda: any(p.get("event") == "connected" for p in payloads("eboard"))):
            return
        for ply, (frm, to) in enumerate((("e2", "e4"), ("g1", "f3"))):
            board(f"lift {frm}", f"place {to}", "wait 500ms", "press")
            if not wait_until("the computer's move", lambda: len(payloads("engine_move")) > ply):
                return
            uci = payloads("engine_move")[ply]["uci"]
            board(f"lift {uci[2:4]}", f"lift {uci[0:2]}", f"place {uci[2:4]}", "wait 500ms", "press")
        out, err = play.communicate(timeout=90)
        if play.returncode != 0:
            print(f"{name}: play exited {play.returncode}: {err[-1500:]}", flush=True)
            return
        keep(name, journal, f"on the fake board: {out.strip()}")
    finally:
        if play and play.poll() is None:
            play.kill()
        board("quit")
        fake.wait()


def livechess_trf_game(name):
    """The pairing from a TRF (the human White, Stockfish Black) on a board read through the fake DGT LiveChess,
    which restarts in the middle of the game (as tests/eboard/livechess_play_test.py does)."""
    journal = os.path.join(work, name + ".jsonl")
    log = os.path.join(work, name + "-livechess.log")
    trf = os.path.join(HERE, "..", "data", "trf", "swiss_manager_trf16.trf")

    def payloads(kind):
        try:
            with open(journal) as f:
                return [json.loads(l)["payload"] for l in f if l.strip() and json.loads(l)["type"] == kind]
        except (OSError, ValueError):
            return []

    def wait_until(what, pred, seconds=90):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if pred():
                return True
            time.sleep(0.1)
        raise TimeoutError(f"{name}: timed out waiting for {what}")

    fake = subprocess.Popen([cli, "--ui-lang", "en", "eboard", "fake", "--brand", "livechess", "--listen",
                             "127.0.0.1:0", "--serial", "7425"], stdin=subprocess.PIPE, stdout=open(log, "w"),
                            stderr=subprocess.STDOUT, text=True)

    def board(*lines):
        fake.stdin.write("".join(line + "\n" for line in lines))
        fake.stdin.flush()

    def computer_plays(ply):
        wait_until("the computer's move", lambda: len(payloads("engine_move")) > ply)
        uci = payloads("engine_move")[ply]["uci"]
        board(f"lift {uci[2:4]}", f"lift {uci[0:2]}", f"place {uci[2:4]}")

    play = None
    try:
        wait_until("the fake LiveChess", lambda: "ws://" in open(log).read(), 10)
        url = next(w for w in open(log).read().split() if w.startswith("ws://"))
        play = subprocess.Popen([cli, "--ui-lang", "en", "play", "--human", "eboard", "--eboard", url,
                                 "--eboard-brand", "livechess", "--engine", sf, "--trf", trf, "--round", "2",
                                 "--player", "Stockfish", "--tc", "5m", "--journal", journal, "--max-plies", "4"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_until("the board connected", lambda: any(p.get("event") == "connected" for p in payloads("eboard")))
        board("lift e2", "place e4")
        computer_plays(0)
        wait_until("the computer's move made", lambda: any(p.get("event") == "made" for p in payloads("eboard")))
        board("unplug")
        wait_until("the board lost", lambda: any(p.get("event") == "lost" for p in payloads("eboard")))
        board("replug")
        board("lift g1", "place f3")
        computer_plays(1)
        out, err = play.communicate(timeout=90)
        if play.returncode != 0:
            print(f"{name}: play exited {play.returncode}: {err[-1500:]}", flush=True)
            return
        keep(name, journal, f"TRF pairing on the fake LiveChess: {out.strip()}")
    except TimeoutError as e:
        print(e, flush=True)
    finally:
        if play and play.poll() is None:
            play.kill()
        board("quit")
        fake.wait()


if wanted("sf_eboard") and "--eboard" in run([cli, "play", "--help"]).stdout:
    eboard_game("sf_eboard")
if wanted("sf_livechess_trf") and "--trf" in run([cli, "play", "--help"]).stdout:
    livechess_trf_game("sf_livechess_trf")
