// Runs every scenario script in tests/session/scripts (FIDE §15 computer rules, draws, claims,
// irregularities, adjournment) against the session with the scripted fake engine.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "session_test_util.hpp"

namespace oc::session {
namespace {

std::vector<std::string> scripts() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(OC_SESSION_SCRIPTS))
        if (e.path().extension() == ".txt") out.push_back(e.path().stem().string());
    std::sort(out.begin(), out.end());
    return out;
}

class ScenarioScript : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioScript, Passes) {
    std::ifstream in(std::string(OC_SESSION_SCRIPTS) + "/" + GetParam() + ".txt");
    std::stringstream text;
    text << in.rdbuf();
    auto run = testing::runScript(text.str(), testing::fakeSetup());
    EXPECT_TRUE(run.result.ok) << run.result.error << "\n" << run.scoresheet;
    // Replaying the records gives the same game (the journal is the session's memory).
    MemorySink sink;
    FakeEngine engine(legalMovesAfter, 1);
    auto back = Session::restore(run.records, sink, engine);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ((*back)->pgn(), run.pgn);
    // OC_SCENARIO_DUMP=DIR keeps each script's PGN and records, to compare two commits byte for byte.
    if (const char* dir = std::getenv("OC_SCENARIO_DUMP")) {
        std::ofstream(std::string(dir) + "/" + GetParam() + ".pgn") << run.pgn;
        std::ofstream records(std::string(dir) + "/" + GetParam() + ".jsonl");
        for (const auto& r : run.records) records << r.dump() << "\n";
    }
}

INSTANTIATE_TEST_SUITE_P(Scripts, ScenarioScript, ::testing::ValuesIn(scripts()),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace oc::session
