#!/usr/bin/env python3
"""Seeds for the fuzz targets from the project's own files (issue 27): scenario journals played by
operator-cli, the journals and PGN files of tests/data, real Stockfish output, the event setups those
journals hold, the scenario scripts, time controls from the clock tests, hand-written HTTP requests.

Usage: tests/fuzz/make_seeds.py OUT_DIR OPERATOR_CLI [STOCKFISH]
Writes OUT_DIR/<target>/<name> for every target. bench/fuzz/run_all.sh --reseed merges them (-merge=1)
into tests/fuzz/corpus/<target>/; the repository keeps only that minimised corpus."""
import functools
import hashlib
import json
import pathlib
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parents[2]
out = pathlib.Path(sys.argv[1])
cli = sys.argv[2]
stockfish = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/stockfish"


def put(target, data, name=None):
    if isinstance(data, str):
        data = data.encode()
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    (d / (name or hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)


def play(journal, *args):
    journal.unlink(missing_ok=True)
    subprocess.run([cli, "play", "--journal", str(journal), *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=600)
    return journal


def scenario_journals(work):
    journals = []
    for script in sorted((root / "tests/session/scripts").glob("*.txt")):
        journals.append(play(work / (script.stem + ".jsonl"), "--engine", "fake", "--engine-side", "black",
                             "--tc", "90m+30s", "--human", "script:" + str(script)))
    # Real Stockfish: its engine I/O is journalled line by line.
    journals.append(play(work / "stockfish.jsonl", "--engine", stockfish, "--engine-side", "black", "--tc",
                         "5m+3s", "--human", "random", "--seed", "7", "--max-plies", "30", "--engine-nodes",
                         "20000"))
    return journals


def journal_seeds(journals):
    data = list((root / "tests/data/session").glob("*.jsonl")) + list((root / "tests/data/broadcast").glob("*.journal"))
    for path in data + journals:
        put("journal_read", path.read_bytes(), path.stem)
        put("journal_replay", path.read_bytes(), path.stem)


def setup_seeds(journals):
    for path in journals:
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record["type"] == "setup":
                put("event_setup", json.dumps(record["payload"]["setup"], indent=1))
    put("event_setup", '{"time_control": "40/90m+30s, 30m+30s", "language": "pl", "edition": 2005}')
    put("event_setup", '{"engine": {"options": {"Hash": "64"}, "ponder": true}, "policy": {"offer_enabled": false}}')


def uci_seeds(journals):
    for path in journals:
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record["type"] != "engine_io":
                continue
            lines = [l[2:] for l in record["payload"].get("lines", []) if l.startswith(("< ", "> position"))]
            put("uci", "\n".join(lines) + "\n")
    session = ("uci\nsetoption name UCI_ShowWDL value true\nsetoption name MultiPV value 3\nisready\n"
               "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 8\n"
               "position startpos moves e2e4 e7e5 g1f3\ngo depth 10\n")
    text = subprocess.run([stockfish], input=session + "quit\n", capture_output=True, text=True, timeout=120).stdout
    put("uci", "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n" + text, "stockfish_wdl_multipv_mate")
    put("uci", "info string request-option name SyzygyPath value /srv/syzygy\nbestmove e2e4 ponder e7e5\n")
    put("uci", "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\nbestmove b7b8q\n")


def script_seeds():
    for folder in ("tests/session/scripts", "tests/cli/scripts", "tests/audit/scripts", "tests/data/session/scripts"):
        for path in sorted((root / folder).glob("*.txt")):
            put("script", path.read_bytes(), path.stem)


TIME_CONTROLS = ["40/2h , 20/1h", "*180", "*3m", "-", "?", "12m", "15m+10", "15m+10s", "1h30m", "300d5", "3600",
                 "3m", "3m d5s", "3m+2s", "40/2h, 20/1h d10s", "40/2m, 60m", "40/5400+30:1800+30",
                 "40/5400b30:1800b30", "40/90m+30s, 30m+30s", "40/90m, 30m", "5m b3s", "5m d5s", "900+10",
                 "90m+30s", "1:30", "1:02:03", "250ms", "-1m30s", "2m", "0:09.5"]


def simple_seeds():
    for tc in TIME_CONTROLS:
        put("time_control", tc)
    for pgn in (root / "tests/data/rules").glob("*.pgn"):
        put("pgn", pgn.read_bytes(), pgn.stem)
    put("pgn", (root / "tests/data/broadcast/golden_games.pgn").read_bytes(), "golden_games")
    put("fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "start")
    put("fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "kiwipete")
    put("fen", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "en_passant")
    for name, data in (("en", b"\x00Nf3"), ("pl", b"\x05Sg1-f3"), ("ep", b"\x02exf6 e.p."), ("promo", b"\x03b8=Q+ (=)"),
                       ("de", b"\x08Sf3"), ("fr", b"\x0cCf3"), ("ru", "\x18Кf3".encode())):
        put("move_text", data, name)
    for name, data in (("field", b"\x8e\x00\x05\x0c\x01"), ("bwtime", b"\x8d\x00\x0a\x01\x29\x58\x00\x05\x09\x0b"),
                       ("ack", b"\x8d\x00\x0a\x0a\x10\x09\x0a\x21\x00\x00"), ("version", b"\x13\xff\x93\x00\x05\x01\x08")):
        put("dgt", data, name)


def chesslink(body):
    """A Millennium ChessLink reply as the board sends it: the body, the two hex digits of the XOR of its
    characters, every byte with its odd parity bit (bit 7)."""
    text = body + "%02X" % functools.reduce(lambda a, c: a ^ ord(c), body, 0)
    return bytes(ord(c) | (0x80 if bin(ord(c)).count("1") % 2 == 0 else 0) for c in text)


def millennium_seeds():
    start = "rnbqkbnr" + "p" * 8 + "." * 32 + "P" * 8 + "RNBQKBNR"
    e4 = start[:36] + "P" + start[37:52] + "." + start[53:]
    put("millennium", chesslink("s" + start), "status_start")
    put("millennium", chesslink("s" + start) + chesslink("s" + e4), "status_e4")
    put("millennium", chesslink("s" + start[::-1].swapcase()), "status_turned")
    put("millennium", chesslink("v0104") + chesslink("x") + chesslink("l"), "version_acks")
    put("millennium", chesslink("r0102") + b"garbage" + chesslink("w0230"), "e2rom_garbage")


def http_seeds():
    get = "GET {} HTTP/1.1\r\nHost: hall\r\n\r\n"
    for target in ("/", "/games.pgn", "/games.json", "/events", "/board/2", "/app.js", "/../etc/passwd",
                   "/games.pgn?x=1", "/%2e%2e/", "/nothing"):
        put("http", get.format(target))
    put("http", "HEAD /games.json HTTP/1.0\r\n\r\n")
    put("http", "GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\nGET /games.pgn HTTP/1.1\r\nHost: a\r\n\r\n")
    put("http", "POST /games.pgn HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello")
    put("http", "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    put("http", "GET / HTTP/1.1\r\nX-Long: " + "a" * 9000 + "\r\n\r\n")
    put("http", "DELETE / HTTP/1.1\r\n\r\n")


def follower_seeds():
    put("journal_follower", bytes([0, 0] * 12), "grow")
    put("journal_follower", bytes([0, 0, 0, 0, 1, 40, 0, 0, 0, 0]), "torn_then_whole")
    put("journal_follower", bytes([0, 0] * 6 + [4, 200, 0, 0, 5, 1, 0, 0]), "flip_then_new_game")
    put("journal_follower", bytes([0, 0] * 6 + [3, 100, 0, 0, 0, 0, 6, 0, 0, 0]), "cut_then_regrow")
    put("journal_follower", bytes([0, 0] * 3 + [2, 9]) + b"garbage\n\x00", "garbage")


def livechess_seeds():
    # DGT LiveChess's messages as its API describes them (issue 38), and the console's calls.
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    clock = {"white": 5676, "black": 7190, "run": True, "time": 1700000000000}
    board = {"serialnr": "7425", "source": "COM3", "state": "ACTIVE", "battery": None, "comment": None,
             "board": start, "flipped": False, "clock": clock}
    put("livechess", json.dumps({"response": "call", "id": 1, "param": [board], "time": 5}), "list")
    put("livechess", json.dumps({"response": "call", "id": 2, "param": None}), "subscribed")
    put("livechess", json.dumps({"response": "feed", "id": 7, "param": {
        "serialnr": "7425", "flipped": False, "board": start, "clock": clock, "start": start + " w KQkq - 0 1",
        "san": ["e4", "e5"], "match": True}}), "feed_full")
    put("livechess", json.dumps({"response": "feed", "id": 7, "param": {"serialnr": "7425", "clock": None}}),
        "feed_clock_gone")
    put("livechess", json.dumps({"response": "error", "id": 2, "param": {"message": "Unknown board"}}), "error")
    put("livechess", json.dumps({"id": 2, "call": "subscribe", "param": {
        "feed": "eboardevent", "id": 7, "param": {"serialnr": "7425"}}}), "call_subscribe")


def trf_seeds():
    # The reader's test files: TRF-16, the 2026 revision, JaVaFo's, a messy one, Windows-1252, broken ones.
    for path in sorted((root / "tests/data/trf").glob("*.trf")):
        put("trf", path.read_bytes(), "seed-" + path.stem)


def main():
    work = out / "_journals"
    work.mkdir(parents=True, exist_ok=True)
    journals = scenario_journals(work)
    journal_seeds(journals)
    setup_seeds(journals)
    uci_seeds(journals)
    script_seeds()
    simple_seeds()
    millennium_seeds()
    livechess_seeds()
    http_seeds()
    follower_seeds()
    trf_seeds()


main()
