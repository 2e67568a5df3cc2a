// The round's pairing of the computer's entry, its errors, and the setup it fills.
#include <gtest/gtest.h>

#include "trf/pairing.hpp"
#include "trf_test_files.hpp"

namespace oc::trf {
namespace {

using test::readTrf;

Pairing pairingOk(const std::string& file, int round, const std::string& entry) {
    auto p = pairingFromText(readTrf(file), round, entry);
    EXPECT_TRUE(p) << file << ": " << (p ? "" : p.error());
    return p ? *p : Pairing{};
}

std::string pairingError(const std::string& file, int round, const std::string& entry) {
    auto p = pairingFromText(readTrf(file), round, entry);
    EXPECT_FALSE(p) << file << " round " << round << " " << entry;
    return p ? std::string() : p.error();
}

TEST(TrfPairing, Trf16GivesTheOpponentColourBoardAndEvent) {
    const Pairing p = pairingOk("swiss_manager_trf16.trf", 3, "6");
    EXPECT_EQ(p.round, 3);
    EXPECT_EQ(p.computer.name, "Stockfish 17");
    EXPECT_EQ(p.computer_colour, rules::Color::White);
    EXPECT_EQ(p.opponent.name, "Kowalska, Maria");
    EXPECT_EQ(p.opponent.fide_id, "1120000");
    EXPECT_EQ(p.opponent.rating, 2350);
    EXPECT_EQ(p.opponent.title, "WIM");
    EXPECT_EQ(p.opponent.federation, "POL");
    // Scores before round 3: 3 has 2, 6 and 4 have 1.5: board 2 (no board numbers in a TRF).
    EXPECT_EQ(p.board, 2);
    EXPECT_TRUE(p.board_from_order);
    EXPECT_EQ(p.date, "2026.03.09");
    EXPECT_EQ(p.event, "Wroclaw Spring Open 2026");
    EXPECT_EQ(p.site, "Wroclaw");
    EXPECT_EQ(p.chief_arbiter, "IA Lewandowski, Piotr");
    // 122 in words is not a form the console reads: left for the operator.
    EXPECT_TRUE(p.time_control.empty());
    EXPECT_EQ(p.time_control_text, "90 min/40 moves + 30 min + 30 sec/move");
    EXPECT_EQ(p.missing, std::vector<std::string>{"time_control"});
}

TEST(TrfPairing, BoardOrderFollowsScoresThenStartRank) {
    auto t = parse(readTrf("swiss_manager_trf16.trf"));
    ASSERT_TRUE(t);
    const auto order = boardOrder(*t, 3);
    EXPECT_EQ(order, (std::vector<std::pair<int, int>>{{1, 3}, {6, 4}, {7, 2}, {5, 8}}));
}

TEST(TrfPairing, The2026RevisionsEncodedTimeControlIsRead) {
    const Pairing p = pairingOk("trf2026.trf", 3, "stockfish");
    EXPECT_EQ(p.time_control, "40/5400+30:1800+30");
    EXPECT_EQ(p.board, 2);
    EXPECT_TRUE(p.missing.empty());
}

TEST(TrfPairing, TheComputerAsBlack) {
    const Pairing p = pairingOk("swiss_manager_trf16.trf", 2, "Stockfish 17");
    EXPECT_EQ(p.computer_colour, rules::Color::Black);
    EXPECT_EQ(p.opponent.name, "Garcia, Luis");
    EXPECT_EQ(p.opponent.title, "FM");
    EXPECT_EQ(p.date, "2026.03.08");
}

TEST(TrfPairing, JavafosOneLetterTitlesBecomePgnTitles) {
    const Pairing p = pairingOk("javafo.trf", 3, "3");
    EXPECT_EQ(p.opponent.name, "Duda, Jan-Krzysztof");
    EXPECT_EQ(p.opponent.title, "GM");
    EXPECT_EQ(p.computer.title, "WGM");
    EXPECT_EQ(p.computer_colour, rules::Color::Black);
    EXPECT_EQ(p.board, 1);
    EXPECT_EQ(p.missing,
              (std::vector<std::string>{"event", "site", "date", "chief_arbiter", "time_control"}));
}

TEST(TrfPairing, MessyFileGivesThePairing) {
    const Pairing p = pairingOk("messy.trf", 3, "  STOCKFISH   17 ");
    EXPECT_EQ(p.opponent.name, "Kowalska, Maria");
    EXPECT_EQ(p.date, "2026.03.09");
}

TEST(TrfPairing, AByeIsAClearError) {
    EXPECT_EQ(
        pairingError("trf2026.trf", 3, "5"),
        "line 21, column 119: Garcia, Luis has the pairing-allocated bye (U) in round 3: no game to play");
    EXPECT_EQ(pairingError("trf2026.trf", 3, "Ivanov"),
              "Ivanov, Petr has a bye in round 3 (a 240 record, type H): no game to play");
}

TEST(TrfPairing, ARoundNotYetPairedIsAClearError) {
    EXPECT_EQ(
        pairingError("trf2026.trf", 4, "6"),
        "line 22, column 122: round 4 is not yet paired for Stockfish 17 (no opponent, no result); export "
        "the TRF again after the pairing is published");
    EXPECT_EQ(pairingError("trf2026.trf", 6, "6"), "round 6: expected a round from 1 to 5");
}

TEST(TrfPairing, APlayerNotFoundNamesSomeThatExist) {
    EXPECT_EQ(
        pairingError("swiss_manager_trf16.trf", 3, "Komodo"),
        "no player named \"Komodo\" in the TRF; give a start rank or a name, e.g. 1 Duda, Jan-Krzysztof; "
        "2 Müller, Jürgen; 3 Nowak, Anna; 4 Kowalska, Maria; 5 Garcia, Luis ... (8 entries)");
    EXPECT_EQ(pairingError("swiss_manager_trf16.trf", 3, "99").substr(0, 43),
              "no player has start rank 99 in the TRF; the");
}

TEST(TrfPairing, ANameMatchingTwoPlayersIsAnError) {
    EXPECT_EQ(
        pairingError("two_names.trf", 1, "smith"),
        "\"smith\" matches several players: 1 Smith, John (line 2); 2 Smith, Jane (line 3); give the start "
        "rank instead");
    // The whole name picks one.
    EXPECT_EQ(pairingOk("two_names.trf", 1, "Smith, Jane").opponent.name, "Brown, Tom");
}

TEST(TrfPairing, AFileThatContradictsItselfIsRefused) {
    std::string text = readTrf("swiss_manager_trf16.trf");
    // Player 4's round 3 block names 8 instead of 6.
    const auto at = text.find("001    4");
    ASSERT_NE(at, std::string::npos);
    text[at + 114] = '8';
    auto p = pairingFromText(text, 3, "6");
    ASSERT_FALSE(p);
    EXPECT_NE(p.error().find("the file contradicts itself"), std::string::npos) << p.error();
}

TEST(TrfPairing, DatesAndTitles) {
    EXPECT_EQ(consoleDate("26/03/09"), "2026.03.09");
    EXPECT_EQ(consoleDate("2026-03-09"), "2026.03.09");
    EXPECT_EQ(consoleDate("99.12.31"), "1999.12.31");
    EXPECT_EQ(consoleDate("9 March"), "");
    EXPECT_EQ(pgnTitle("g"), "GM");
    EXPECT_EQ(pgnTitle("wm"), "WIM");
    EXPECT_EQ(pgnTitle("IM"), "IM");
    EXPECT_EQ(pgnTitle(""), "");
}

event::EventSetup engineSetup() {
    event::EventSetup s;
    s.engine.command = "/usr/games/stockfish";
    s.white_fide_id = "999999";  // left from another game: must not stay beside a new name
    s.time_control = "15m+10s";
    return s;
}

TEST(TrfApply, FillsBothSidesAndTheEvent) {
    event::EventSetup s = engineSetup();
    ASSERT_TRUE(applyPairing(s, pairingOk("swiss_manager_trf16.trf", 3, "6")));
    EXPECT_EQ(s.event, "Wroclaw Spring Open 2026");
    EXPECT_EQ(s.site, "Wroclaw");
    EXPECT_EQ(s.date, "2026.03.09");
    EXPECT_EQ(s.round, "3");
    EXPECT_EQ(s.board, "2");
    EXPECT_EQ(s.computer_side, rules::Color::White);
    EXPECT_EQ(s.white, "Stockfish 17");
    EXPECT_EQ(s.white_fide_id, "");
    EXPECT_EQ(s.white_rating, 0);
    EXPECT_EQ(s.black, "Kowalska, Maria");
    EXPECT_EQ(s.black_fide_id, "1120000");
    EXPECT_EQ(s.black_rating, 2350);
    EXPECT_EQ(s.black_title, "WIM");
    EXPECT_EQ(s.black_federation, "POL");
    EXPECT_EQ(s.chief_arbiter, "IA Lewandowski, Piotr");
    EXPECT_EQ(s.time_control, "15m+10s");  // 122 in words: the setup's stays
    auto back = event::eventSetupFromJson(event::toJson(s));
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(event::setupDifferences(s, *back).empty());
}

TEST(TrfApply, TakesTheTimeControlWhenReadAndChangesNothingOnError) {
    event::EventSetup s = engineSetup();
    ASSERT_TRUE(applyPairing(s, pairingOk("trf2026.trf", 3, "6")));
    EXPECT_EQ(s.time_control, "40/5400+30:1800+30");
    Pairing odd = pairingOk("trf2026.trf", 3, "6");
    odd.opponent.title = "grand master";
    const event::EventSetup before = s;
    auto r = applyPairing(s, odd);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().substr(0, 14), "black_title: \"");
    EXPECT_TRUE(event::setupDifferences(before, s).empty());
}

}  // namespace
}  // namespace oc::trf
