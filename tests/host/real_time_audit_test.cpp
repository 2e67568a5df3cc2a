// A real-time game (the GUI's way: the steady clock as `now`, the bridge link, Stockfish) audited from its
// journal file. The first search waits for the new game's isready before its `go`, and the bridge takes
// that wait from the engine's clock (E.III 2.1): the audit must not read the smaller figure on the wire as
// a hidden faster rate (E.III 2.2). A Polish trial game in the window was accused of exactly that.
// Stockfish runs behind a relay that holds the new game's isready for 150 ms: a fast machine clears the
// hash in under a millisecond, and then the wait under test would not happen (CI saw it).
// The same with pondering: a ponder hit and a ponder miss (their `stop` and the fresh `go`) audit clean.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "audit/audit.hpp"
#include "host/bridge_engine_link.hpp"
#include "journal/journal.hpp"
#include "real_time_play.hpp"
#include "session/journal_header.hpp"
#include "session/journal_sink.hpp"
#include "session/session.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;
using testing::kStockfish;
using testing::now;
using testing::waitForEngineMove;

const char* kRelay = OC_SLOW_NEWGAME;

journal::WallTime wall() {
    return std::chrono::time_point_cast<journal::WallTime::duration>(std::chrono::system_clock::now());
}

std::size_t journalCount(const std::filesystem::path& path, const std::string& type) {
    auto contents = journal::readJournal(path);
    if (!contents) return 0;
    return static_cast<std::size_t>(std::count_if(contents->records.begin(), contents->records.end(),
                                                  [&](const auto& r) { return r.type == type; }));
}

// The last ponder search's expected reply, read from the journal.
std::string lastExpected(const std::filesystem::path& path) {
    auto contents = journal::readJournal(path);
    std::string out;
    if (!contents) return out;
    for (const auto& r : contents->records)
        if (r.type == "ponder_start") out = r.payload.value("expected", "");
    return out;
}

bool journalHas(const std::filesystem::path& path, const std::string& text) {
    auto contents = journal::readJournal(path);
    if (!contents) return false;
    for (const auto& r : contents->records)
        if (r.payload.dump().find(text) != std::string::npos) return true;
    return false;
}

// A real-time game's parts: the journal file, its sink, Stockfish behind the slow relay, the session.
struct RealTimeGame {
    std::filesystem::path dir, path;
    std::unique_ptr<session::JournalSink> sink;
    std::unique_ptr<BridgeEngineLink> link;
    std::unique_ptr<session::Session> session;
    std::string error;

    explicit RealTimeGame(bool ponder, const std::string& name) {
        dir = std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        path = dir / "game.journal";
        std::filesystem::remove(path);
        error = open(ponder);
    }
    // The journal, the engine and the session; an empty string when all three are there.
    std::string open(bool ponder) {
        event::EventSetup setup;
        setup.computer_side = rules::Color::Black;
        setup.time_control = "3m+2s";
        setup.engine.command = "python3";
        setup.engine.args = {kRelay, "--delay-ms", "150", kStockfish};
        setup.engine.options["Threads"] = "1";
        setup.engine.ponder = ponder;
        // The console's own header (its program and rules): a signed journal always names its writer.
        auto writer = journal::JournalWriter::create(
            path, session::journalHeader("test"), wall(),
            std::chrono::duration_cast<journal::MonoTime>(now().time_since_epoch()));
        if (!writer) return writer.error().message;
        sink = std::make_unique<session::JournalSink>(std::move(*writer), wall);
        auto l = BridgeEngineLink::startBlocking(setup.engine, {});
        if (!l) return l.error();
        link = std::move(*l);
        auto s = session::Session::create(setup, *sink, *link, now());
        if (!s) return s.error();
        session = std::move(*s);
        return "";
    }
    // A failed test keeps its journal for `operator-cli audit` and `journal show`, and says where.
    ~RealTimeGame() {
        if (::testing::Test::HasFailure())
            std::cout << "the failed game's journal is kept: " << path.string() << "\n";
        else
            std::filesystem::remove_all(dir);
    }

    // The human's move, then the computer's answer made, pressed and recorded.
    ::testing::AssertionResult exchange(const std::string& move) {
        if (!session->dispatch(session::cmd::HumanMove{move}, now()))
            return ::testing::AssertionFailure() << "the human's " << move << " was refused";
        if (!waitForEngineMove(*session, *link)) return ::testing::AssertionFailure() << "no engine move";
        for (bool ok : {session->dispatch(session::cmd::MadeOnBoard{}, now()).has_value(),
                        session->dispatch(session::cmd::ClockPressed{}, now()).has_value(),
                        session->dispatch(session::cmd::Recorded{}, now()).has_value()})
            if (!ok) return ::testing::AssertionFailure() << "completing the computer's move was refused";
        return ::testing::AssertionSuccess();
    }

    // The reply the engine expects, once it names one. UCI makes `ponder` optional, and Stockfish leaves
    // it out now and then (a search stopped just as a new best move failed high has a one-move PV): until
    // it names one, the human plays on (the first legal move). "" after ten moves without.
    std::string expectedReply() {
        for (int move = 0; move < 10 && !session->snapshot(now()).engine_pondering; ++move)
            if (!exchange(session->legalMoves().front())) return "";
        if (!session->snapshot(now()).engine_pondering) return "";
        link->waitForActivity(200ms);  // the ponder search under way, as when a human thinks
        session->poll(now());
        return lastExpected(path);
    }
};

void expectClean(const std::filesystem::path& path) {
    auto report = audit::auditJournal(path);
    ASSERT_TRUE(report) << report.error();
    for (const auto& c : report->checks) {
        EXPECT_NE(c.verdict, audit::Verdict::Breach) << c.name << ": " << c.evidence;
        EXPECT_NE(c.verdict, audit::Verdict::NotChecked) << c.name << ": " << c.evidence;
    }
}

TEST(RealTimeAudit, TheGoThatWaitedForTheNewGameIsNoFasterRate) {
    if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
    RealTimeGame g(false, "oc-rt-audit");
    ASSERT_TRUE(g.session) << g.error;
    ASSERT_TRUE(g.session->dispatch(session::cmd::StartGame{}, now()));
    for (const char* move : {"e4", "Nf3"}) ASSERT_TRUE(g.exchange(move));
    ASSERT_TRUE(journalHas(g.path, "# go waited ")) << "the first go did not wait: nothing was exercised";
    auto report = audit::auditJournal(g.path);
    ASSERT_TRUE(report) << report.error();
    for (const auto& c : report->checks)
        EXPECT_NE(c.verdict, audit::Verdict::Breach) << c.name << ": " << c.evidence;
}

// Pondering on the human's time: the expected reply (a ponder hit), then another move (a ponder miss:
// the ponder search stopped, a fresh go). Each search's go, stop and ponderhit is read against the rules.
TEST(RealTimeAudit, APonderHitAndAPonderMissAuditClean) {
    if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
    RealTimeGame g(true, "oc-rt-ponder-audit");
    ASSERT_TRUE(g.session) << g.error;
    ASSERT_TRUE(g.session->dispatch(session::cmd::StartGame{}, now()));
    ASSERT_TRUE(g.exchange("e4"));
    const std::string expected = g.expectedReply();
    ASSERT_FALSE(expected.empty()) << "Stockfish named no reply it expects in ten moves";
    ASSERT_TRUE(g.exchange(expected));
    ASSERT_EQ(journalCount(g.path, "ponder_hit"), 1u);
    const std::string second = g.expectedReply();
    ASSERT_FALSE(second.empty()) << "Stockfish named no reply it expects in ten moves";
    std::string other;
    for (const auto& m : g.session->legalMoves())
        if (m != second) other = m;
    ASSERT_TRUE(g.exchange(other));
    ASSERT_EQ(journalCount(g.path, "ponder_miss"), 1u);
    ASSERT_TRUE(g.exchange(g.session->legalMoves().front()));
    ASSERT_TRUE(journalHas(g.path, "# go waited ")) << "the first go did not wait: nothing was exercised";
    ASSERT_TRUE(journalHas(g.path, "> stop")) << "the ponder miss sent no stop";
    ASSERT_TRUE(journalHas(g.path, "> ponderhit")) << "the ponder hit sent no ponderhit";
    expectClean(g.path);
}

}  // namespace
}  // namespace oc::host
