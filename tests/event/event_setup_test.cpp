#include "event/event_setup.hpp"

#include <gtest/gtest.h>

namespace oc::event {
namespace {

EventSetup sample() {
    EventSetup s;
    s.white = "Kasparov";
    s.black = "Engine";
    s.engine.command = "/usr/games/stockfish";
    s.engine.options = {{"Hash", "64"}, {"Threads", "1"}};
    return s;
}

// Each setup (with an engine, so that only its own fault is refused) is refused with a message that
// starts with the one given.
template <std::size_t N>
void expectRefusals(const std::pair<nlohmann::json, std::string> (&bad)[N]) {
    for (const auto& [json, message] : bad) {
        auto in = json;
        in["engine"] = {{"command", "sf"}};
        auto r = eventSetupFromJson(in);
        ASSERT_FALSE(r) << json.dump();
        EXPECT_EQ(r.error().substr(0, message.size()), message) << r.error();
    }
}

TEST(EventSetup, JsonRoundTripKeepsEveryField) {
    EventSetup s = sample();
    s.edition = rules::Edition::E2005;
    s.language = "pl";
    s.policy.resign_below_cp = -700;
    s.consultant = {"Dr. X", true};
    auto back = eventSetupFromJson(toJson(s));
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(setupDifferences(s, *back).empty());
    EXPECT_EQ(toJson(*back), toJson(s));
}

TEST(EventSetup, MissingKeysKeepDefaults) {
    auto s = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"white", "A"}});
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->white, "A");
    EXPECT_EQ(s->edition, rules::Edition::E2023);
    EXPECT_EQ(s->policy.offer_rate_limit, 10);
}

TEST(EventSetup, UnknownKeyIsNamed) {
    auto s = eventSetupFromJson({{"engine", {{"command", "sf"}, {"hash", 3}}}});
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), "engine.hash: unknown setting");
}

TEST(EventSetup, WrongTypeAndBadValuesSayWhatIsRight) {
    auto t = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"edition", "2023"}});
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error(), "edition: expected a number, got string");
    auto e = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"edition", 2010}});
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error(), "edition: expected 2005 or 2023, got 2010");
    auto l = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"language", "it"}});
    ASSERT_FALSE(l);
    EXPECT_NE(l.error().find("language"), std::string::npos);
    auto c = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"computer_side", "red"}});
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().find("computer_side"), std::string::npos);
    auto o = eventSetupFromJson({{"engine", {{"command", "sf"}, {"options", {{"Hash", {1, 2}}}}}}});
    ASSERT_FALSE(o);
    EXPECT_EQ(o.error(),
              "engine.options.Hash: option values are strings (\"Hash\": \"256\"), numbers or true/false");
}

// Issue 22, item 9: "Hash": 16 written by hand is UCI's text "16", as "Ponder": false is "false".
TEST(EventSetup, EngineOptionNumbersAndBooleansAreTheirText) {
    auto s = eventSetupFromJson(
        {{"engine",
          {{"command", "sf"}, {"options", {{"Hash", 16}, {"UCI_Elo", 1500.5}, {"Ponder", false}}}}}});
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->engine.options.at("Hash"), "16");
    EXPECT_EQ(s->engine.options.at("UCI_Elo"), "1500.5");
    EXPECT_EQ(s->engine.options.at("Ponder"), "false");
    auto none = eventSetupFromJson({{"engine", {{"command", "sf"}}}});
    ASSERT_TRUE(none) << none.error();
    EXPECT_TRUE(none->engine.options.empty());
}

// Issue 26 item 5: a Persian event's notation is `fa` (English SAN); a language there is none of is
// refused with the whole list, fa in it, and nothing is set.
TEST(EventSetup, PersianNotationAcceptedAndTheListNamesIt) {
    auto fa = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"language", "fa"}});
    ASSERT_TRUE(fa) << fa.error();
    EXPECT_EQ(fa->language, "fa");
    EXPECT_TRUE(fa->ui_language.empty()) << "the screens follow the notation (i18n::defaultUiLanguage)";
    auto both =
        eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"language", "fa"}, {"ui_language", "en"}});
    ASSERT_TRUE(both) << both.error();
    for (const char* bad : {"ir", "FA", "per", ""}) {
        auto l = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"language", bad}});
        ASSERT_FALSE(l) << bad;
        EXPECT_EQ(l.error(),
                  std::string("language: expected one of en pl de fr es nl ru fa, got \"") + bad + "\"");
    }
}

TEST(EventSetup, EngineCommandRequired) {
    auto s = eventSetupFromJson(nlohmann::json::object());
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().find("engine.command"), std::string::npos);
}

// The setup accepts pondering; whether the engine can (UCI option Ponder) is checked at the start.
TEST(EventSetup, PonderingIsASetting) {
    auto s = eventSetupFromJson({{"engine", {{"command", "sf"}, {"ponder", true}}}});
    ASSERT_TRUE(s) << s.error();
    EXPECT_TRUE(s->engine.ponder);
    auto bad = eventSetupFromJson({{"engine", {{"command", "sf"}, {"ponder", "yes"}}}});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("engine.ponder"), std::string::npos) << bad.error();
}

// CLK-08: the event's default time, if set (the edition's rule applies otherwise, in clock/rulings).
TEST(EventSetup, DefaultTimeIsValidatedAndUnsetByDefault) {
    EXPECT_EQ(specifiedDefaultTime(sample()), std::nullopt);
    auto bad = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"default_time_min", -5}});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("default_time_min: expected minutes between 0 and 1440"), std::string::npos);
    auto ok = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"default_time_min", 15}});
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(specifiedDefaultTime(*ok), std::optional(std::chrono::milliseconds(15 * 60000)));
    auto zero = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"default_time_min", 0}});
    ASSERT_TRUE(zero) << zero.error();
    EXPECT_EQ(specifiedDefaultTime(*zero), std::optional(std::chrono::milliseconds(0)));
}

// Optional FIDE data for the scoresheet and the PGN: kept when valid, refused with what would be right.
TEST(EventSetup, FideIdsAndRatingsAreOptionalAndValidated) {
    auto s = eventSetupFromJson({{"engine", {{"command", "sf"}}},
                                 {"white_fide_id", "1503014"},
                                 {"white_rating", 2450},
                                 {"black_fide_id", 25059530},  // a JSON number is read as its digits
                                 {"operator_name", "Jan Nowak"}});
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->white_fide_id, "1503014");
    EXPECT_EQ(s->white_rating, 2450);
    EXPECT_EQ(s->black_fide_id, "25059530");
    EXPECT_EQ(s->black_rating, 0);
    EXPECT_EQ(s->operator_name, "Jan Nowak");
    auto back = eventSetupFromJson(toJson(*s));
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(setupDifferences(*s, *back).empty());
    EXPECT_EQ(eventSetupFromJson({{"engine", {{"command", "sf"}}}})->white_fide_id, "") << "none by default";

    const std::pair<nlohmann::json, std::string> bad[] = {
        {{{"white_fide_id", "15O3014"}},
         "white_fide_id: \"15O3014\" is not a FIDE ID; give the player's FIDE ID as digits, e.g. "
         "\"1503014\", "
         "or leave it empty"},
        {{{"black_fide_id", "0123"}}, "black_fide_id: \"0123\" is not a FIDE ID"},
        {{{"black_rating", 4000}},
         "black_rating: 4000 is not a FIDE rating; give a rating from 1000 to 3000, or 0 for none"},
        {{{"white_rating", 999}}, "white_rating: 999 is not a FIDE rating"},
        {{{"white_rating", 2450.5}}, "white_rating: 2450.5 is not a whole number"},
        {{{"white_rating", "2450"}}, "white_rating: expected a number, got string"},
        {{{"black_fide_id", -5}}, "black_fide_id: expected a string, got number"},
    };
    expectRefusals(bad);
}

TEST(EventSetup, DifferencesNameThePath) {
    EventSetup a = sample(), b = sample();
    b.engine.options["Hash"] = "128";
    auto d = setupDifferences(a, b);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0], "engine.options.Hash: \"64\" -> \"128\"");
}

// Issue 27 (fuzz_event_setup found it): a number out of an int's range in an integer setting was cast with
// undefined behaviour; it is refused with the key named, as are fractions, which were cut without a word.
TEST(EventSetup, AnIntegerSettingOutOfRangeOrFractionalIsRefusedNotCast) {
    const std::pair<nlohmann::json, std::string> bad[] = {
        {{{"policy", {{"offer_rate_limit", 155555555555555555555550.0}}}},
         "policy.offer_rate_limit: expected a whole number from -2147483648 to 2147483647, got "
         "1.5555555555555555e+23"},
        {{{"policy", {{"offer_rate_limit", 3000000000LL}}}},
         "policy.offer_rate_limit: expected a whole number"},
        {{{"handling_safety_moves", 2.5}}, "handling_safety_moves: expected a whole number"},
        {{{"policy", {{"resign_below_cp", -3000000000LL}}}},
         "policy.resign_below_cp: expected a whole number"},
    };
    expectRefusals(bad);
    auto whole = eventSetupFromJson({{"engine", {{"command", "sf"}}}, {"handling_safety_moves", 3.0}});
    ASSERT_TRUE(whole) << whole.error();
    EXPECT_EQ(whole->handling_safety_moves, 3) << "a whole number written as 3.0 is still taken";
}

}  // namespace
}  // namespace oc::event

namespace oc::event {
namespace {

// Issue 38: the TRF's titles, federations and chief arbiter are written only when given, so a setup
// without them writes the JSON it wrote before (journals stay byte-identical).
TEST(EventSetup, TitlesFederationsAndArbiterAreWrittenOnlyWhenGiven) {
    const EventSetup plain = sample();
    for (const char* key :
         {"white_title", "black_title", "white_federation", "black_federation", "chief_arbiter"})
        EXPECT_FALSE(toJson(plain).contains(key)) << key;
    EventSetup s = sample();
    s.black_title = "WIM";
    s.black_federation = "POL";
    s.chief_arbiter = "IA Lewandowski, Piotr";
    const auto j = toJson(s);
    EXPECT_EQ(j.at("black_title"), "WIM");
    EXPECT_FALSE(j.contains("white_title"));
    auto back = eventSetupFromJson(j);
    ASSERT_TRUE(back) << back.error();
    EXPECT_TRUE(setupDifferences(s, *back).empty());
    EXPECT_EQ(
        setupDifferences(plain, s),
        (std::vector<std::string>{"black_federation: (none) -> \"POL\"", "black_title: (none) -> \"WIM\"",
                                  "chief_arbiter: (none) -> \"IA Lewandowski, Piotr\""}));
}

TEST(EventSetup, BadTitlesAndFederationsAreRefused) {
    const std::pair<nlohmann::json, std::string> bad[] = {
        {{{"white_title", "gm"}}, "white_title: \"gm\" is not a title"},
        {{{"black_title", "GRANDMASTER"}}, "black_title: \"GRANDMASTER\" is not a title"},
        {{{"white_federation", "PL"}}, "white_federation: \"PL\" is not a federation"},
        {{{"black_federation", 616}}, "black_federation: expected a string, got number"},
        {{{"chief_arbiter", "A\nB"}}, "chief_arbiter: a name on one line"},
    };
    expectRefusals(bad);
}

}  // namespace
}  // namespace oc::event
