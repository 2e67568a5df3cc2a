// Golden phrases for every notation language and every kind of move (tests/data/speech/phrases.tsv),
// and the clock, event and result phrases with their plural forms.
#include "speech/phrases.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace oc::speech {
namespace {

using namespace std::chrono_literals;
using rules::Color;
using Language = SpeechLanguage;

struct Row {
    std::string lang, kind, fen, uci, phonetic, phrase;
};

std::vector<Row> goldenRows() {
    std::ifstream in(std::string(OC_TEST_DATA) + "/speech/phrases.tsv");
    std::vector<Row> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
        if (f.size() == 6) rows.push_back({f[0], f[1], f[2], f[3], f[4], f[5]});
    }
    return rows;
}

TEST(Phrases, GoldenForEveryLanguageAndKindOfMove) {
    const auto rows = goldenRows();
    std::map<std::string, std::set<std::string>> kinds;
    for (const Row& r : rows) {
        SCOPED_TRACE(r.lang + " " + r.kind + " " + r.uci);
        auto lang = parseSpeechLanguage(r.lang);
        auto pos = rules::Position::fromFen(r.fen);
        ASSERT_TRUE(lang && pos);
        auto m = rules::parseUci(*pos, r.uci);
        ASSERT_TRUE(m);
        EXPECT_EQ(movePhrase(*pos, *m, {*lang, r.phonetic == "1"}), r.phrase);
        kinds[r.lang].insert(r.kind);
    }
    // Every language the notation has, and Persian, each with the same full set of kinds (16).
    ASSERT_EQ(kinds.size(), 8u);
    for (const auto& [lang, set] : kinds) EXPECT_EQ(set, kinds.at("en")) << lang;
    EXPECT_EQ(kinds.at("en").size(), 16u);
}

TEST(Phrases, BlackMovesAndCastlingFollowTheSameRules) {
    auto pos = rules::Position::fromFen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    ASSERT_TRUE(pos);
    auto m = rules::parseUci(*pos, "e8g8");
    ASSERT_TRUE(m);
    EXPECT_EQ(movePhrase(*pos, *m, {Language::Pl, false}), "krótka roszada");
    EXPECT_EQ(movePhrase(*pos, *m, {Language::De, true}), "kurze Rochade");
}

TEST(Phrases, ClocksInEnglish) {
    EXPECT_EQ(clockPhrase(12, 1h + 5min + 3s, 58min, Language::En),
              "Move 12. White 1 hour 5 minutes 3 seconds. Black 58 minutes.");
    EXPECT_EQ(clockPhrase(1, 0ms, 1s + 900ms, Language::En), "Move 1. White 0 seconds. Black 1 second.");
    EXPECT_EQ(clockPhrase(40, -5s, 2h, Language::En), "Move 40. White 0 seconds. Black 2 hours.");
}

TEST(Phrases, ClocksUsePolishPluralForms) {
    EXPECT_EQ(clockPhrase(7, 1h + 2min + 5s, 21min + 22s, Language::Pl),
              "Posunięcie 7. Białe 1 godzina 2 minuty 5 sekund. Czarne 21 minut 22 sekundy.");
    EXPECT_EQ(clockPhrase(30, 12min + 1s, 14s, Language::Pl),
              "Posunięcie 30. Białe 12 minut 1 sekunda. Czarne 14 sekund.");
}

TEST(Phrases, ClocksUseRussianPluralForms) {
    EXPECT_EQ(clockPhrase(3, 21min + 11s, 2h + 24min, Language::Ru),
              "Ход 3. Белые 21 минута 11 секунд. Чёрные 2 часа 24 минуты.");
}

TEST(Phrases, EventsAndResults) {
    EXPECT_EQ(eventPhrase(Event::DrawOffer, Color::White, Language::En), "White offers a draw");
    EXPECT_EQ(eventPhrase(Event::DrawOffer, Color::Black, Language::Pl), "Czarne proponują remis");
    EXPECT_EQ(eventPhrase(Event::DrawClaim, Color::White, Language::Pl), "Białe reklamują remis");
    EXPECT_EQ(eventPhrase(Event::FlagReported, Color::Black, Language::En),
              "Black has overstepped the time: flag fall reported");
    EXPECT_EQ(eventPhrase(Event::ClocksPaused, Color::White, Language::Pl), "Sędzia zatrzymał zegar");
    EXPECT_EQ(eventPhrase(Event::ClocksResumed, Color::White, Language::En), "The clocks are running again");
    EXPECT_EQ(resultPhrase("1-0", Language::En), "White wins");
    EXPECT_EQ(resultPhrase("0-1", Language::Pl), "Wygrały czarne");
    EXPECT_EQ(resultPhrase("1/2-1/2", Language::De), "Remis");
    EXPECT_EQ(resultPhrase("*", Language::En), "");
}

// Persian in Persian order (issue 36 item 11): every kind of move as a Persian listener expects it. A
// capture is a sentence with the verb last ("the bishop, c6 it takes"); a disambiguated piece is "the
// rook of file a / rank 1 / square h4" with its destination after "to"; a capturing pawn is "the pawn
// of" its file; a comma (a pause in the voice) stands before a promotion and before check or mate.
struct PersianCase {
    const char* kind;
    const char* fen;
    const char* uci;
    bool phonetic;
    const char* phrase;
};

const PersianCase kPersianCases[] = {
    {"pawn", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", false, "ای ۴"},
    {"piece", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", false, "اسب اِف ۳"},
    {"piece capture", "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "b5c6", false,
     "فیل، سی ۶ را می‌زند"},
    {"pawn capture", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", false,
     "پیادهٔ ای، دیی ۵ را می‌زند"},
    {"by file", "k7/8/8/8/8/8/K7/R6R w - - 0 1", "a1d1", false, "رخِ ستون اِی به دیی ۱"},
    {"by rank", "R7/8/7k/8/8/8/1K6/R7 w - - 0 1", "a1a5", false, "رخِ ردیف ۱ به اِی ۵"},
    {"by square", "8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", false, "وزیرِ خانه اِچ ۴ به ای ۱"},
    {"by file, capture", "k7/8/8/8/8/8/K7/R2n3R w - - 0 1", "a1d1", false,
     "رخِ ستون اِی، دیی ۱ را می‌زند"},
    {"by rank, phonetic", "R7/8/7k/8/8/8/1K6/R7 w - - 0 1", "a1a5", true, "رخِ ردیف یک به آنّا پنج"},
    {"check", "k7/8/8/8/8/8/1K6/7R w - - 0 1", "h1h8", false, "رخ اِچ ۸، کیش"},
    {"mate", "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", false, "رخ اِی ۸، کیش و مات"},
    {"capture, check", "7k/7p/8/8/8/8/1K6/7R w - - 0 1", "h1h7", false,
     "رخ، اِچ ۷ را می‌زند، کیش"},
    {"short castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", false, "قلعهٔ کوچک"},
    {"long castling", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", false, "قلعهٔ بزرگ"},
    {"promotion", "8/P7/8/8/8/8/7k/2K5 w - - 0 1", "a7a8q", false, "اِی ۸، ارتقا به وزیر"},
    {"underpromotion", "8/P7/8/8/8/8/7k/2K5 w - - 0 1", "a7a8n", false, "اِی ۸، ارتقا به اسب"},
    {"promotion, capture", "1r6/P7/8/8/8/7k/8/2K5 w - - 0 1", "a7b8q", false,
     "پیادهٔ اِی، بی ۸ را می‌زند، ارتقا به وزیر"},
    {"promotion, capture, check", "1r5k/P7/8/8/8/8/8/2K5 w - - 0 1", "a7b8q", false,
     "پیادهٔ اِی، بی ۸ را می‌زند، ارتقا به وزیر، کیش"},
    {"promotion, mate", "k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8q", false, "سی ۸، ارتقا به وزیر، کیش و مات"},
    {"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", false,
     "پیادهٔ ای، دیی ۶ را آن‌پاسان می‌زند"},
    {"phonetic pawn capture", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", true,
     "پیادهٔ اِوا، داوید پنج را می‌زند"},
};

TEST(Phrases, PersianEveryKindOfMoveInPersianOrder) {
    for (const PersianCase& c : kPersianCases) {
        SCOPED_TRACE(std::string(c.kind) + " " + c.uci);
        auto pos = rules::Position::fromFen(c.fen);
        ASSERT_TRUE(pos);
        auto m = rules::parseUci(*pos, c.uci);
        ASSERT_TRUE(m);
        EXPECT_EQ(movePhrase(*pos, *m, {Language::Fa, c.phonetic}), c.phrase);
    }
}

// The same square disambiguation and disambiguated capture in English and Polish keep the order of the
// notation (the golden file has no such row).
TEST(Phrases, EnglishAndPolishDisambiguationKeepTheirOrder) {
    auto queens = rules::Position::fromFen("8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1");
    auto rooks = rules::Position::fromFen("k7/8/8/8/8/8/K7/R2n3R w - - 0 1");
    ASSERT_TRUE(queens && rooks);
    auto by_square = rules::parseUci(*queens, "h4e1");
    auto by_file = rules::parseUci(*rooks, "a1d1");
    ASSERT_TRUE(by_square && by_file);
    EXPECT_EQ(movePhrase(*queens, *by_square, {Language::En, false}), "queen h 4 e1");
    EXPECT_EQ(movePhrase(*queens, *by_square, {Language::Pl, true}), "hetman Hector cztery Eva jeden");
    EXPECT_EQ(movePhrase(*rooks, *by_file, {Language::En, false}), "rook a takes d1");
    EXPECT_EQ(movePhrase(*rooks, *by_file, {Language::Pl, false}), "wieża a bije d1");
}

// The events in Persian: the flag fall as the arbiter says it ("the flag of Black fell", the ezafe
// written), the draw offer, the results, and the clocks with Persian digits and و between the parts.
TEST(Phrases, PersianEventsAndClocks) {
    EXPECT_EQ(eventPhrase(Event::FlagReported, Color::Black, Language::Fa), "پرچمِ سیاه افتاد");
    EXPECT_EQ(eventPhrase(Event::FlagReported, Color::White, Language::Fa), "پرچمِ سفید افتاد");
    EXPECT_EQ(eventPhrase(Event::DrawOffer, Color::White, Language::Fa),
              "سفید پیشنهاد تساوی می‌دهد");
    EXPECT_EQ(resultPhrase("0-1", Language::Fa), "سیاه برنده شد");
    EXPECT_EQ(resultPhrase("1/2-1/2", Language::Fa), "تساوی");
    EXPECT_EQ(clockPhrase(12, 1h + 5min + 3s, 58min, Language::Fa),
              "حرکت ۱۲. سفید ۱ ساعت و ۵ دقیقه و ۳ ثانیه. سیاه ۵۸ دقیقه.");
}

// No Latin letter in a Persian phrase: a Latin run makes espeak-ng switch to English mid-phrase.
TEST(Phrases, PersianPhrasesHaveNoLatinLetters) {
    auto pos = rules::Position::fromFen("r3k2r/pPpp1ppp/8/3Pp3/8/8/P1P1PPPP/R3K2R w KQkq e6 0 1");
    ASSERT_TRUE(pos);
    for (rules::Move m : pos->legalMoves()) {
        for (bool phonetic : {false, true}) {
            const std::string text = movePhrase(*pos, m, {Language::Fa, phonetic});
            SCOPED_TRACE(rules::toUci(m) + " " + text);
            EXPECT_EQ(text.find_first_of("abcdefghABCDEFGH0123456789"), std::string::npos);
        }
    }
}

TEST(Phrases, SpeechLanguagesAndTheEventsChoice) {
    EXPECT_EQ(parseSpeechLanguage("fa"), Language::Fa);
    EXPECT_FALSE(parseSpeechLanguage("xx"));
    EXPECT_EQ(speechLanguageList(), "en pl de fr es nl ru fa");
    EXPECT_EQ(notationOf(Language::Fa), rules::Language::Fa);  // which reads and writes English SAN
    EXPECT_EQ(speechLanguageOf(rules::Language::Fa), Language::Fa);
    EXPECT_EQ(notationOf(Language::Pl), rules::Language::Pl);
    EXPECT_EQ(eventSpeechLanguage("en", "fa"), Language::Fa);
    // Issue 26 item 5: `language: fa` speaks Persian whatever the screens' language, as pl speaks Polish.
    EXPECT_EQ(eventSpeechLanguage("fa", ""), Language::Fa);
    EXPECT_EQ(eventSpeechLanguage("fa", "en"), Language::Fa);
    EXPECT_EQ(eventSpeechLanguage("pl", ""), Language::Pl);
    EXPECT_EQ(eventSpeechLanguage("pl", "en"), Language::Pl);  // the notation's words, as before
    EXPECT_EQ(eventSpeechLanguage("xx", ""), Language::En);
}

TEST(Phrases, EveryLanguageHasEveryEventAndAVoice) {
    for (auto lang : {Language::En, Language::Pl, Language::De, Language::Fr, Language::Es, Language::Nl,
                      Language::Ru, Language::Fa}) {
        SCOPED_TRACE(std::string(speechLanguageCode(lang)));
        for (auto e : {Event::DrawOffer, Event::DrawClaim, Event::FlagReported, Event::ClocksPaused,
                       Event::ClocksResumed})
            EXPECT_FALSE(eventPhrase(e, Color::White, lang).empty());
        EXPECT_FALSE(resultPhrase("1/2-1/2", lang).empty());
        EXPECT_EQ(voiceName(lang), speechLanguageCode(lang));
    }
}

}  // namespace
}  // namespace oc::speech
