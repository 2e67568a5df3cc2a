// The bridge link's blocking handshake (operator-cli, the tests) against a real engine process: it waits
// as long as the engine bridge's own deadlines allow, however many lines the engine prints meanwhile. It
// counted wake-ups once, and a chatty or slow-starting engine under load was refused as "no answer"
// within a second and a half.
#include <gtest/gtest.h>

#include "host/bridge_engine_link.hpp"

namespace oc::host {
namespace {

event::EngineSettings fake(const std::string& mode) {
    event::EngineSettings s;
    s.command = OC_FAKE_ENGINE;
    s.args = {"--mode", mode};
    return s;
}

TEST(BridgeHandshake, AnEngineThatPrintsTwoThousandLinesBeforeUciokIsWaitedFor) {
    auto link = BridgeEngineLink::startBlocking(fake("chatty-handshake"), {});
    ASSERT_TRUE(link) << link.error();
    EXPECT_EQ((*link)->offersPonder(), std::optional<bool>(true)) << "the handshake's options were read";
}

// A silent engine gets the engine bridge's own verdict at its handshake deadline (10 s), which names what
// was missing, not a count running out first.
TEST(BridgeHandshake, ASilentEngineIsRefusedWithWhatItNeverSent) {
    auto link = BridgeEngineLink::startBlocking(fake("hang-handshake"), {});
    ASSERT_FALSE(link);
    EXPECT_NE(link.error().find("uciok"), std::string::npos) << link.error();
}

}  // namespace
}  // namespace oc::host
