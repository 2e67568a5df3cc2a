#include "engine_bridge/uci_parser.hpp"

#include <gtest/gtest.h>

#include <string>

namespace oc::engine {
namespace {

template <typename T>
T as(const EngineMessage& message) {
    const T* value = std::get_if<T>(&message);
    EXPECT_NE(value, nullptr) << "message index " << message.index();
    return value ? *value : T{};
}

Info info(std::string_view line) {
    return as<Info>(parseEngineLine(line));
}
Option option(std::string_view line) {
    return as<Option>(parseEngineLine(line));
}

TEST(EngineProtocolParse, SimpleMessages) {
    EXPECT_TRUE(std::holds_alternative<UciOk>(parseEngineLine("uciok")));
    EXPECT_TRUE(std::holds_alternative<ReadyOk>(parseEngineLine("readyok")));
    EXPECT_TRUE(std::holds_alternative<ReadyOk>(parseEngineLine("  \treadyok \r")));
    EXPECT_TRUE(std::holds_alternative<UciOk>(parseEngineLine("uciok trailing tokens")));
}

TEST(EngineProtocolParse, IdKeepsTheRestOfTheLine) {
    const auto name = as<Id>(parseEngineLine("id name Stockfish 15.1"));
    EXPECT_EQ(name.field, Id::Field::Name);
    EXPECT_EQ(name.value, "Stockfish 15.1");
    const auto author = as<Id>(parseEngineLine("id   author  the Stockfish developers (see AUTHORS file)\r"));
    EXPECT_EQ(author.field, Id::Field::Author);
    EXPECT_EQ(author.value, "the Stockfish developers (see AUTHORS file)");
}

TEST(EngineProtocolParse, BrokenIdIsUnparsed) {
    EXPECT_TRUE(std::holds_alternative<Unparsed>(parseEngineLine("id")));
    EXPECT_TRUE(std::holds_alternative<Unparsed>(parseEngineLine("id name")));
    EXPECT_EQ(as<Unparsed>(parseEngineLine("id version 3")).reason,
              "id field 'version' is neither name nor author");
}

// E.III 3.4 (docs/engine.md): the engine's request for a resource change is a typed message.
TEST(EngineProtocolParse, OptionRequestIsTyped) {
    const auto tb =
        as<OptionRequest>(parseEngineLine("info string request-option name SyzygyPath value /tb/6"));
    EXPECT_EQ(tb.name, "SyzygyPath");
    EXPECT_EQ(tb.value, "/tb/6");
    const auto book = as<OptionRequest>(
        parseEngineLine("info  string request-option name Book File value /books/main  x.bin\r"));
    EXPECT_EQ(book.name, "Book File");
    EXPECT_EQ(book.value, "/books/main  x.bin");
    EXPECT_EQ(as<OptionRequest>(parseEngineLine("info string request-option name value value 1")).name,
              "value");
}

TEST(EngineProtocolParse, MalformedOptionRequestIsUnparsedNotAPlainString) {
    for (const char* bad : {"info string request-option", "info string request-option name SyzygyPath",
                            "info string request-option name SyzygyPath value",
                            "info string request-option SyzygyPath value /tb"})
        EXPECT_EQ(as<Unparsed>(parseEngineLine(bad)).reason,
                  "request-option: expected 'info string request-option name NAME value VALUE'")
            << bad;
    // Only the exact prefix is a request; other strings stay informational.
    EXPECT_EQ(info("info string please request-option name X value Y").string,
              "please request-option name X value Y");
    EXPECT_EQ(info("info depth 3 string request-option name X value Y").string,
              "request-option name X value Y");
}

TEST(EngineProtocolParse, BestMoveWithAndWithoutPonder) {
    const auto plain = as<BestMove>(parseEngineLine("bestmove e2e4"));
    EXPECT_EQ(plain.move, "e2e4");
    EXPECT_FALSE(plain.ponder);
    const auto ponder = as<BestMove>(parseEngineLine("bestmove  e7e8q   ponder d2d4 extra"));
    EXPECT_EQ(ponder.move, "e7e8q");
    EXPECT_EQ(ponder.ponder, "d2d4");
    EXPECT_FALSE(as<BestMove>(parseEngineLine("bestmove a1a2 ponder")).ponder);
}

TEST(EngineProtocolParse, BestMoveWithoutMoveHasEmptyMoveForTheController) {
    EXPECT_EQ(as<BestMove>(parseEngineLine("bestmove")).move, "");
    EXPECT_EQ(as<BestMove>(parseEngineLine("bestmove (none)")).move, "(none)");
}

TEST(EngineProtocolParse, InfoAllFields) {
    const auto i = info(
        "info depth 24 seldepth 31 multipv 2 score cp -35 upperbound wdl 120 700 180 nodes 1234567 "
        "nps 987654 hashfull 512 tbhits 7 time 1500 currmove g1f3 currmovenumber 3 pv e2e4 e7e5 g1f3");
    EXPECT_EQ(i.depth, 24);
    EXPECT_EQ(i.seldepth, 31);
    EXPECT_EQ(i.multipv, 2);
    ASSERT_TRUE(i.score);
    EXPECT_EQ(i.score->unit, Score::Unit::Centipawns);
    EXPECT_EQ(i.score->value, -35);
    EXPECT_EQ(i.score->bound, Score::Bound::Upper);
    ASSERT_TRUE(i.wdl);
    EXPECT_EQ(i.wdl->win, 120);
    EXPECT_EQ(i.wdl->draw, 700);
    EXPECT_EQ(i.wdl->loss, 180);
    EXPECT_EQ(i.nodes, 1234567u);
    EXPECT_EQ(i.nps, 987654u);
    EXPECT_EQ(i.hashfull, 512);
    EXPECT_EQ(i.tbhits, 7u);
    EXPECT_EQ(i.time, std::chrono::milliseconds{1500});
    EXPECT_EQ(i.currmove, "g1f3");
    EXPECT_EQ(i.currmovenumber, 3);
    EXPECT_EQ(i.pv, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
    EXPECT_TRUE(i.ignored_tokens.empty());
}

TEST(EngineProtocolParse, InfoMateAndLowerBound) {
    const auto i = info("info score mate -3 lowerbound depth 5");
    ASSERT_TRUE(i.score);
    EXPECT_EQ(i.score->unit, Score::Unit::Mate);
    EXPECT_EQ(i.score->value, -3);
    EXPECT_EQ(i.score->bound, Score::Bound::Lower);
    EXPECT_EQ(i.depth, 5);
}

TEST(EngineProtocolParse, InfoStringKeepsSpacing) {
    const auto i = info("info depth 3 string NNUE  evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_EQ(i.depth, 3);
    EXPECT_EQ(i.string, "NNUE  evaluation using nn-ad9b42354671.nnue enabled");
    EXPECT_EQ(info("info string").string, "");
}

TEST(EngineProtocolParse, InfoToleratesUnknownAndBrokenTokens) {
    const auto i = info("info depth x refutation e2e4 nodes 99999999999999999999999 cpuload 3 time -1 nps 5");
    EXPECT_FALSE(i.depth);
    EXPECT_FALSE(i.nodes);
    EXPECT_EQ(i.nps, 5u);
    EXPECT_EQ(i.time, std::chrono::milliseconds{-1});
    EXPECT_FALSE(i.ignored_tokens.empty());
}

TEST(EngineProtocolParse, InfoMissingValuesAtEndOfLine) {
    for (const char* line : {"info depth", "info score", "info score cp", "info wdl 1 2", "info currmove",
                             "info pv", "info score mate", "info nodes -3"}) {
        const auto i = info(line);
        EXPECT_FALSE(i.depth) << line;
        EXPECT_FALSE(i.score) << line;
        EXPECT_FALSE(i.wdl) << line;
        EXPECT_TRUE(i.pv.empty()) << line;
    }
}

TEST(EngineProtocolParse, InfoPvStopsAtTheNextKeyword) {
    const auto i = info("info pv e2e4 e7e5 depth 7");
    EXPECT_EQ(i.pv.size(), 2u);
    EXPECT_EQ(i.depth, 7);
}

TEST(EngineProtocolParse, SpinOption) {
    const auto o = option("option name Hash type spin default 16 min 1 max 33554432");
    EXPECT_EQ(o.name, "Hash");
    EXPECT_EQ(o.type, OptionType::Spin);
    EXPECT_EQ(o.default_value, "16");
    EXPECT_EQ(o.min, 1);
    EXPECT_EQ(o.max, 33554432);
}

TEST(EngineProtocolParse, OptionNamesWithSpaces) {
    const auto o = option("option  name  Skill   Level type spin default 20 min 0 max 20");
    EXPECT_EQ(o.name, "Skill Level");
    EXPECT_EQ(option("option name Clear Hash type button").type, OptionType::Button);
    EXPECT_FALSE(option("option name Clear Hash type button").default_value);
}

TEST(EngineProtocolParse, CheckComboAndStringOptions) {
    EXPECT_EQ(option("option name Ponder type check default false").default_value, "false");
    const auto combo =
        option("option name Style type combo default Normal var Solid var Normal var Very Risky");
    EXPECT_EQ(combo.type, OptionType::Combo);
    EXPECT_EQ(combo.vars, (std::vector<std::string>{"Solid", "Normal", "Very Risky"}));
    EXPECT_EQ(option("option name SyzygyPath type string default <empty>").default_value, "<empty>");
    EXPECT_EQ(option("option name Debug Log File type string default ").default_value, "");
    EXPECT_EQ(option("option name NalimovPath type string default c:\\tb a b").default_value, "c:\\tb a b");
}

TEST(EngineProtocolParse, BrokenOptionsAreUnparsed) {
    for (const char* line : {"option", "option name", "option name Hash", "option name Hash type",
                             "option type spin name Hash", "option name Hash type slider default 3"}) {
        EXPECT_TRUE(std::holds_alternative<Unparsed>(parseEngineLine(line))) << line;
    }
    EXPECT_EQ(as<Unparsed>(parseEngineLine("option name X type slider")).reason,
              "option type 'slider' is not UCI");
}

TEST(EngineProtocolParse, OptionBadBoundsAreIgnoredNotFatal) {
    const auto o = option("option name Threads type spin default 1 min one max 512 unknown token");
    EXPECT_FALSE(o.min);
    EXPECT_EQ(o.max, 512);
}

TEST(EngineProtocolParse, GarbageBecomesUnparsed) {
    for (const char* line :
         {"", "   ", "\t\r", "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)", "\x01\x02\x7f",
          "joho uciok"}) {
        const auto message = parseEngineLine(line);
        EXPECT_TRUE(std::holds_alternative<Unparsed>(message)) << line;
    }
    EXPECT_EQ(as<Unparsed>(parseEngineLine("  ")).reason, "blank line");
}

TEST(EngineProtocolParse, HugeAndBinaryLinesNeverCrash) {
    std::string huge = "info pv";
    for (int i = 0; i < 100000; ++i) huge += " e2e4";
    EXPECT_EQ(info(huge).pv.size(), 100000u);
    std::string binary;
    for (int c = 0; c < 256; ++c) binary += static_cast<char>(c);
    EXPECT_TRUE(std::holds_alternative<Unparsed>(parseEngineLine(binary)));
    EXPECT_TRUE(std::holds_alternative<Unparsed>(parseEngineLine(std::string(1'000'000, 'z'))));
}

TEST(EngineProtocolParse, LooksLikeUciMove) {
    for (const char* good : {"e2e4", "a7a8q", "h1h8", "e7e8n", "e1g1"})
        EXPECT_TRUE(looksLikeUciMove(good)) << good;
    for (const char* bad : {"", "e2", "e2e9", "i2i4", "e7e8k", "e2e4qq", "E2E4", "0000", "(none)", "e2-e4"}) {
        EXPECT_FALSE(looksLikeUciMove(bad)) << bad;
    }
}

}  // namespace
}  // namespace oc::engine
