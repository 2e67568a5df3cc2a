// Notation: output in every language and style, input round trips, and precise rejections.
#include "rules/notation.hpp"

#include <gtest/gtest.h>

#include <random>

#include "test_util.hpp"

namespace oc::rules {
namespace {

using test::fen;

constexpr Language kAll[] = {Language::En, Language::Pl, Language::De, Language::Fr,
                             Language::Es, Language::Nl, Language::Ru, Language::Fa};

// The standard perft positions plus positions from seeded random playouts (deterministic).
std::vector<Position> samplePositions() {
    std::vector<Position> out;
    for (const char* f : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "4k3/8/8/6N1/8/8/8/5KN1 w - - 0 1",
                          "1k6/8/8/8/3N1N2/8/3N1N2/K7 w - - 0 1", "8/7k/8/8/Q7/8/8/Q2QK3 w - - 0 1"})
        out.push_back(fen(f));
    std::mt19937 rng(12345);
    for (int game = 0; game < 12; ++game) {
        Position p = Position::startpos();
        for (int ply = 0; ply < 120; ++ply) {
            const MoveList moves = p.legalMoves();
            if (moves.empty()) break;
            p = p.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            if (ply % 10 == 9) out.push_back(p);
        }
    }
    return out;
}

TEST(Notation, EveryLegalMoveRoundTripsInEveryLanguageAndStyle) {
    std::size_t checked = 0;
    for (const Position& p : samplePositions()) {
        for (Move m : p.legalMoves()) {
            auto en = parseSan(p, toSan(p, m));
            ASSERT_TRUE(en) << p.fen() << " " << toSan(p, m);
            ASSERT_EQ(*en, m);
            for (Language lang : kAll) {
                for (int variant = 0; variant < 5; ++variant) {
                    NotationStyle st;
                    st.language = lang;
                    st.long_form = variant == 1 || variant == 4;
                    st.figurines = variant == 2;
                    st.letter_o_castling = variant == 3;
                    st.promotion_equals = variant == 3;
                    st.ep_suffix = variant == 4;
                    const std::string text = formatMove(p, m, st);
                    auto back = parseMoveText(p, text, lang);
                    ASSERT_TRUE(back) << p.fen() << " [" << languageCode(lang) << "] " << text << ": "
                                      << back.error().message;
                    ASSERT_EQ(back->move, m) << p.fen() << " " << text;
                    ++checked;
                }
            }
            EXPECT_EQ(parseMoveText(p, toUci(m), Language::Pl)->move, m);
        }
    }
    EXPECT_GT(checked, 50000u);
}

std::string out(const char* f, const char* san_text, NotationStyle st) {
    const Position p = fen(f);
    return formatMove(p, test::san(p, san_text), st);
}

TEST(NOT02, LettersAndFigurines) {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    NotationStyle pl{Language::Pl};
    EXPECT_EQ(out(start, "Nf3", pl), "Sf3");
    NotationStyle fig;
    fig.figurines = true;
    EXPECT_EQ(out(start, "Nf3", fig), "♘f3");
    EXPECT_EQ(toSan(fen(start), test::san(fen(start), "Nf3")), "Nf3");
    const char* q = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    const std::pair<Language, const char*> queens[] = {
        {Language::En, "Qd4"}, {Language::Pl, "Hd4"}, {Language::De, "Dd4"}, {Language::Fr, "Dd4"},
        {Language::Es, "Dd4"}, {Language::Nl, "Dd4"}, {Language::Ru, "Фd4"}, {Language::Fa, "Qd4"}};
    for (auto [lang, expected] : queens) EXPECT_EQ(out(q, "Qd4", NotationStyle{lang}), expected);
    EXPECT_EQ(out(q, "Kf2", NotationStyle{Language::Ru}), "Крf2");
    EXPECT_EQ(out(q, "Kf2", NotationStyle{Language::Fr}), "Rf2");
}

// Issue 26 item 5: Persian events write English SAN (research/persian.md §4), so `fa` writes and reads
// every move of every sample position exactly as `en` does, in every style; no Persian piece letters.
TEST(NOT02, PersianIsEnglishSan) {
    EXPECT_EQ(parseLanguage("fa"), Language::Fa);
    EXPECT_EQ(languageCode(Language::Fa), "fa");
    EXPECT_EQ(pieceLetters(Language::Fa), "K Q R B N");
    EXPECT_EQ(languageList(), "en pl de fr es nl ru fa");
    EXPECT_FALSE(parseLanguage("ir")) << "the code is the language's, fa";
    std::size_t checked = 0;
    for (const Position& p : samplePositions()) {
        for (Move m : p.legalMoves()) {
            for (int variant = 0; variant < 4; ++variant) {
                NotationStyle en;
                en.long_form = variant == 1;
                en.figurines = variant == 2;
                en.letter_o_castling = en.promotion_equals = variant == 3;
                NotationStyle fa = en;
                fa.language = Language::Fa;
                const std::string text = formatMove(p, m, en);
                ASSERT_EQ(formatMove(p, m, fa), text) << p.fen();
                auto read = parseMoveText(p, text, Language::Fa);
                ASSERT_TRUE(read) << p.fen() << " " << text << ": " << read.error().message;
                EXPECT_EQ(read->move, m) << text;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 1000u);
    const Position start = Position::startpos();
    // Another language's letters are not Persian ones: "Sf3" is refused as in English, and says so.
    const auto polish = parseMoveText(start, "Sf3", Language::Fa);
    ASSERT_FALSE(polish);
    EXPECT_NE(polish.error().message.find("'S' is not a piece letter in fa"), std::string::npos)
        << polish.error().message;
    EXPECT_NE(polish.error().message.find("K Q R B N"), std::string::npos) << polish.error().message;
}

TEST(NOT04, LongForm) {
    NotationStyle st{Language::Pl};
    st.long_form = true;
    EXPECT_EQ(out("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3", st), "Sg1-f3");
    EXPECT_EQ(out("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", st), "e2-e4");
    const char* ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    EXPECT_EQ(out(ep, "exf6", st), "e5xf6");
    st.long_form = false;
    st.ep_suffix = true;
    EXPECT_EQ(out(ep, "exf6", st), "exf6 e.p.");
    EXPECT_EQ(toSan(fen(ep), test::san(fen(ep), "exf6")), "exf6");
}

TEST(NOT06, Disambiguation) {
    EXPECT_EQ(out("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "Nef3", NotationStyle{}), "Nef3");
    EXPECT_EQ(out("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1", "Ngf3", NotationStyle{Language::Pl}), "Sgf3");
    EXPECT_EQ(out("4k3/8/8/6N1/8/8/8/5KN1 w - - 0 1", "N5f3", NotationStyle{}), "N5f3");
    EXPECT_EQ(out("4k3/8/8/6N1/8/8/8/5KN1 w - - 0 1", "N1f3", NotationStyle{}), "N1f3");
    EXPECT_EQ(out("4k3/8/8/8/3N4/8/7N/5K2 w - - 0 1", "Ndf3", NotationStyle{}), "Ndf3");
    EXPECT_EQ(out("4k3/8/8/8/3N4/8/7N/5K2 w - - 0 1", "Nhf3", NotationStyle{}), "Nhf3");
    EXPECT_EQ(out("4k3/8/8/6N1/8/5p2/8/5KN1 w - - 0 1", "N1xf3", NotationStyle{}), "N1xf3");
    // Three queens where neither file nor rank alone is unique: the full square.
    EXPECT_EQ(toSan(fen("8/7k/8/8/Q7/8/8/Q2QK3 w - - 0 1"), Move(Square::A1, Square::D4)), "Qa1d4");
}

TEST(NOT07, PromotionForms) {
    const char* f = "8/P7/8/8/8/8/8/k6K w - - 0 1";
    EXPECT_EQ(out(f, "a8=Q", NotationStyle{Language::Pl}), "a8H+");
    EXPECT_EQ(toSan(fen(f), test::san(fen(f), "a8=N")), "a8=N");
    for (const char* text : {"a8Q", "a8=Q", "a8/Q", "a8(Q)", "a7a8q", "a7-a8Q"})
        EXPECT_EQ(toUci(parseMoveText(fen(f), text, Language::En)->move), "a7a8q") << text;
    EXPECT_EQ(toUci(parseMoveText(fen(f), "a8H", Language::Pl)->move), "a7a8q");
}

TEST(NOT08, CastlingAndDrawOfferMarks) {
    const Position p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (const char* text : {"0-0", "O-O", "o-o", "О-О"}) {
        auto m = parseMoveText(p, text, Language::Ru);
        ASSERT_TRUE(m) << text;
        EXPECT_EQ(toUci(m->move), "e1g1");
    }
    EXPECT_EQ(toUci(parseMoveText(p, "0-0-0", Language::En)->move), "e1c1");
    EXPECT_EQ(out("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", NotationStyle{}), "0-0-0");
    EXPECT_EQ(toSan(p, parseMoveText(p, "0-0", Language::En)->move), "O-O");
    auto offer = parseMoveText(fen("4k3/8/8/8/8/8/8/2K5 w - - 0 1"), "Kb1 (=)", Language::En);
    ASSERT_TRUE(offer);
    EXPECT_TRUE(offer->draw_offer);
    EXPECT_EQ(toUci(offer->move), "c1b1");
    EXPECT_FALSE(parseMoveText(fen("4k3/8/8/8/8/8/8/2K5 w - - 0 1"), "Kb1", Language::En)->draw_offer);
}

// Issue 15: "(=)" typed with the move is an offer in every notation language, spaced or not, after
// check signs or before them (App. C.12 writes it after the move).
TEST(NOT08, DrawOfferMarkInEveryLanguage) {
    const Position p = Position::startpos();
    const Move knight = *parseUci(p, "g1f3");
    for (Language lang : languages()) {
        for (bool figurines : {false, true}) {
            const std::string move = formatMove(p, knight, {lang, figurines});
            for (const std::string& text :
                 {move + " (=)", move + "(=)", move + " (=) ", std::string("h3 (=)")}) {
                auto m = parseMoveText(p, text, lang);
                ASSERT_TRUE(m) << text;
                EXPECT_TRUE(m->draw_offer) << text;
                EXPECT_TRUE(hasDrawOfferMark(text)) << text;
            }
            EXPECT_FALSE(parseMoveText(p, move, lang)->draw_offer) << move;
            EXPECT_FALSE(hasDrawOfferMark(move)) << move;
        }
    }
    EXPECT_TRUE(hasDrawOfferMark("Hd8+ (=)"));
    EXPECT_TRUE(hasDrawOfferMark("Hd8 (=)+"));
    EXPECT_FALSE(hasDrawOfferMark("(=)"));  // a mark alone is no move (nothing to offer it with)
    EXPECT_FALSE(hasDrawOfferMark("e8=Q"));
}

struct InputCase {
    const char* fen;
    Language lang;
    const char* text;
    const char* uci;
};
void PrintTo(const InputCase& c, std::ostream* os) {
    *os << languageCode(c.lang) << " " << c.text;
}

class Input : public ::testing::TestWithParam<InputCase> {};

TEST_P(Input, MapsToTheMove) {
    auto m = parseMoveText(fen(GetParam().fen), GetParam().text, GetParam().lang);
    ASSERT_TRUE(m) << m.error().message;
    EXPECT_EQ(toUci(m->move), GetParam().uci);
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kEp = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
constexpr const char* kTwoKnights = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";
constexpr const char* kQd4 = "4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1";

INSTANTIATE_TEST_SUITE_P(
    Languages, Input,
    ::testing::Values(
        InputCase{kStart, Language::Pl, "Sg1-f3", "g1f3"}, InputCase{kStart, Language::En, "Ng1f3", "g1f3"},
        InputCase{kStart, Language::En, "g1f3", "g1f3"}, InputCase{kTwoKnights, Language::Pl, "Sgf3", "g1f3"},
        InputCase{kQd4, Language::Pl, "Hxd4", "d1d4"},
        InputCase{"8/3P4/8/8/8/8/8/k6K w - - 0 1", Language::Pl, "d8H", "d7d8q"},
        InputCase{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Language::Ru, "Крe2", "e1e2"},
        InputCase{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Language::Ru, "Kpe2", "e1e2"},
        InputCase{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Language::Ru, "Кре2", "e1e2"},  // Cyrillic е
        InputCase{kStart, Language::Ru, "Кf3", "g1f3"}, InputCase{kStart, Language::De, "Sf3", "g1f3"},
        InputCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Language::De, "Lb5", "f1b5"},
        InputCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Language::Es, "Ab5", "f1b5"},
        InputCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Language::Fr, "Fb5", "f1b5"},
        InputCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Language::Nl, "Lb5", "f1b5"},
        InputCase{kStart, Language::Nl, "Pf3", "g1f3"}, InputCase{kStart, Language::Fr, "Cf3", "g1f3"},
        InputCase{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Language::Fr, "Re2", "e1e2"},
        InputCase{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Language::Fr, "Ta2", "a1a2"},
        InputCase{kEp, Language::En, "exf6", "e5f6"}, InputCase{kEp, Language::En, "exf6 e.p.", "e5f6"},
        InputCase{kEp, Language::En, "ef6", "e5f6"}, InputCase{kEp, Language::En, "e5xf6", "e5f6"},
        InputCase{kEp, Language::En, "exf6ep", "e5f6"}, InputCase{kEp, Language::En, "e5:f6", "e5f6"},
        InputCase{kStart, Language::En, "Nf3+", "g1f3"}, InputCase{kStart, Language::En, "Nf3!?", "g1f3"},
        InputCase{kStart, Language::En, "♘f3", "g1f3"}, InputCase{kStart, Language::Pl, "♘f3", "g1f3"},
        InputCase{kStart, Language::En, "e2-e4", "e2e4"}, InputCase{kStart, Language::En, "  e4 ", "e2e4"}));

struct RejectCase {
    const char* fen;
    Language lang;
    const char* text;
    MoveTextError::Kind kind;
    const char* message;
};
void PrintTo(const RejectCase& c, std::ostream* os) {
    *os << languageCode(c.lang) << " " << c.text;
}

class Reject : public ::testing::TestWithParam<RejectCase> {};

TEST_P(Reject, SaysWhy) {
    auto m = parseMoveText(fen(GetParam().fen), GetParam().text, GetParam().lang);
    ASSERT_FALSE(m);
    EXPECT_EQ(m.error().kind, GetParam().kind);
    EXPECT_NE(m.error().message.find(GetParam().message), std::string::npos) << m.error().message;
}

using K = MoveTextError::Kind;
INSTANTIATE_TEST_SUITE_P(
    Cases, Reject,
    ::testing::Values(
        RejectCase{kStart, Language::En, "Nf4", K::Illegal, "no knight can reach f4"},
        RejectCase{kStart, Language::Pl, "Sf4", K::Illegal, "no knight can reach f4"},
        RejectCase{kStart, Language::En, "Sf3", K::Unparseable, "'S' is not a piece letter in en"},
        RejectCase{kStart, Language::En, "Pe4", K::Unparseable, "pawns carry no letter"},
        RejectCase{kStart, Language::Pl, "pe4", K::Unparseable, "pawns carry no letter"},
        RejectCase{kStart, Language::De, "Be4", K::Unparseable, "pawns carry no letter"},
        RejectCase{kStart, Language::En, "", K::Unparseable, "no move given"},
        RejectCase{kStart, Language::En, "hello", K::Unparseable, "expected e.g. Nf3"},
        RejectCase{kStart, Language::En, "N-f3", K::Unparseable, "hyphen"},
        RejectCase{kStart, Language::En, "e5", K::Illegal, "no pawn can reach e5"},
        RejectCase{kStart, Language::En, "Ke2", K::Illegal, "occupied"},
        RejectCase{kStart, Language::En, "e7e5", K::Illegal, "belongs to the opponent"},
        RejectCase{kStart, Language::En, "e3e4", K::Illegal, "no piece on e3"},
        RejectCase{kStart, Language::En, "O-O", K::Illegal, "between the king and the rook"},
        RejectCase{"4k3/1r6/8/8/2b5/8/8/R3K2R w KQ - 0 1", Language::En, "O-O", K::Illegal, "cross f1"},
        RejectCase{"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", Language::En, "0-0-0", K::Illegal, "in check"},
        RejectCase{"4k3/8/8/8/8/8/8/R3K2R w K - 0 1", Language::En, "0-0-0", K::Illegal, "right to castle"},
        RejectCase{"4k3/8/8/8/5b2/8/8/R3K2R w KQ - 0 1", Language::En, "0-0-0", K::Illegal, "in check on c1"},
        RejectCase{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", Language::En, "Nf4", K::Illegal,
                   "the king would be in check"},
        RejectCase{"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", Language::En, "Ke2", K::Illegal,
                   "the king would be in check on e2"},
        RejectCase{"4k3/8/8/8/8/8/4r3/4K2N w - - 0 1", Language::En, "Ng3", K::Illegal, "does not parry"},
        RejectCase{kTwoKnights, Language::Pl, "Sf3", K::Ambiguous, "Sef3 or Sgf3"},
        RejectCase{kTwoKnights, Language::En, "Nf3", K::Ambiguous, "Nef3 or Ngf3"},
        RejectCase{"8/P7/8/8/8/8/8/k6K w - - 0 1", Language::Pl, "a8", K::Incomplete, "a8H, a8W, a8G or a8S"},
        RejectCase{kStart, Language::En, "e4=Q", K::Illegal, "only a pawn reaching the last rank"},
        // Issue 22: the bishop can reach c4, the extra file letter is the mistake.
        RejectCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Language::Pl, "Gcc4", K::Illegal,
                   "no bishop on the c-file can reach c4: leave the file letter out"},
        RejectCase{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", Language::En, "B2c4", K::Illegal,
                   "no bishop on rank 2 can reach c4"},
        RejectCase{"4k3/8/8/8/8/8/8/N3K1N1 w - - 0 1", Language::En, "Na1f3", K::Illegal,
                   "the knight that can reach f3 is not on a1"},
        RejectCase{"4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", Language::En, "Ncc3", K::Illegal,
                   "no knight on the c-file can reach c3"},
        RejectCase{"8/8/8/8/8/8/8/k3K2R w - - 0 1", Language::En, "Rh8=Q", K::Illegal, "only a pawn"}));

}  // namespace
}  // namespace oc::rules
