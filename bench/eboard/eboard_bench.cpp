// eboard_bench: the figures issue 24 asks of the e-board (docs/eboard.md "Figures").
//  1. From the last piece put down to the proposed move: the tracker's own work (settle time excluded)
//     and with the 300 ms settle time included, p50/p99 over the human moves of random games.
//  2. From a wrong computer move put down to the red notice (BoardDiffers), likewise.
//  3. Garbage: a stream of frames with random bytes between them; frames survived, spurious frames,
//     bytes skipped; and the decoder's throughput.
//  4. CPU of the link with a connected, idle board (the fake board process, with its clock) over 5 s.
//  5. Syncs per game with an increment (issue 34 item 7): the table clock adds the increment at the
//     press, as a DGT 3000 does; only real differences may sync.
// Usage: eboard_bench [OPERATOR_CLI]   (without it, figure 4 is skipped)
#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <thread>

#include "eboard/attachment.hpp"
#include "eboard/dgt_board.hpp"
#include "eboard/dgt_board_side.hpp"
#include "eboard/dgt_decoder.hpp"
#include "eboard/millennium.hpp"
#include "eboard/tracker.hpp"

namespace {

using namespace oc::eboard;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

// The field updates that turn `before` into `after`: lifts first, then the pieces put down.
void playOnBoard(Tracker& t, const Placement& before, const Placement& after, TimePoint& now) {
    const auto diffs = differences(before, after);
    for (const SquareDiff& d : diffs)
        if (d.actual == Cell::Empty || d.expected != Cell::Empty) {
            t.square(d.square, Cell::Empty, now);
            now += 60ms;
        }
    for (const SquareDiff& d : diffs)
        if (d.actual != Cell::Empty) {
            t.square(d.square, d.actual, now);
            now += 60ms;
        }
    now -= 60ms;  // `now` = when the last piece went down
}

// Wall time of the tracker's poll at the settle deadline, and whether it gave an event of type T.
template <typename T>
std::optional<double> settleAndTime(Tracker& t, TimePoint last) {
    const auto start = Clock::now();
    const auto events = t.poll(last + t.settings().settle);
    const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    for (const Event& e : events)
        if (std::holds_alternative<T>(e.what)) return us;
    return std::nullopt;
}

struct Latencies {
    std::vector<double> proposed_us, wrong_us;
};

Latencies trackerLatencies(int games) {
    Latencies out;
    std::mt19937 rng(24);
    for (int g = 0; g < games; ++g) {
        Tracker t;
        TimePoint now{};
        oc::rules::Game game;
        t.picture(placementOf(game.current()), now);
        for (int ply = 0; ply < 80 && game.current().hasLegalMove(); ++ply) {
            const auto moves = game.current().legalMoves();
            const std::size_t i = std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng);
            const auto m = moves[i];
            const Placement before = placementOf(game.current());
            const bool computer = ply % 2 == 1 && moves.size() > 1;
            const auto wrong = moves[(i + 1) % moves.size()];
            t.expect(game, computer ? Watch::Computer : Watch::Human, m, now);
            if (computer) {  // the operator first plays another legal move: the notice's latency
                playOnBoard(t, before, placementOf(game.current().play(wrong)), now);
                if (auto us = settleAndTime<ev::BoardDiffers>(t, now)) out.wrong_us.push_back(*us);
                now += 400ms;
                playOnBoard(t, placementOf(game.current().play(wrong)), before, now);
                now += 400ms;
                (void)t.poll(now);
            }
            playOnBoard(t, before, placementOf(game.current().play(m)), now);
            if (auto us = computer ? settleAndTime<ev::ComputerMoveMade>(t, now)
                                   : settleAndTime<ev::Proposed>(t, now))
                if (!computer) out.proposed_us.push_back(*us);
            now += 400ms;
            (void)t.poll(now);
            game.playLegal(m);
        }
    }
    return out;
}

void printLatency(const char* what, const std::vector<double>& us) {
    fmt::print(
        "{}: n={} p50 {:.1f} us, p99 {:.1f} us (settle excluded); p50 {:.3f} ms, p99 {:.3f} ms (300 ms "
        "settle included)\n",
        what, us.size(), percentile(us, 0.5), percentile(us, 0.99), 300 + percentile(us, 0.5) / 1000,
        300 + percentile(us, 0.99) / 1000);
}

oc::eboard::dgt::Bytes randomFrame(std::mt19937& rng) {
    using namespace oc::eboard::dgt;
    std::uniform_int_distribution<int> kind(0, 9), sq(0, 63), code(0, 12), sec(0, 59);
    const int k = kind(rng);
    if (k < 7)
        return frame(FieldUpdate{static_cast<std::uint8_t>(sq(rng)), static_cast<std::uint8_t>(code(rng))});
    if (k < 9) {
        ClockTimes t;
        t.left.minutes = static_cast<std::uint8_t>(sec(rng));
        t.right.seconds = static_cast<std::uint8_t>(sec(rng));
        t.status = 0x01;
        return frame(t);
    }
    return frame(dumpOf(placementOf(oc::rules::Position::startpos())));
}

void garbageFigures() {
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> byte(0, 255), gap(1, 40);
    oc::eboard::dgt::Bytes stream;
    std::vector<oc::eboard::dgt::Message> sent;
    std::size_t garbage = 0;
    const int frames = 100000;
    for (int i = 0; i < frames; ++i) {
        const int n = gap(rng);
        for (int j = 0; j < n; ++j) stream.push_back(static_cast<std::uint8_t>(byte(rng)));
        garbage += static_cast<std::size_t>(n);
        const auto f = randomFrame(rng);
        sent.push_back(*oc::eboard::dgt::decodeFrame(f));
        stream.insert(stream.end(), f.begin(), f.end());
    }
    oc::eboard::dgt::Decoder d;
    const auto start = Clock::now();
    const auto got = d.feed(stream);
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    // Every frame sent must come out in order; anything else in between is spurious.
    std::size_t survived = 0;
    for (const auto& m : got)
        if (survived < sent.size() && m == sent[survived]) ++survived;
    fmt::print(
        "garbage: {} frames with {} random bytes between them ({} bytes in all): {} frames survived, {} "
        "spurious, {} bytes skipped, {} frames dropped; decoder {:.1f} MB/s\n",
        frames, garbage, stream.size(), survived, got.size() - survived, d.stats().garbage_bytes,
        d.stats().dropped_frames, static_cast<double>(stream.size()) / s / 1e6);
}

// The same for the Millennium ChessLink's replies (statuses of random placements, versions, acks), with
// any bytes at all between them: reply letters and bytes with a wrong parity bit included.
oc::eboard::millennium::Bytes randomReply(std::mt19937& rng) {
    namespace m = oc::eboard::millennium;
    const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
    if (kind == 0) return m::reply(m::Version{static_cast<std::uint8_t>(rng() & 0xFF), 4});
    if (kind == 1) return m::reply(m::Ack{'l'});
    m::Status s;
    const std::string_view letters = "KQRBNPkqrbnp........";
    for (char& c : s.squares) c = letters[rng() % letters.size()];
    return m::reply(s);
}

void chessLinkGarbageFigures() {
    namespace m = oc::eboard::millennium;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> byte(0, 255), gap(1, 40);
    m::Bytes stream;
    std::vector<m::Message> sent;
    std::size_t garbage = 0;
    const int frames = 100000;
    for (int i = 0; i < frames; ++i) {
        const int n = gap(rng);
        for (int j = 0; j < n; ++j) stream.push_back(static_cast<std::uint8_t>(byte(rng)));
        garbage += static_cast<std::size_t>(n);
        const auto f = randomReply(rng);
        sent.push_back(m::Decoder().feed(f).at(0));
        stream.insert(stream.end(), f.begin(), f.end());
    }
    m::Decoder d;
    const auto start = Clock::now();
    const auto got = d.feed(stream);
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    std::size_t survived = 0;
    for (const auto& msg : got)
        if (survived < sent.size() && msg == sent[survived]) ++survived;
    fmt::print(
        "ChessLink garbage: {} replies with {} random bytes between them ({} bytes in all): {} replies "
        "survived, {} spurious, {} bytes skipped; decoder {:.1f} MB/s\n",
        frames, garbage, stream.size(), survived, got.size() - survived, d.stats().garbage_bytes,
        static_cast<double>(stream.size()) / s / 1e6);
}

double cpuSeconds() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// `kind`: the fake's options ("--clock" for a DGT board with its clock, "--brand millennium").
void idleCpu(const std::string& cli, BoardBrand brand, const std::string& kind) {
    const std::string link =
        (std::filesystem::temp_directory_path() / ("bench-board-" + std::to_string(::getpid()))).string();
    FILE* fake =
        ::popen((cli + " eboard fake " + kind + " --link " + link + " >/dev/null 2>&1").c_str(), "w");
    for (int i = 0; i < 200 && !std::filesystem::is_symlink(link); ++i) std::this_thread::sleep_for(25ms);
    auto board = makeBoard(brand, link);
    const auto end = Clock::now() + 10s;
    while (!board->connected() && Clock::now() < end) (void)board->poll(50ms);
    oc::rules::Game game;
    board->tracker().expect(game, Watch::Human, std::nullopt, Clock::now());
    const double cpu0 = cpuSeconds();
    const auto t0 = Clock::now();
    while (Clock::now() - t0 < 5s) (void)board->poll(50ms);  // the console's loop polls like this
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    fmt::print("idle {} board: connected {}, CPU {:.2f}% of one core over {:.1f} s (poll every 50 ms)\n",
               brandName(brand), board->connected() ? "yes" : "no", 100 * (cpuSeconds() - cpu0) / wall, wall);
    std::fputs("quit\n", fake);
    ::pclose(fake);
}

// A game at a table with a DGT 3000 (15m+10s: the clock adds 10 s at each press) and the console's
// mirror (it adds the increment when it takes the move, after the press); the human is White.
struct SyncTable {
    Tracker t;
    Attachment a{t};
    oc::rules::Game game;
    TimePoint now{};
    oc::rules::ByColor<Ms> table{15min, 15min}, mirror{15min, 15min};
    bool left_high = true;  // the left (White's) clock runs
    GameView::Stage stage = GameView::Stage::NotStarted;
    std::optional<oc::rules::Move> computer;
    int syncs = 0, presses = 0, stale = 0, injected = 0;
};

// The console's snapshot, as it is published every frame: the stage and the mirrored clocks now.
void viewAs(SyncTable& s, GameView::Stage stage, std::optional<oc::rules::Move> computer = std::nullopt) {
    s.stage = stage;
    s.computer = computer;
    GameView v;
    v.stage = stage;
    v.game = s.game;
    v.computer_move = computer;
    v.mirror = s.mirror;
    s.a.view(v, s.now);
}

// The attachment's intents; the console's side: a sync takes the table's times, a press the increment.
void takeIntents(SyncTable& s) {
    for (const Intent& i : s.a.take(s.t.poll(s.now), s.now)) {
        if (const auto* sync = std::get_if<intent::SyncClock>(&i)) {
            ++s.syncs;
            s.mirror = sync->remaining;
        } else if (std::holds_alternative<intent::HumanMove>(i)) {
            s.mirror[oc::rules::Color::White] += 10s;
        } else if (std::holds_alternative<intent::ClockPressed>(i)) {
            s.mirror[oc::rules::Color::Black] += 10s;
        }
    }
}

void reading(SyncTable& s) {
    ClockFace f;
    f.left = s.table[oc::rules::Color::White];
    f.right = s.table[oc::rules::Color::Black];
    f.running = true;
    f.lever_right_high = !s.left_high;
    s.t.clock(f, s.now);
    takeIntents(s);
}

// `seconds` of the running side's time, a reading each second (a DGT 3000 sends one per displayed second).
void runClock(SyncTable& s, int seconds) {
    const auto side = s.left_high ? oc::rules::Color::White : oc::rules::Color::Black;
    for (int i = 0; i < seconds; ++i) {
        s.now += 1s;
        s.table[side] -= 1s;
        s.mirror[side] -= 1s;
        viewAs(s, s.stage, s.computer);  // the console's next frame, then the clock's reading
        reading(s);
    }
}

void pressAsDgt3000(SyncTable& s, oc::rules::Color side) {
    s.table[side] += 10s;
    s.left_high = !s.left_high;
    ++s.presses;
    // What a comparison with the console's clocks from before the press would have seen.
    if (std::chrono::abs(s.table[side] - s.mirror[side]) > 2s) ++s.stale;
    reading(s);
}

void playAndSettle(SyncTable& s, oc::rules::Move m) {
    playOnBoard(s.t, placementOf(s.game.current()), placementOf(s.game.current().play(m)), s.now);
    s.now += 400ms;
    takeIntents(s);
}

void syncGame(SyncTable& s, std::mt19937& rng) {
    s.t.picture(placementOf(s.game.current()), s.now);
    std::uniform_int_distribution<int> think(1, 5);
    for (int ply = 0; ply < 80 && s.game.current().hasLegalMove(); ++ply) {
        const auto moves = s.game.current().legalMoves();
        const auto m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        const bool human = ply % 2 == 0;
        viewAs(s, human ? GameView::Stage::HumanToMove : GameView::Stage::EngineThinking);
        runClock(s, think(rng));
        if (!human) viewAs(s, GameView::Stage::ComputerMoveShown, m);
        playAndSettle(s, m);
        if (!human) viewAs(s, GameView::Stage::ComputerMoveMade, m);
        if (ply % 15 == 14) {  // the arbiter sets the table clock 5 s off: a real difference
            s.table[oc::rules::Color::White] -= 5s;
            ++s.injected;
        }
        pressAsDgt3000(s, human ? oc::rules::Color::White : oc::rules::Color::Black);
        s.game.playLegal(m);
    }
}

void syncFigures(int games) {
    std::mt19937 rng(34);
    int syncs = 0, presses = 0, stale = 0, injected = 0;
    for (int g = 0; g < games; ++g) {
        SyncTable s;
        syncGame(s, rng);
        syncs += s.syncs, presses += s.presses, stale += s.stale, injected += s.injected;
    }
    fmt::print(
        "syncs with a 10 s increment added at the press: {} games, {} presses, {} real differences made by "
        "the arbiter, {} syncs ({:.2f} per game); readings at a press that differ from the console's clocks "
        "from before the press: {} (what the old comparison synced)\n",
        games, presses, injected, syncs, static_cast<double>(syncs) / games, stale);
}

}  // namespace

int main(int argc, char** argv) {
    syncFigures(200);
    const Latencies l = trackerLatencies(200);
    printLatency("last piece down -> proposed move", l.proposed_us);
    printLatency("wrong computer move down -> red notice", l.wrong_us);
    garbageFigures();
    chessLinkGarbageFigures();
    if (argc > 1) idleCpu(argv[1], BoardBrand::Dgt, "--clock");
    if (argc > 1) idleCpu(argv[1], BoardBrand::Millennium, "--brand millennium");
    return 0;
}
