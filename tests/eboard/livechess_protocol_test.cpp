// The DGT LiveChess codec (issue 38 part 2): the calls as LiveChess expects them, its answers written
// out by hand from the API's description (the board list, the subscribe answer, feed updates with fields
// omitted when unchanged, a null clock, errors), every bad shape a value with a message, the placement
// and the clock as the tracker reads them, and the fake server's side read back by the console's.
#include "eboard/livechess_protocol.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace oc::eboard::livechess {
namespace {

using json = nlohmann::json;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

TEST(LiveChessCalls, EboardsAndSubscribeHaveTheDocumentedShape) {
    EXPECT_EQ(json::parse(eboardsCall(1)), json::parse(R"({"id":1,"call":"eboards"})"));
    EXPECT_EQ(json::parse(subscribeCall(2, 7, "7425")), json::parse(R"({"id":2,"call":"subscribe",
                 "param":{"feed":"eboardevent","id":7,"param":{"serialnr":"7425"}}})"));
}

TEST(LiveChessAnswers, BoardListWithBoardsAndClocks) {
    const Answer a = parseAnswer(R"({"response":"call","id":1,"time":1700000000000,"param":[
        {"serialnr":"7425","source":"COM3","state":"ACTIVE","battery":null,"comment":null,
         "board":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR","flipped":false,
         "clock":{"white":5676,"black":7190,"run":true,"time":1700000000000}},
        {"serialnr":"12001","state":"INACTIVE","board":null,"clock":null}]})");
    const auto* list = std::get_if<BoardList>(&a);
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->id, 1);
    ASSERT_EQ(list->boards.size(), 2U);
    const BoardInfo& b = list->boards[0];
    EXPECT_EQ(b.serialnr, "7425");
    EXPECT_EQ(b.state, "ACTIVE");
    EXPECT_EQ(b.source, "COM3");
    EXPECT_EQ(b.board, kStart);
    EXPECT_EQ(b.flipped, false);
    ASSERT_TRUE(b.clock);
    EXPECT_EQ(b.clock->white, Ms{5676000});
    EXPECT_EQ(b.clock->black, Ms{7190000});
    EXPECT_EQ(b.clock->run, true);
    EXPECT_EQ(b.clock->time, 1700000000000);
    EXPECT_EQ(list->boards[1].board, "");
    EXPECT_FALSE(list->boards[1].clock);
}

TEST(LiveChessAnswers, SubscribeAnswerIsACallAnswer) {
    const Answer a = parseAnswer(R"({"response":"call","id":2,"param":null,"time":5})");
    ASSERT_TRUE(std::holds_alternative<CallAnswer>(a));
    EXPECT_EQ(std::get<CallAnswer>(a).id, 2);
}

TEST(LiveChessAnswers, ErrorCarriesItsMessage) {
    const Answer a = parseAnswer(R"({"response":"error","id":2,"param":{"message":"Unknown board 9"}})");
    const auto* e = std::get_if<ErrorAnswer>(&a);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->id, 2);
    EXPECT_EQ(e->message, "Unknown board 9");
    const Answer bare = parseAnswer(R"({"response":"error"})");
    EXPECT_EQ(std::get<ErrorAnswer>(bare).message, "LiveChess gave no reason");
}

TEST(LiveChessFeed, FullUpdateReadsEveryField) {
    const Answer a = parseAnswer(R"({"response":"feed","id":7,"time":9,"param":{"serialnr":"7425",
        "flipped":false,"board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "clock":{"white":5676,"black":7190,"run":true,"time":8},
        "start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","san":["e4"],"match":true}})");
    const auto* u = std::get_if<FeedUpdate>(&a);
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->feed_id, 7);
    EXPECT_EQ(u->serialnr, "7425");
    EXPECT_EQ(u->flipped, false);
    EXPECT_EQ(u->board, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_TRUE(u->clock && *u->clock);
    EXPECT_EQ((*u->clock)->white, Ms{5676000});
    EXPECT_EQ(u->san, std::vector<std::string>{"e4"});
    EXPECT_EQ(u->match, true);
    ASSERT_TRUE(u->start);
}

TEST(LiveChessFeed, OmittedFieldsAreAbsentAndANullClockIsPresent) {
    const Answer a = parseAnswer(R"({"response":"feed","id":7,"param":{"serialnr":"7425","clock":null}})");
    const auto* u = std::get_if<FeedUpdate>(&a);
    ASSERT_NE(u, nullptr);
    EXPECT_FALSE(u->board);
    EXPECT_FALSE(u->flipped);
    EXPECT_FALSE(u->san);
    ASSERT_TRUE(u->clock);
    EXPECT_FALSE(*u->clock);  // the clock is gone, not unchanged
}

TEST(LiveChessFeed, FractionalSecondsAndUnknownRun) {
    const Answer a = parseAnswer(
        R"({"response":"feed","id":7,"param":{"serialnr":"1","clock":{"white":1.5,"black":0,"run":null}}})");
    const auto& c = *std::get<FeedUpdate>(a).clock;
    ASSERT_TRUE(c);
    EXPECT_EQ(c->white, Ms{1500});
    EXPECT_EQ(c->black, Ms{0});
    EXPECT_FALSE(c->run);
    EXPECT_FALSE(c->time);
}

// Each one a value with a message saying what was wrong; none throws.
TEST(LiveChessAnswers, BadTextAndShapesAreMalformedWithAReason) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"not json {", "not JSON"},
        {"[1,2]", "not a JSON object"},
        {R"({"response":"call"})", "\"id\""},
        {R"({"response":"call","id":"1"})", "\"id\""},
        {R"({"response":"gossip","id":1})", "\"gossip\""},
        {R"({"response":7,"id":1})", "\"response\" is not a string"},
        {R"({"response":"call","id":1,"param":[{"state":"ACTIVE"}]})", "serialnr"},
        {R"({"response":"call","id":1,"param":[3]})", "not an object"},
        {R"({"response":"feed","id":7})", "no \"param\""},
        {R"({"response":"feed","id":7,"param":[]})", "not an object"},
        {R"({"response":"feed","id":7,"param":{"board":5}})", "\"board\""},
        {R"({"response":"feed","id":7,"param":{"flipped":"no"}})", "\"flipped\""},
        {R"({"response":"feed","id":7,"param":{"clock":{"white":"5","black":1}}})", "\"white\""},
        {R"({"response":"feed","id":7,"param":{"clock":{"white":-5,"black":1}}})", "\"white\""},
        {R"({"response":"feed","id":7,"param":{"clock":3}})", "\"clock\""},
        {R"({"response":"feed","id":7,"param":{"san":"e4"}})", "\"san\""},
        {R"({"response":"feed","id":7,"param":{"san":[1]}})", "\"san\""},
        {R"({"response":"feed","id":7,"param":{"clock":{"white":1,"black":1,"run":"yes"}}})", "\"run\""},
    };
    for (const auto& [text, reason] : cases) {
        const Answer a = parseAnswer(text);
        const auto* m = std::get_if<Malformed>(&a);
        ASSERT_NE(m, nullptr) << text;
        EXPECT_NE(m->message.find(reason), std::string::npos) << text << " -> " << m->message;
    }
}

TEST(LiveChessAnswers, EveryPrefixOfAMessageIsAValue) {
    const std::string text = R"({"response":"feed","id":7,"param":{"serialnr":"7425","flipped":false,)"
                             R"("clock":{"white":1,"black":2,"run":true},"san":["e4","e5"]}})";
    for (std::size_t n = 0; n < text.size(); ++n)
        EXPECT_TRUE(std::holds_alternative<Malformed>(parseAnswer(text.substr(0, n)))) << n;
}

TEST(LiveChessServerSide, TheConsoleReadsWhatTheFakeWrites) {
    BoardInfo b{"7425", "ACTIVE", "fake", "", 90, kStart, false, ClockState{Ms{60000}, Ms{59000}, true, 3}};
    const Answer list = parseAnswer(boardListAnswer(1, {b}, 10));
    ASSERT_TRUE(std::holds_alternative<BoardList>(list));
    EXPECT_EQ(std::get<BoardList>(list).boards.at(0), b);
    EXPECT_EQ(std::get<CallAnswer>(parseAnswer(callAnswer(4, 10))).id, 4);
    EXPECT_EQ(std::get<ErrorAnswer>(parseAnswer(errorAnswer(5, "no such board"))).message, "no such board");
    FeedUpdate u{7,
                 "7425",
                 true,
                 std::string(kStart),
                 std::optional<ClockState>(),
                 std::nullopt,
                 std::vector<std::string>{},
                 false};
    EXPECT_EQ(std::get<FeedUpdate>(parseAnswer(feedMessage(u, 11))), u);
}

TEST(LiveChessServerSide, CallsAreReadBack) {
    auto sub = parseCall(subscribeCall(2, 7, "7425"));
    ASSERT_TRUE(sub) << sub.error();
    EXPECT_EQ(sub->id, 2);
    EXPECT_EQ(sub->name, "subscribe");
    EXPECT_EQ(sub->feed, "eboardevent");
    EXPECT_EQ(sub->feed_id, 7);
    EXPECT_EQ(sub->serialnr, "7425");
    auto list = parseCall(eboardsCall(1));
    ASSERT_TRUE(list);
    EXPECT_EQ(list->name, "eboards");
    EXPECT_FALSE(parseCall("nope"));
    EXPECT_FALSE(parseCall(R"({"call":"eboards"})"));
    EXPECT_FALSE(parseCall(R"({"id":1})"));
}

TEST(LiveChessServerSide, ChangesOmitWhatStayedTheSame) {
    FeedUpdate first{7,
                     "7425",
                     false,
                     std::string(kStart),
                     std::optional<ClockState>(ClockState{Ms{1000}, Ms{2000}, std::nullopt, std::nullopt}),
                     std::string(kStart),
                     std::vector<std::string>{},
                     true};
    EXPECT_EQ(changes(std::nullopt, first), first);
    FeedUpdate second = first;
    second.board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    const FeedUpdate d = changes(first, second);
    EXPECT_EQ(d.board, second.board);
    EXPECT_FALSE(d.clock);
    EXPECT_FALSE(d.flipped);
    EXPECT_FALSE(d.start);
    EXPECT_FALSE(d.match);
    second.clock = std::optional<ClockState>();
    EXPECT_TRUE(changes(first, second).clock);  // the clock unplugged: a null clock goes out
}

TEST(LiveChessTracker, PlacementAndClockAsTheTrackerReadsThem) {
    auto p = placementOfFen(kStart);
    ASSERT_TRUE(p);
    EXPECT_EQ(*p, placementOf(rules::Position::startpos()));
    auto wrong = placementOfFen("rnbqkbnr/ppp");
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().find("not a FEN placement"), std::string::npos);
    const ClockState c{Ms{5000}, Ms{7000}, true, std::nullopt};
    const ClockFace left = clockFaceOf(c, Hand::Left);
    EXPECT_EQ(left.left, Ms{5000});
    EXPECT_EQ(left.right, Ms{7000});
    EXPECT_TRUE(left.running);
    EXPECT_FALSE(left.to_move);
    const ClockFace right = clockFaceOf(c, Hand::Right);
    EXPECT_EQ(right.left, Ms{7000});
    EXPECT_EQ(right.right, Ms{5000});
}

// The tracker proposes the human's move from LiveChess's placements and reports the clock, no lever.
TEST(LiveChessTracker, PlacementsProposeAMoveAndTheClockIsRead) {
    Tracker t;
    const TimePoint t0{};
    rules::Game game;
    t.expect(game, Watch::Human, std::nullopt, t0);
    t.picture(*placementOfFen(kStart), t0);
    t.clock(clockFaceOf(ClockState{Ms{60000}, Ms{60000}, true, std::nullopt}, Hand::Left), t0);
    t.picture(*placementOfFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"), t0 + Ms{10});
    t.clock(clockFaceOf(ClockState{Ms{59000}, Ms{60000}, true, std::nullopt}, Hand::Left), t0 + Ms{20});
    bool proposed = false;
    int readings = 0;
    for (const Event& e : t.poll(t0 + Ms{1000})) {
        if (const auto* p = std::get_if<ev::Proposed>(&e.what)) proposed = rules::toUci(p->move) == "e2e4";
        readings += std::holds_alternative<ev::ClockReading>(e.what) ? 1 : 0;
        EXPECT_FALSE(std::holds_alternative<ev::LeverPressed>(e.what));
    }
    EXPECT_TRUE(proposed);
    EXPECT_EQ(readings, 2);
}

}  // namespace
}  // namespace oc::eboard::livechess
