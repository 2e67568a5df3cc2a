// The TRF reader on files as Swiss-Manager, JaVaFo and Tornelo write them, and on broken ones.
#include <gtest/gtest.h>

#include "trf/trf.hpp"
#include "trf_test_files.hpp"

namespace oc::trf {
namespace {

using test::readTrf;

Tournament readOk(const std::string& name) {
    auto t = parse(readTrf(name));
    EXPECT_TRUE(t) << name << ": " << (t ? "" : t.error().text());
    return t ? *t : Tournament{};
}

TEST(TrfReader, ReadsSwissManagersTrf16) {
    const Tournament t = readOk("swiss_manager_trf16.trf");
    EXPECT_EQ(t.name, "Wroclaw Spring Open 2026");
    EXPECT_EQ(t.city, "Wroclaw");
    EXPECT_EQ(t.federation, "POL");
    EXPECT_EQ(t.start_date, "2026/03/07");
    EXPECT_EQ(t.chief_arbiter, "IA Lewandowski, Piotr");
    EXPECT_EQ(t.time_control, "90 min/40 moves + 30 min + 30 sec/move");
    EXPECT_EQ(t.round_dates, (std::vector<std::string>{"26/03/07", "26/03/08", "26/03/09"}));
    ASSERT_EQ(t.players.size(), 8u);
    const Player& duda = t.players[0];
    EXPECT_EQ(duda.start_rank, 1);
    EXPECT_EQ(duda.sex, 'm');
    EXPECT_EQ(duda.title, "GM");
    EXPECT_EQ(duda.name, "Duda, Jan-Krzysztof");
    EXPECT_EQ(duda.rating, 2730);
    EXPECT_EQ(duda.federation, "POL");
    EXPECT_EQ(duda.fide_id, "1170546");
    EXPECT_EQ(duda.birth, "1998/04/26");
    EXPECT_EQ(duda.points, "1.5");
    EXPECT_EQ(duda.rank, 1);
    ASSERT_EQ(duda.rounds.size(), 3u);
    EXPECT_EQ(duda.rounds[0].opponent, 5);
    EXPECT_EQ(duda.rounds[0].colour, 'w');
    EXPECT_EQ(duda.rounds[0].result, '1');
    EXPECT_EQ(duda.rounds[2].opponent, 3);
    EXPECT_EQ(duda.rounds[2].result, ' ');
}

// Columns count characters: "Müller, Jürgen" has two two-byte letters, and the rating still reads.
TEST(TrfReader, ColumnsCountCharactersNotBytes) {
    const Tournament t = readOk("swiss_manager_trf16.trf");
    ASSERT_EQ(t.players.size(), 8u);
    EXPECT_EQ(t.players[1].name, "Müller, Jürgen");
    EXPECT_EQ(t.players[1].rating, 2480);
    EXPECT_EQ(t.players[1].fide_id, "4600123");
}

TEST(TrfReader, ReadsThe2026Revision) {
    const Tournament t = readOk("trf2026.trf");
    EXPECT_EQ(t.rounds, 5);
    EXPECT_EQ(t.encoded_time_control, "40/5400+30:1800+30");
    EXPECT_EQ(t.round_dates.size(), 5u);
    ASSERT_EQ(t.byes.size(), 1u);
    EXPECT_EQ(t.byes[0].type, 'H');
    EXPECT_EQ(t.byes[0].round, 3);
    EXPECT_EQ(t.byes[0].players, std::vector<int>{8});
    EXPECT_EQ(t.players[4].rounds[2].opponent, 0);
    EXPECT_EQ(t.players[4].rounds[2].result, 'U');
}

TEST(TrfReader, ReadsJavafosInputWithXxrAndXxc) {
    const Tournament t = readOk("javafo.trf");
    EXPECT_EQ(t.rounds, 5);  // XXR, as no 142 line says otherwise
    EXPECT_TRUE(t.name.empty());
    ASSERT_EQ(t.players.size(), 8u);
    EXPECT_EQ(t.players[0].title, "g");
    EXPECT_EQ(t.players[2].title, "wg");
}

TEST(TrfReader, ToleratesBomCrlfCommentsDatLinesAndSpaces) {
    const Tournament t = readOk("messy.trf");
    EXPECT_EQ(t.name, "Wroclaw Spring Open 2026");
    EXPECT_EQ(t.city, "Wroclaw");
    EXPECT_EQ(t.chief_arbiter, "IA Lewandowski, Piotr");
    EXPECT_EQ(t.rounds, 9);
    EXPECT_EQ(t.round_dates[2], "2026/03/09");
    ASSERT_EQ(t.players.size(), 8u);
    EXPECT_EQ(t.players[7].name, "Ivanov, Petr");
    EXPECT_EQ(t.players[7].rounds.size(), 3u);  // the trailing spaces make no fourth round
}

TEST(TrfReader, ReadsAWindows1252FileAsUtf8) {
    const Tournament t = readOk("cp1252.trf");
    ASSERT_EQ(t.players.size(), 2u);
    EXPECT_EQ(t.players[0].name, "Šimunek, Jürgen");
    EXPECT_EQ(t.players[0].rating, 2200);
}

TEST(TrfReader, AMalformedLineNamesItsLineAndColumn) {
    auto t = parse(readTrf("malformed.trf"));
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().line, 4);
    EXPECT_EQ(t.error().column, 49);
    EXPECT_EQ(t.error().text(),
              "line 4, column 49: expected the FIDE rating (a number up to 9999, or blank), found \"27x0\"");
}

TEST(TrfReader, BadFieldsAreNamed) {
    const std::pair<std::string, std::string> bad[] = {
        {"001 abcd", "line 1, column 5: expected the start rank (a number 1 to 9999), found \"abcd\""},
        {"001    0", "line 1, column 5: expected the start rank (a number 1 to 9999), found \"0\""},
        {std::string("001    1") + std::string(83, ' ') + "   2 x 1",
         "line 1, column 97: expected the colour w, b or -, found \"x\""},
        {std::string("001    1") + std::string(83, ' ') + "   2 w 7",
         "line 1, column 99: expected a result (1 0 = + - W D L H F U Z), found \"7\""},
        {"001    1\n001    1", "line 2, column 5: start rank 1 is given twice; each 001 line needs its own"},
        {"142 nine", "line 1, column 5: expected the number of rounds, found \"nine\""},
    };
    for (const auto& [text, message] : bad) {
        auto t = parse(text);
        ASSERT_FALSE(t) << text;
        EXPECT_EQ(t.error().text(), message);
    }
}

TEST(TrfReader, ShortAndEmptyInputsAreNotErrors) {
    EXPECT_TRUE(parse(""));
    EXPECT_TRUE(parse("\xEF\xBB\xBF"));
    auto t = parse("001    3\r012 X\r");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->players.size(), 1u);
    EXPECT_EQ(t->name, "X");
}

}  // namespace
}  // namespace oc::trf
