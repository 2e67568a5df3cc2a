// The core's English messages on a Polish screen (issue 12): rules, clock and the session write English
// (the journal keeps it), marked with N_, and translateMessage turns them into Polish with the real
// catalogue the build compiled (assets/locale/pl/core.po).
#include <gtest/gtest.h>

#include "clock/budget.hpp"
#include "clock/tc_format.hpp"
#include "event/event_setup.hpp"
#include "i18n/tr.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace oc::i18n {
namespace {

class CorePolish : public ::testing::Test {
  protected:
    void SetUp() override {
        auto set = setUiLanguage(UiLanguage::Pl);
        ASSERT_TRUE(set) << set.error();
    }
    void TearDown() override { ASSERT_TRUE(setUiLanguage(UiLanguage::En)); }

    static std::string moveError(const char* fen, const char* text) {
        auto pos = rules::Position::fromFen(fen);
        EXPECT_TRUE(pos);
        auto m = rules::parseMoveText(*pos, text, rules::Language::En);
        EXPECT_FALSE(m) << text;
        return m ? std::string() : m.error().message;
    }
};

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST_F(CorePolish, AnIllegalMoveIsExplainedInPolish) {
    const std::string english = moveError(kStart, "Nd4");
    EXPECT_EQ(english, "illegal move 'Nd4': no knight can reach d4") << "the journal's words stay English";
    EXPECT_EQ(translateMessage(english),
              "nieprawidłowe posunięcie 'Nd4': żadna bierka (skoczek) nie może dojść na d4");
}

TEST_F(CorePolish, TheCastlingReasonAndTheUnreadableMoveToo) {
    EXPECT_EQ(translateMessage(moveError(kStart, "O-O")),
              "nieprawidłowe posunięcie 'O-O': między królem a wieżą stoi bierka (art. 3.8.2.2)");
    const std::string unreadable = translateMessage(moveError(kStart, "Xz9"));
    EXPECT_EQ(unreadable.rfind("nie można odczytać 'Xz9'", 0), 0u) << unreadable;
}

TEST_F(CorePolish, ATimeControlErrorNamesTheCharacterInPolish) {
    auto tc = clock::parseTimeControl("90x");
    ASSERT_FALSE(tc);
    const std::string english = tc.error().message();
    EXPECT_EQ(english.rfind("at character", 0), 0u) << english;
    const std::string polish = translateMessage("time_control: " + english);
    EXPECT_EQ(polish.rfind("time_control: znak ", 0), 0u) << polish;
    EXPECT_NE(polish.find("oczekiwano"), std::string::npos) << polish;
}

TEST_F(CorePolish, ASetupErrorIsPolishAndKeepsTheKeyName) {
    event::EventSetup setup;
    setup.engine.command = "/usr/games/stockfish";
    setup.handling_reserve_s = 900;
    auto ok = event::validate(setup);
    ASSERT_FALSE(ok);
    EXPECT_EQ(translateMessage(ok.error()), "handling_reserve_s: oczekiwano sekund od 0 do 600");
}

TEST_F(CorePolish, ATimeControlIsDescribedInPolishLineByLine) {
    auto tc = clock::parseTimeControl("40/90m+30s, 30m+30s");
    ASSERT_TRUE(tc);
    const std::string english = clock::describe(*tc, rules::Edition::E2023, {});
    std::string polish;
    for (std::size_t from = 0; from < english.size();) {
        const std::size_t to = english.find('\n', from);
        polish += translateMessage(english.substr(from, to - from)) + "\n";
        from = to + 1;
    }
    EXPECT_NE(polish.find("Okres 2 (od posunięcia 41): reszta partii w 30m; dodatek Fischera 30s po każdym "
                          "posunięciu; czas zaoszczędzony"),
              std::string::npos)
        << polish;
    EXPECT_NE(polish.find("Klasyfikacja według E2023: standard"), std::string::npos) << polish;
    for (const char* word : {"Period", "increment", "Recording", "Classification", "Time control"})
        EXPECT_EQ(polish.find(word), std::string::npos) << word << " left in\n" << polish;
}

TEST_F(CorePolish, TheHandlingCheckOfATimeControlIsPolish) {
    auto tc = clock::parseTimeControl("3m");
    ASSERT_TRUE(tc);
    const std::string english = clock::checkFeasibility(*tc, std::chrono::seconds(5)).message;
    std::string polish;
    for (std::size_t from = 0; from < english.size();) {
        const std::size_t to = english.find('\n', from);
        polish += translateMessage(english.substr(from, to - from)) + "\n";
        from = to + 1;
    }
    EXPECT_EQ(
        polish.rfind("nie do rozegrania z tym operatorem przy rezerwie na obsługę 5s na posunięcie:", 0), 0u)
        << polish;
    EXPECT_NE(polish.find("komputer przegrałby na czas"), std::string::npos) << polish;
    EXPECT_EQ(polish.find("handling"), std::string::npos) << polish;
}

// A number the message writes as a float ({:.1f}) takes the Polish decimal comma; a number inside a
// plain {} (an article of the Laws) keeps its point.
TEST_F(CorePolish, FloatArgumentsTakeTheDecimalComma) {
    EXPECT_EQ(translateMessage("handling median 2.5 s, max 10.0 s"),
              "obsługa: mediana 2,5 s, maksimum 10,0 s");
    const std::string claim = translateMessage("White claims a draw (threefold): incorrect - see Art. 9.2");
    EXPECT_NE(claim.find("see Art. 9.2"), std::string::npos) << claim;
    EXPECT_EQ(claim.find("White claims"), std::string::npos) << claim;
}

TEST(CoreEnglish, MessagesAreUnchangedInEnglish) {
    ASSERT_TRUE(setUiLanguage(UiLanguage::En));
    EXPECT_EQ(translateMessage("illegal move 'Nd4': no knight can reach d4"),
              "illegal move 'Nd4': no knight can reach d4");
    EXPECT_EQ(translateMessage("handling median 2.5 s, max 10.0 s"), "handling median 2.5 s, max 10.0 s");
}

}  // namespace
}  // namespace oc::i18n
