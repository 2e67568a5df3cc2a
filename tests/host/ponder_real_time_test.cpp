// Pondering in real time (the GUI's way): the session, the bridge link and Stockfish, with the steady
// clock as `now`. A hit answers from the continued ponder search, a miss from a fresh search; neither
// shows the ponder search's own bestmove. Waits are bounded loops, nothing asserts on elapsed time.
#include <gtest/gtest.h>

#include <filesystem>

#include "host/bridge_engine_link.hpp"
#include "real_time_play.hpp"
#include "session/record_sink.hpp"
#include "session/session.hpp"

namespace oc::host {
namespace {

using namespace std::chrono_literals;
using testing::kStockfish;
using testing::now;

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
    bool waitForEngineMove() { return testing::waitForEngineMove(*session_, *link_); }
    void completeEngineMove() {
        ASSERT_TRUE(session_->dispatch(session::cmd::MadeOnBoard{}, now()));
        ASSERT_TRUE(session_->dispatch(session::cmd::ClockPressed{}, now()));
        ASSERT_TRUE(session_->dispatch(session::cmd::Recorded{}, now()));
    }
    // The reply the engine expects, once it names one. UCI makes `ponder` optional, and Stockfish leaves
    // it out now and then (a search stopped just as a new best move failed high has a one-move PV): until
    // it names one, the human plays on (the first legal move). "" after ten moves without.
    std::string expectedReply() {
        for (int move = 0; move < 10 && !session_->snapshot(now()).engine_pondering; ++move) {
            if (!session_->dispatch(session::cmd::HumanMove{session_->legalMoves().front()}, now()) ||
                !waitForEngineMove())
                return "";
            completeEngineMove();
        }
        if (!session_->snapshot(now()).engine_pondering) return "";
        link_->waitForActivity(200ms);  // the ponder search under way, as when a human thinks
        session_->poll(now());
        return ofType("ponder_start").back()["expected"].get<std::string>();
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
    const std::string expected = expectedReply();
    ASSERT_FALSE(expected.empty()) << "Stockfish named no reply it expects in ten moves";
    EXPECT_TRUE(session_->snapshot(now()).engine_pondering);
    // The human plays the expected move: ponderhit, and the move shown comes from that search.
    const std::size_t gos = ofType("go").size(), moves = ofType("engine_move").size();
    ASSERT_TRUE(session_->dispatch(session::cmd::HumanMove{expected}, now()));
    ASSERT_EQ(ofType("ponder_hit").size(), 1u);
    EXPECT_EQ(ofType("go").size(), gos) << "a hit goes on with the ponder search";
    ASSERT_TRUE(waitForEngineMove());
    EXPECT_EQ(ofType("engine_move").size(), moves + 1);
    completeEngineMove();
    const std::string second = expectedReply();
    ASSERT_FALSE(second.empty()) << "Stockfish named no reply it expects in ten moves";
    // Another legal move: stop, the ponder answer discarded, a fresh `go` on the real position.
    std::string other;
    for (const auto& m : session_->legalMoves())
        if (m != second) other = m;
    const std::size_t gos_before_miss = ofType("go").size(), moves_before_miss = ofType("engine_move").size();
    const std::size_t plies = session_->snapshot(now()).moves.size();
    ASSERT_TRUE(session_->dispatch(session::cmd::HumanMove{other}, now()));
    ASSERT_EQ(ofType("ponder_miss").size(), 1u);
    EXPECT_EQ(ofType("go").size(), gos_before_miss + 1);
    ASSERT_TRUE(waitForEngineMove());
    EXPECT_EQ(ofType("engine_move").size(), moves_before_miss + 1);
    EXPECT_EQ(session_->snapshot(now()).moves.size(), plies + 1) << "the reply is shown, not yet made";
}

}  // namespace
}  // namespace oc::host
