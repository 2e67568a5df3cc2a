// The core's English messages on a Polish screen (issue 12): rules, clock and the session write English
// (the journal keeps it), marked with N_, and translateMessage turns them into Polish with the real
// catalogue the build compiled (assets/locale/pl/core.po).
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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
    // The class is a word of the language too (issue 36: "standard" was left in English).
    EXPECT_NE(polish.find("Klasyfikacja według E2023: klasyczne"), std::string::npos) << polish;
    for (const char* word :
         {"Period", "increment", "Recording", "Classification", "Time control", "standard"})
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

namespace oc::i18n {
namespace {

// Issue 22, item 10: the messages the trial met on a Polish screen, each as the core writes it.
TEST_F(CorePolish, AnOccupiedSquareKeepsItsWordOrder) {
    const std::string english = moveError("4k3/8/8/8/8/8/3P4/4K1N1 w - - 0 1", "Nd2");
    EXPECT_EQ(english, "illegal move 'Nd2': d2 is occupied by a piece of the side to move");
    EXPECT_EQ(translateMessage(english),
              "nieprawidłowe posunięcie 'Nd2': pole d2 zajmuje bierka strony na posunięciu");
}

TEST_F(CorePolish, AnAmbiguousMoveSaysOrInPolish) {
    auto pos = rules::Position::fromFen("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1");
    ASSERT_TRUE(pos);
    auto m = rules::parseMoveText(*pos, "Sf3", rules::Language::Pl);
    ASSERT_FALSE(m);
    EXPECT_EQ(translateMessage(m.error().message), "niejednoznaczne posunięcie 'Sf3': Sef3 lub Sgf3");
}

TEST_F(CorePolish, ThreeCandidatesAreListedWithOneOr) {
    auto pos = rules::Position::fromFen("4k3/8/8/8/3N4/8/8/4NKN1 w - - 0 1");
    ASSERT_TRUE(pos);
    auto m = rules::parseMoveText(*pos, "Sf3", rules::Language::Pl);
    ASSERT_FALSE(m);
    EXPECT_EQ(translateMessage(m.error().message), "niejednoznaczne posunięcie 'Sf3': Sef3, Sgf3 lub Sdf3");
}

// The "or" of the ambiguity is in its message's own pattern: the "or" of an outside text read back through
// the catalogue stays (the trial's sound device: "No such file lub directory").
TEST_F(CorePolish, AnOutsideTextKeepsItsOr) {
    EXPECT_EQ(
        translateMessage("no sound device could be opened: ALSA: Couldn't open audio device: No such file "
                         "or directory"),
        "nie udało się otworzyć urządzenia dźwiękowego: ALSA: Couldn't open audio device: No such file or "
        "directory");
}

TEST_F(CorePolish, AnExtraFileLetterIsNamedAsTheMistake) {
    auto pos = rules::Position::fromFen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    ASSERT_TRUE(pos);
    auto m = rules::parseMoveText(*pos, "Gcc4", rules::Language::Pl);
    ASSERT_FALSE(m);
    const std::string polish = translateMessage(m.error().message);
    EXPECT_NE(polish.find("kolumnie c"), std::string::npos) << polish;
    EXPECT_EQ(polish.find("bishop"), std::string::npos) << polish;
}

TEST_F(CorePolish, TerminationsAndTheEnvelopesRefusalArePolish) {
    EXPECT_EQ(translateMessage("resignation"), "poddanie partii");
    EXPECT_EQ(translateMessage("draw by agreement"), "remis za zgodą");
    EXPECT_EQ(translateMessage("time forfeit"), "przekroczenie czasu");
    const std::string refusal = translateMessage(
        "the passphrase does not open this envelope; check the arbiter's passphrase as written: capitals, "
        "spaces, and letters with diacritics (ł or l, ą or a)");
    EXPECT_NE(refusal.find("ł"), std::string::npos) << refusal;
    EXPECT_EQ(refusal.find("passphrase"), std::string::npos) << refusal;
}

// A catalogue entry: the English msgid and its Polish msgstr (plural and context entries are skipped).
struct Entry {
    std::string msgid, msgstr;
};

// The quoted text of a .po line ("...") with its escapes read.
std::string poText(const std::string& line) {
    const std::size_t a = line.find('"'), b = line.rfind('"');
    std::string out;
    for (std::size_t i = a + 1; i < b; ++i) {
        if (line[i] == '\\' && i + 1 < b) {
            const char c = line[++i];
            out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
        } else {
            out += line[i];
        }
    }
    return out;
}

std::vector<Entry> readPo(const std::string& path) {
    std::ifstream in(path);
    std::vector<Entry> out;
    std::string line, *into = nullptr;
    Entry e;
    bool skip = false;
    auto flush = [&] {
        if (!skip && !e.msgid.empty()) out.push_back(e);
        e = {};
        skip = false;
        into = nullptr;
    };
    while (std::getline(in, line)) {
        if (line.rfind("msgctxt", 0) == 0 || line.rfind("msgid_plural", 0) == 0) skip = true;
        if (line.rfind("msgid ", 0) == 0)
            into = &e.msgid, *into = poText(line);
        else if (line.rfind("msgstr ", 0) == 0)
            into = &e.msgstr, *into = poText(line);
        else if (line.rfind("\"", 0) == 0 && into)
            *into += poText(line);
        else if (line.empty())
            flush();
    }
    flush();
    return out;
}

// English words that never belong in a Polish sentence (names, units and UCI words are allowed).
bool englishWord(const std::string& w) {
    static const std::set<std::string> kWords = {
        "the",    "and",     "or",      "is",      "are",      "was",        "not",
        "of",     "with",    "from",    "for",     "at",       "move",       "moves",
        "clock",  "draw",    "offer",   "white",   "black",    "human",      "computer",
        "engine", "game",    "seal",    "sealed",  "envelope", "passphrase", "resignation",
        "check",  "reading", "press",   "pressed", "claim",    "time",       "forfeit",
        "record", "records", "journal", "cannot",  "can"};  // not "to", "on", "no": Polish too
    std::string lower;
    for (char c : w) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return kWords.count(lower) > 0;
}

// Whether a token (split at spaces, its outer punctuation gone) is code rather than prose: an option,
// a setting's key, a command, a placeholder, a JSON key (--journal, engine.ponder=true, <move>, a|b).
bool codeToken(const std::string& t) {
    return t.find_first_of("_.=|-<>/:{}#") != std::string::npos;
}

// The English words left in `text`: words of prose only, never code, quoted UCI text ("move now") or a
// command in parentheses ("(arbiter forfeit confirm)").
std::vector<std::string> englishLeft(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream words(text);
    std::string token;
    bool quoted = false, command = false;
    while (words >> token) {
        const std::size_t q = token.find('"');
        const bool opens_quote = !quoted && q <= 1, opens_command = token.rfind("(arbiter", 0) == 0;
        quoted = quoted || opens_quote;
        command = command || opens_command;
        const std::size_t a = token.find_first_not_of("(\"',;'"), b = token.find_last_not_of(")\"',;.'");
        const std::string core = a == std::string::npos || b < a ? "" : token.substr(a, b - a + 1);
        if (!quoted && !command && !codeToken(core) && englishWord(core)) out.push_back(core);
        if (token.find('"', opens_quote ? q + 1 : 0) != std::string::npos) quoted = false;
        if (token.find(')') != std::string::npos) command = false;
    }
    return out;
}

// A setting's or a command's own message ("speech: expected off, computer or all"): its words are
// the setup's keys and values, English in every language; so are the fake board's script verbs
// ("lift e2, place e4, press, ... clock 1:29:58 1:30:00").
bool aboutASetting(const std::string& msgid) {
    if (msgid.find("lift e2") != std::string::npos || msgid.find("'clock'") != std::string::npos ||
        msgid.find("'press'") != std::string::npos)
        return true;
    const std::size_t colon = msgid.find(": ");
    return colon != std::string::npos && msgid.find(' ') > colon &&
           (msgid.find_first_of("_.=") < colon || msgid.compare(colon, 11, ": expected ") == 0);
}

// Fills every {} of an English pattern with a sample argument that carries no English word.
std::string sampleOf(const std::string& msgid) {
    std::string out;
    for (std::size_t i = 0; i < msgid.size(); ++i) {
        if (msgid[i] == '{' && i + 1 < msgid.size() && msgid[i + 1] == '{')
            out += '{', ++i;
        else if (msgid[i] == '}' && i + 1 < msgid.size() && msgid[i + 1] == '}')
            out += '}', ++i;
        else if (msgid[i] == '{')
            out += "e4", i = msgid.find('}', i);
        else
            out += msgid[i];
    }
    return out;
}

// Every message of the core (what rules, clock, event, seal and the session write in English and the
// screens read back), formed with sample arguments and read back on a Polish screen: no English word may
// be left in any of them. A message the read-back takes apart wrongly, or one missing from the
// catalogue, shows here.
TEST_F(CorePolish, EveryCoreMessageRendersWithoutEnglishWords) {
    const auto entries = readPo(std::string(OC_LOCALE_SOURCE_DIR) + "/pl/core.po");
    ASSERT_GT(entries.size(), 200u);
    int checked = 0;
    for (const Entry& e : entries) {
        if (aboutASetting(e.msgid) || englishLeft(e.msgstr).size() > 0) continue;  // checked below
        const std::string english = sampleOf(e.msgid);
        const std::string polish = translateMessage(english);
        const auto left = englishLeft(polish);
        EXPECT_TRUE(left.empty()) << "\"" << english << "\" reads \"" << polish << "\" on a Polish screen";
        ++checked;
    }
    EXPECT_GT(checked, 200);
}

// The translations themselves: English words left in a Polish msgstr, in every part's catalogue.
TEST(PolishCatalogues, NoTranslationKeepsEnglishWords) {
    for (const char* part : {"core", "ui", "panes", "print", "cli", "audit"}) {
        for (const Entry& e : readPo(std::string(OC_LOCALE_SOURCE_DIR) + "/pl/" + part + ".po")) {
            if (aboutASetting(e.msgid)) continue;
            const auto left = englishLeft(e.msgstr);
            EXPECT_TRUE(left.empty()) << part << ".po: \"" << e.msgid << "\" -> \"" << e.msgstr << "\" keeps "
                                      << ::testing::PrintToString(left);
        }
    }
}

}  // namespace
}  // namespace oc::i18n
