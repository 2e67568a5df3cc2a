// PGN import and export, against golden files in tests/data/rules.
#include "rules/pgn.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "test_util.hpp"

namespace oc::rules {
namespace {

using namespace std::chrono_literals;

std::string readData(const std::string& name) {
    std::ifstream in(std::string(OC_TEST_DATA) + "/rules/" + name, std::ios::binary);
    EXPECT_TRUE(in) << name;
    std::ostringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

std::vector<PgnGame> readAll(const std::string& text, PgnReadOptions options = {}) {
    auto games = parsePgn(text, options);
    EXPECT_TRUE(games) << (games ? "" : games.error().message);
    return games ? *games : std::vector<PgnGame>{};
}

TEST(PgnImport, TagsCommentsNagsClocksAndDrawOffer) {
    const auto games = readAll(readData("import.pgn"));
    ASSERT_EQ(games.size(), 4u);
    const PgnGame& g = games[0];
    EXPECT_EQ(g.tag("Event"), "FIDE \"Open\" 2026");
    EXPECT_EQ(g.tag("TimeControl"), "40/5400+30:1800+30");
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.pre_comment, "Opening comment");
    ASSERT_EQ(g.moves.size(), 85u);
    EXPECT_EQ(g.moves[0].annotations.clock, 1h + 30min + 25s);
    EXPECT_EQ(g.moves[0].annotations.elapsed, 5s);
    EXPECT_EQ(g.moves[1].annotations.nags, std::vector<int>{1});
    EXPECT_EQ(g.moves[3].annotations.comment, "line comment");
    EXPECT_EQ(g.moves[20].annotations.nags, std::vector<int>{5});  // 11. c4!?
    EXPECT_TRUE(g.moves[84].annotations.draw_offer);
    EXPECT_TRUE(g.moves[84].annotations.comment.empty());
    EXPECT_EQ(games[1].moves[1].annotations.clock, 9500ms);
    EXPECT_EQ(games[1].moves[1].move.kind(), Move::Kind::EnPassant);
    EXPECT_EQ(games[1].moves[2].move.promotion(), PieceType::Knight);
    EXPECT_EQ(games[2].result, "*");  // no result token before the next tag section
}

TEST(PgnImport, VariationsKeptOrSkippedButNeverMisread) {
    const auto kept = readAll(readData("import.pgn"));
    const auto& node = kept[0].moves[5];  // 3... a6, with (3... Nf6 4. O-O (4. d3 Bc5) 4... Nxe4)
    ASSERT_EQ(node.variations.size(), 1u);
    const PgnLine& v = node.variations[0];
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(toUci(v[0].move), "g8f6");
    EXPECT_EQ(toUci(v[1].move), "e1g1");
    ASSERT_EQ(v[1].variations.size(), 1u);
    EXPECT_EQ(toUci(v[1].variations[0][1].move), "f8c5");
    EXPECT_EQ(toUci(v[2].move), "f6e4");
    const auto skipped = readAll(readData("import.pgn"), PgnReadOptions{false, true});
    EXPECT_TRUE(skipped[0].moves[5].variations.empty());
    ASSERT_EQ(skipped[0].moves.size(), kept[0].moves.size());
    for (std::size_t i = 0; i < kept[0].moves.size(); ++i)
        EXPECT_EQ(skipped[0].moves[i].move, kept[0].moves[i].move);
    // A bad move inside a skipped variation is still an error.
    auto bad = parsePgn("1. e4 (1. e5) e5 *", PgnReadOptions{false, true});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().move, "1.e5");
}

TEST(PgnImport, ErrorsNameGameLineColumnAndMove) {
    const std::string text = readData("errors.pgn");
    PgnReader reader(text);
    std::vector<std::string> lines;
    while (auto g = reader.next()) lines.push_back(*g ? "ok" : g->error().message);
    EXPECT_EQ(lines, (std::vector<std::string>{
                         "ok",
                         "game 2, line 7, column 13, move 2.Ke3: illegal move 'Ke3': no king can reach e3",
                         "game 3, line 13, column 4, move 1.Nf3: ambiguous move 'Nf3': Nef3 or Ngf3",
                         "game 4, line 15, column 16: unterminated value of tag Event",
                         "game 5, line 21, column 1: bad FEN tag: White has 0 kings, exactly one is required",
                         "game 6, line 27, column 24: the game ends (*) inside a variation: ')' missing",
                         "ok",
                     }));
}

TEST(PgnImport, MalformedInputs) {
    for (const char* text :
         {"1. e4 )", "1. e4 {never closed", "[Event \"x\"", "[ \"x\"]", "1. e4 $", "1. --", "(1. e4)"}) {
        auto r = parsePgn(text);
        EXPECT_FALSE(r) << text;
        if (!r) {
            EXPECT_NE(r.error().message.find("game 1, line 1"), std::string::npos) << r.error().message;
        }
    }
}

// Issue 27 (found by hand from the fuzzing work; `operator-cli pgn status` died with SIGSEGV): variations
// are read recursively, so 100,000 nested ones overflowed the stack. They are now refused with a message
// that names the place; nesting up to the limit still reads.
TEST(PgnImport, VariationsNestedDeeperThanTheLimitAreAnErrorNotAStackOverflow) {
    auto nested = [](int levels) {
        std::string text = "1. e4 ";
        for (int i = 0; i < levels; ++i) text += "(1. e4 ";
        return text + std::string(static_cast<std::size_t>(levels), ')') + " *";
    };
    auto deep = parsePgn(nested(100'000));
    ASSERT_FALSE(deep);
    EXPECT_NE(deep.error().message.find("game 1, line 1"), std::string::npos) << deep.error().message;
    EXPECT_NE(deep.error().message.find("nest deeper than 64 levels"), std::string::npos)
        << deep.error().message;
    auto at_limit = parsePgn(nested(kMaxPgnVariationDepth));
    ASSERT_TRUE(at_limit) << at_limit.error().message;
    auto again = parsePgn(writePgn((*at_limit)[0]));  // the writer's output reads back too
    EXPECT_TRUE(again) << again.error().message;
}

// Issue 27 (found by fuzz_pgn): a backslash at the end of a tag's line escaped the line break, so the
// value held a newline; written back, the tag spanned two lines and no longer read ("unterminated
// value"). A backslash never escapes the end of the line: the tag is refused where it is read, and an
// escaped backslash or quote still reads.
TEST(PgnImport, ABackslashNeverEscapesTheEndOfATagsLine) {
    auto broken = parsePgn("[Event \"21\\\\\\\n\\00\"]\n\n1. e4 *\n");
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().message.find("game 1, line 1, column"), std::string::npos)
        << broken.error().message;
    EXPECT_NE(broken.error().message.find("unterminated value of tag Event"), std::string::npos)
        << broken.error().message;
    auto escaped = parsePgn("[Event \"a\\\\b \\\"c\\\"\"]\n\n1. e4 *\n");
    ASSERT_TRUE(escaped) << escaped.error().message;
    auto again = parsePgn(writePgn((*escaped)[0]));
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(writePgn((*again)[0]), writePgn((*escaped)[0]));
}

// Issue 27: a text with more games than kMaxPgnGames is refused at the first game too many, naming it.
TEST(PgnImport, MoreGamesThanTheLimitEndWithAnErrorNamingTheFirstGameTooMany) {
    std::string text;
    for (std::size_t i = 0; i <= kMaxPgnGames; ++i) text += "*\n";
    PgnReader reader(text);
    std::size_t games = 0;
    std::optional<PgnError> error;
    while (auto g = reader.next()) {
        if (*g) {
            ++games;
        } else {
            error = g->error();
        }
    }
    EXPECT_EQ(games, kMaxPgnGames);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->game, kMaxPgnGames + 1);
    EXPECT_NE(error->message.find("more than 100000 games"), std::string::npos) << error->message;
}

// Issue 27 (found by fuzz_pgn under UBSan): a %clk field of 11111111111111111 overflowed the
// milliseconds; such a comment is no clock and stays text.
TEST(PgnImport, AClockTooLargeToHoldIsKeptAsTextNotOverflowed) {
    auto games = parsePgn("1. e4 {[%clk 11111111111111111:00:00]} *");
    ASSERT_TRUE(games) << games.error().message;
    const auto& a = (*games)[0].moves[0].annotations;
    EXPECT_FALSE(a.clock);
    EXPECT_NE(a.comment.find("11111111111111111"), std::string::npos) << a.comment;
}

TEST(PgnExport, GoldenNormalizedFile) {
    std::string out;
    for (const auto& g : readAll(readData("import.pgn"))) out += writePgn(g);
    EXPECT_EQ(out, readData("import.normalized.pgn"));
}

TEST(PgnExport, NormalizedFileIsAFixedPoint) {
    const std::string golden = readData("import.normalized.pgn");
    std::string out;
    for (const auto& g : readAll(golden)) out += writePgn(g);
    EXPECT_EQ(out, golden);
}

TEST(PgnExport, FromAPlayedGameWithClocksAndDrawOffer) {
    Game game(Position::startpos(), Edition::E2005);
    test::playSan(game, "e4 e5 Nf3 Nc6");
    std::vector<MoveAnnotations> notes(3);
    notes[0].clock = 90min - 5s;
    notes[0].elapsed = 5s;
    notes[2].draw_offer = true;  // 2. Nf3 (=)
    const PgnGame pgn =
        makePgnGame(game, {{"White", "Human"}, {"TimeControl", "5400+30"}, {"Event", "Club"}}, notes, "*");
    EXPECT_EQ(writePgn(pgn),
              "[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White "
              "\"Human\"]\n[Black \"?\"]\n"
              "[Result \"*\"]\n[FIDERuleset \"E2005\"]\n[TimeControl \"5400+30\"]\n\n"
              "1. e4 {[%clk 1:29:55] [%emt 0:00:05]} 1... e5 2. Nf3 {(=)} 2... Nc6 *\n\n");
}

TEST(PgnExport, SetUpAndFenForNonInitialStart) {
    Game game(test::fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"));
    test::playSan(game, "Kd7 e4");
    const std::string text = writePgn(makePgnGame(game, {}, {}, "1/2-1/2"));
    EXPECT_NE(text.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]"), std::string::npos);
    EXPECT_NE(text.find("30... Kd7 31. e4 1/2-1/2"), std::string::npos) << text;
    auto back = parsePgn(text);
    ASSERT_TRUE(back);
    EXPECT_EQ((*back)[0].toGame(Edition::E2023).current(), game.current());
}

TEST(PgnExport, ClockFormat) {
    EXPECT_EQ(formatClock(0ms), "0:00:00");
    EXPECT_EQ(formatClock(3723s), "1:02:03");
    EXPECT_EQ(formatClock(9500ms), "0:00:09.5");
}

}  // namespace
}  // namespace oc::rules
