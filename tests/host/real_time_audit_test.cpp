// A real-time game (the GUI's way: the steady clock as `now`, the bridge link, Stockfish) audited from its
// journal file. The first search waits for the new game's isready before its `go`, and the bridge takes
// that wait from the engine's clock (E.III 2.1): the audit must not read the smaller figure on the wire as
// a hidden faster rate (E.III 2.2). A Polish trial game in the window was accused of exactly that.
// Stockfish runs behind a relay that holds the new game's isready for 150 ms: a fast machine clears the
// hash in under a millisecond, and then the wait under test would not happen (CI saw it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "audit/audit.hpp"
#include "host/bridge_engine_link.hpp"
#include "journal/journal.hpp"
#include "session/journal_sink.hpp"
#include "session/session.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;

const char* kStockfish = "/usr/games/stockfish";
const char* kRelay = OC_SLOW_NEWGAME;

session::TimePoint now() {
    return std::chrono::steady_clock::now();
}
journal::WallTime wall() {
    return std::chrono::time_point_cast<journal::WallTime::duration>(std::chrono::system_clock::now());
}

bool waitForEngineMove(session::Session& s, BridgeEngineLink& link) {
    for (int i = 0; i < 6000; ++i) {
        s.poll(now());
        if (s.snapshot(now()).phase == session::Phase::EngineMoveShown) return true;
        link.waitForActivity(10ms);
    }
    return false;
}

bool journalHas(const std::filesystem::path& path, const std::string& text) {
    auto contents = journal::readJournal(path);
    if (!contents) return false;
    for (const auto& r : contents->records)
        if (r.payload.dump().find(text) != std::string::npos) return true;
    return false;
}

TEST(RealTimeAudit, TheGoThatWaitedForTheNewGameIsNoFasterRate) {
    if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
    const auto dir = std::filesystem::temp_directory_path() / ("oc-rt-audit-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / "game.journal";
    std::filesystem::remove(path);
    event::EventSetup setup;
    setup.computer_side = rules::Color::Black;
    setup.time_control = "3m+2s";
    setup.engine.command = "python3";
    setup.engine.args = {kRelay, "--delay-ms", "150", kStockfish};
    setup.engine.options["Threads"] = "1";
    auto writer = journal::JournalWriter::create(
        path, {{"app", "test"}}, wall(),
        std::chrono::duration_cast<journal::MonoTime>(now().time_since_epoch()));
    ASSERT_TRUE(writer) << writer.error().message;
    session::JournalSink sink(std::move(*writer), wall);
    auto link = BridgeEngineLink::startBlocking(setup.engine, {});
    ASSERT_TRUE(link) << link.error();
    auto s = session::Session::create(setup, sink, **link, now());
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE((*s)->dispatch(session::cmd::StartGame{}, now()));
    for (const char* move : {"e4", "Nf3"}) {
        ASSERT_TRUE((*s)->dispatch(session::cmd::HumanMove{move}, now()));
        ASSERT_TRUE(waitForEngineMove(**s, **link));
        ASSERT_TRUE((*s)->dispatch(session::cmd::MadeOnBoard{}, now()));
        ASSERT_TRUE((*s)->dispatch(session::cmd::ClockPressed{}, now()));
        ASSERT_TRUE((*s)->dispatch(session::cmd::Recorded{}, now()));
    }
    ASSERT_TRUE(journalHas(path, "# go waited ")) << "the first go did not wait: nothing was exercised";
    auto report = audit::auditJournal(path);
    ASSERT_TRUE(report) << report.error();
    for (const auto& c : report->checks)
        EXPECT_NE(c.verdict, audit::Verdict::Breach) << c.name << ": " << c.evidence;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace oc::host
