// Pondering in real time (the GUI's way): the session, the bridge link and Stockfish, with the steady
// clock as `now`. A hit answers from the continued ponder search, a miss from a fresh search; neither
// shows the ponder search's own bestmove. Waits are bounded loops, nothing asserts on elapsed time.
#include <gtest/gtest.h>

#include <filesystem>

#include "host/bridge_engine_link.hpp"
#include "session/record_sink.hpp"
#include "session/session.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;
using session::Phase;

const char* kStockfish = "/usr/games/stockfish";

session::TimePoint now() {
    return std::chrono::steady_clock::now();  // the GUI's `now`
}

class PonderRealTime : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kStockfish)) GTEST_SKIP() << kStockfish << " is not installed";
        setup_.computer_side = rules::Color::Black;
        setup_.time_control = "2m+1s";
        setup_.engine.command = kStockfish;
        setup_.engine.options["Threads"] = "1";
        setup_.engine.ponder = true;
        auto link = BridgeEngineLink::startBlocking(setup_.engine, {});
        ASSERT_TRUE(link) << link.error();
        link_ = std::move(*link);
        auto s = session::Session::create(setup_, sink_, *link_, now());
        ASSERT_TRUE(s) << s.error();
        session_ = std::move(*s);
        ASSERT_TRUE(session_->dispatch(session::cmd::StartGame{}, now()));
    }
    // Polls until the engine's move is shown (at most ~60 s of real time).
    bool waitForEngineMove() {
        for (int i = 0; i < 6000; ++i) {
            session_->poll(now());
            if (session_->snapshot(now()).phase == Phase::EngineMoveShown) return true;
            link_->waitForActivity(10ms);
        }
        return false;
    }
    void completeEngineMove() {
        ASSERT_TRUE(session_->dispatch(session::cmd::MadeOnBoard{}, now()));
        ASSERT_TRUE(session_->dispatch(session::cmd::ClockPressed{}, now()));
        ASSERT_TRUE(session_->dispatch(session::cmd::Recorded{}, now()));
    }
    std::vector<nlohmann::json> ofType(const std::string& type) const {
        std::vector<nlohmann::json> out;
        for (const auto& r : sink_.records)
            if (r.value("type", "") == type) out.push_back(r);
        return out;
    }

    event::EventSetup setup_;
    session::MemorySink sink_;
    std::unique_ptr<BridgeEngineLink> link_;
    std::unique_ptr<session::Session> session_;
};

TEST_F(PonderRealTime, HitThenMissWithStockfish) {
    ASSERT_TRUE(session_->dispatch(session::cmd::HumanMove{"e4"}, now()));
    ASSERT_TRUE(waitForEngineMove());
    completeEngineMove();
    auto starts = ofType("ponder_start");
    ASSERT_EQ(starts.size(), 1u) << "Stockfish names the reply it expects";
    EXPECT_TRUE(session_->snapshot(now()).engine_pondering);
    link_->waitForActivity(200ms);
    session_->poll(now());
    // The human plays the expected move: ponderhit, and the move shown comes from that search.
    ASSERT_TRUE(session_->dispatch(session::cmd::HumanMove{starts[0]["expected"].get<std::string>()}, now()));
    ASSERT_EQ(ofType("ponder_hit").size(), 1u);
    ASSERT_TRUE(waitForEngineMove());
    EXPECT_EQ(ofType("engine_move").size(), 2u);
    completeEngineMove();
    starts = ofType("ponder_start");
    ASSERT_EQ(starts.size(), 2u);
    // Another legal move: stop, the ponder answer discarded, a fresh `go` on the real position.
    std::string other;
    for (const auto& m : session_->legalMoves())
        if (m != starts[1]["expected"]) other = m;
    ASSERT_TRUE(session_->dispatch(session::cmd::HumanMove{other}, now()));
    ASSERT_EQ(ofType("ponder_miss").size(), 1u);
    EXPECT_EQ(ofType("go").size(), 2u);
    ASSERT_TRUE(waitForEngineMove());
    EXPECT_EQ(ofType("engine_move").size(), 3u);
    EXPECT_EQ(session_->snapshot(now()).moves.size(), 5u);
}

}  // namespace
}  // namespace oc::host
