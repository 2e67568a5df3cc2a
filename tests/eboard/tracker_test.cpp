// The board tracker on virtual time: scripted lift/place sequences for every hard case of issue 24, and
// every wrong computer move. Pieces in between never become a move.
#include "eboard/tracker.hpp"

#include <gtest/gtest.h>

#include "eboard/attachment.hpp"
#include "eboard/typed_move.hpp"

namespace oc::eboard {
namespace {

using namespace std::chrono_literals;
using rules::Color;
using rules::Move;
using rules::Position;
using rules::Square;

Square sq(std::string_view name) {
    return *rules::parseSquare(name);
}

Cell cell(char letter) {
    return parsePlacementFen(std::string(1, letter) + "7/8/8/8/8/8/8/8")->cells[56];
}

// A table with a board, a virtual clock and the tracker; `turned` puts Black's side by the cable.
struct Table {
    Tracker tracker;
    TimePoint now{};
    rules::Game game;
    Placement raw;  // what the board's sensors report
    bool board_turned = false;
    std::vector<Event> events;

    explicit Table(std::string_view fen = "", bool turned_board = false, TrackerSettings s = {})
        : tracker(s),
          game(fen.empty() ? Position::startpos() : *Position::fromFen(fen)),
          board_turned(turned_board) {
        const Placement p = placementOf(game.current());
        raw = board_turned ? turned(p) : p;
        tracker.picture(raw, now);
    }
    Square rawSquare(Square s) const { return board_turned ? rules::squareAt(63 - rules::index(s)) : s; }
    void lift(std::string_view s) { set(s, Cell::Empty); }
    void place(std::string_view s, char piece) { set(s, cell(piece)); }
    void set(std::string_view s, Cell c) {
        raw[rawSquare(sq(s))] = c;
        tracker.square(rawSquare(sq(s)), c, now);
    }
    // Time passes in 10 ms steps, polling as the link would.
    void wait(Ms ms) {
        const TimePoint end = now + ms;
        while (now < end) {
            now += 10ms;
            for (Event& e : tracker.poll(now)) events.push_back(std::move(e));
        }
    }
    void human(TimePoint at = {}) {
        tracker.expect(game, Watch::Human, std::nullopt, at == TimePoint{} ? now : at);
    }
    void computer(std::string_view uci) {
        tracker.expect(game, Watch::Computer, *rules::parseUci(game.current(), uci), now);
    }
    // A move of the game, already standing on the board (set up before the test's own steps).
    void play(std::string_view uci) {
        game.playLegal(*rules::parseUci(game.current(), uci));
        const Placement p = placementOf(game.current());
        raw = board_turned ? turned(p) : p;
        tracker.picture(raw, now);
    }
    // A move the caller completes (the board shows it already).
    void record(std::string_view uci) { game.playLegal(*rules::parseUci(game.current(), uci)); }
    template <typename T>
    std::vector<T> all() const {
        std::vector<T> out;
        for (const Event& e : events)
            if (auto* x = std::get_if<T>(&e.what)) out.push_back(*x);
        return out;
    }
    std::vector<std::string> proposals() const {
        std::vector<std::string> out;
        for (const auto& p : all<ev::Proposed>()) out.push_back(rules::toUci(p.move));
        return out;
    }
    // The standing proposal: the last Proposed with no Withdrawn after it.
    std::optional<std::string> standing() const {
        std::optional<std::string> out;
        for (const Event& e : events) {
            if (auto* p = std::get_if<ev::Proposed>(&e.what)) out = rules::toUci(p->move);
            if (std::holds_alternative<ev::Withdrawn>(e.what)) out.reset();
        }
        return out;
    }
    void clear() { events.clear(); }
};

TEST(Tracker, StartPositionIsInStepAndUpright) {
    Table t;
    t.human();
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::Orientation>().size(), 1u);
    EXPECT_FALSE(t.all<ev::Orientation>()[0].turned);
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
    EXPECT_TRUE(t.proposals().empty());
}

TEST(Tracker, QuickMoveIsProposedOnceAfterTheSettleTime) {
    Table t;
    t.human();
    t.wait(400ms);
    t.lift("e2");
    t.wait(120ms);
    t.place("e4", 'P');
    t.wait(290ms);
    EXPECT_TRUE(t.proposals().empty()) << "proposed before the settle time";
    t.wait(20ms);
    ASSERT_EQ(t.proposals(), std::vector<std::string>{"e2e4"});
    EXPECT_EQ(t.all<ev::Proposed>()[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    t.wait(3s);
    EXPECT_EQ(t.events.size(), 2u);  // orientation + the proposal, nothing else
}

TEST(Tracker, IntermediatePositionsNeverProduceAMove) {
    Table t;
    t.human();
    t.wait(400ms);
    // A slide through e3 faster than the settle time, with the pawn seen on two squares at once.
    t.lift("e2");
    t.wait(50ms);
    t.place("e3", 'P');
    t.wait(100ms);
    t.place("e4", 'P');
    t.wait(100ms);
    t.lift("e3");
    t.wait(1s);
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"e2e4"});
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
}

TEST(Tracker, SlowSlideProposesEachSquareAndTheLastOneStands) {
    Table t;
    t.human();
    t.wait(400ms);
    t.lift("e2");
    t.place("e3", 'P');
    t.wait(400ms);
    t.lift("e3");
    t.place("e4", 'P');
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), (std::vector<std::string>{"e2e3", "e2e4"}));
    EXPECT_EQ(t.standing(), "e2e4");
}

TEST(Tracker, CaptureWithEitherPieceLiftedFirst) {
    for (bool victim_first : {true, false}) {
        Table t("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
        t.human();
        t.wait(400ms);
        if (victim_first) {
            t.lift("d5");
            t.wait(150ms);
            t.lift("e4");
            t.wait(150ms);
            t.place("d5", 'P');
        } else {
            t.lift("e4");
            t.wait(150ms);
            t.place("d5", 'P');  // the capturer's code replaces the victim's: it is never seen leaving
        }
        t.wait(400ms);
        EXPECT_EQ(t.proposals(), std::vector<std::string>{"e4d5"}) << victim_first;
    }
}

constexpr std::string_view kCastleFen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

TEST(Tracker, CastlingKingFirst) {
    Table t(kCastleFen);
    t.human();
    t.wait(400ms);
    t.lift("e1");
    t.place("g1", 'K');
    t.wait(400ms);  // king on g1, rook on h1: no legal position, so nothing is proposed
    t.lift("h1");
    t.place("f1", 'R');
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"e1g1"});
    EXPECT_EQ(t.all<ev::Proposed>()[0].move.kind(), Move::Kind::Castling);
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty()) << "within the grace time";
}

TEST(Tracker, CastlingRookFirst) {
    Table t(kCastleFen);
    t.human();
    t.wait(400ms);
    t.lift("h1");
    t.place("f1", 'R');
    t.wait(400ms);  // a legal rook move: proposed, but not committed (the press decides)
    t.lift("e1");
    t.place("g1", 'K');
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), (std::vector<std::string>{"h1f1", "e1g1"}));
    EXPECT_EQ(t.standing(), "e1g1");
}

constexpr std::string_view kEpFen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

TEST(Tracker, EnPassantVictimFirstOrLast) {
    for (bool victim_first : {true, false}) {
        Table t(kEpFen);
        t.human();
        t.wait(400ms);
        if (victim_first) t.lift("f5");
        t.lift("e5");
        t.wait(100ms);
        t.place("f6", 'P');
        t.wait(150ms);
        if (!victim_first) t.lift("f5");
        t.wait(400ms);
        ASSERT_EQ(t.proposals(), std::vector<std::string>{"e5f6"}) << victim_first;
        EXPECT_EQ(t.all<ev::Proposed>()[0].move.kind(), Move::Kind::EnPassant);
    }
}

constexpr std::string_view kPromoFen = "3r2k1/4P3/8/8/8/8/6K1/8 w - - 0 1";

TEST(Tracker, PromotionReadFromThePiecePutDown) {
    const std::pair<char, std::string> cases[] = {
        {'Q', "e7e8q"}, {'R', "e7e8r"}, {'N', "e7e8n"}, {'B', "e7e8b"}};
    for (const auto& [piece, uci] : cases) {
        Table t(kPromoFen);
        t.human();
        t.wait(400ms);
        t.lift("e7");
        t.wait(500ms);  // the player looks for the piece
        t.place("e8", piece);
        t.wait(400ms);
        EXPECT_EQ(t.proposals(), std::vector<std::string>{uci});
    }
}

TEST(Tracker, UpsideDownRookIsARook) {
    // An upside-down rook reads as what it is, a rook (Art. 3.7.5.1: the piece placed is the promotion).
    Table t(kPromoFen);
    t.human();
    t.wait(400ms);
    t.lift("e7");
    t.place("d8", 'R');  // capturing on d8, with the rook placed upside down
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"e7d8r"});
}

TEST(Tracker, PawnLeftOnTheLastRankIsNoMove) {
    Table t(kPromoFen);
    t.human();
    t.wait(400ms);
    t.lift("e7");
    t.place("e8", 'P');
    t.wait(1s);
    EXPECT_TRUE(t.proposals().empty());
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty()) << "shown before the grace time";
    t.wait(2s);
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    EXPECT_EQ(describe(t.all<ev::BoardDiffers>()[0].diffs),
              "the white pawn on e7 is missing, e8 should be empty");
}

TEST(Tracker, KnockedOverPiecePutBack) {
    Table t;
    t.human();
    t.wait(400ms);
    t.lift("g1");
    t.place("g1", 'N');  // knocked and put straight back: no event at all
    t.wait(100ms);
    t.lift("e2");
    t.place("e4", 'P');
    t.wait(400ms);
    t.lift("d2");  // knocked over after the move, lying off its square a while
    t.wait(500ms);
    t.place("d2", 'P');
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), (std::vector<std::string>{"e2e4", "e2e4"}));
    EXPECT_EQ(t.all<ev::Withdrawn>().size(), 1u);
    EXPECT_EQ(t.standing(), "e2e4");
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
}

// Issue 34 item 5: a difference shown (past the grace), then another wrong picture, settled but shorter
// than the grace, on the way back: the board agreeing again closes the difference that was shown.
TEST(Tracker, EveryShownDifferenceIsClosedWhenTheBoardAgreesAgain) {
    Table t;
    t.human();
    t.wait(400ms);
    t.lift("d2");  // knocked off, lying beside the board
    t.wait(2500ms);
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    t.lift("e2");  // another pawn picked up on the way: settled, but shorter than the grace
    t.wait(800ms);
    t.place("d2", 'P');
    t.place("e2", 'P');
    t.wait(400ms);
    EXPECT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    EXPECT_EQ(t.all<ev::BoardMatches>().size(), 1u);
    t.lift("e2");
    t.place("e4", 'P');
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"e2e4"});
    EXPECT_EQ(t.all<ev::BoardMatches>().size(), 1u) << "closed once";
}

TEST(Tracker, KnockedOverPieceNotPutBackIsNamed) {
    Table t;
    t.human();
    t.wait(400ms);
    t.lift("g1");
    t.wait(3s);
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    const auto d = t.all<ev::BoardDiffers>()[0];
    EXPECT_EQ(describe(d.diffs), "the white knight on g1 is missing");
    EXPECT_EQ(d.fault, Fault::None);
    t.place("g1", 'N');
    t.wait(400ms);
    EXPECT_EQ(t.all<ev::BoardMatches>().size(), 1u);
}

TEST(Tracker, MoveTakenBackBeforeThePress) {
    Table t;
    t.human();
    t.wait(400ms);
    t.lift("g1");
    t.place("f3", 'N');
    t.wait(400ms);
    t.lift("f3");
    t.place("g1", 'N');
    t.wait(3s);
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"g1f3"});
    EXPECT_EQ(t.all<ev::Withdrawn>().size(), 1u);
    EXPECT_FALSE(t.standing());
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
}

TEST(Tracker, EarlierGamePositionIsReportedNotTakenBack) {
    Table t;
    t.play("e2e4");
    t.record("e7e5");
    t.human();
    t.wait(400ms);
    // Both pawns back to the start: the position before move 1, never an automatic take-back.
    t.lift("e4");
    t.place("e2", 'P');
    t.lift("e5");
    t.place("e7", 'p');
    t.wait(3s);
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    EXPECT_EQ(t.all<ev::BoardDiffers>()[0].earlier_ply, 0u);
    EXPECT_TRUE(t.proposals().empty());
}

ClockFace face(Ms left, Ms right, bool lever_right_high) {
    ClockFace f;
    f.left = left;
    f.right = right;
    f.running = true;
    f.lever_right_high = lever_right_high;
    f.to_move = lever_right_high ? Hand::Right : Hand::Left;  // the high side's clock runs
    return f;
}

TEST(Tracker, ClockReadingsAndLeverPresses) {
    TrackerSettings s;
    s.white_hand = Hand::Right;
    Table t("", false, s);
    t.human();
    t.tracker.clock(face(90min, 89min, false), t.now);  // the first reading is no press
    t.tracker.clock(face(90min, 88min, false), t.now);
    t.lift("e2");
    t.place("e4", 'P');
    t.now += 50ms;
    // White (right) presses: the right half goes down, so the left goes up... the lever is then left high.
    t.tracker.clock(face(90min, 88min, true), t.now);
    for (Event& e : t.tracker.poll(t.now)) t.events.push_back(std::move(e));
    const auto readings = t.all<ev::ClockReading>();
    ASSERT_EQ(readings.size(), 3u);
    EXPECT_EQ(readings[0].remaining[Color::White], 89min);
    EXPECT_EQ(readings[0].remaining[Color::Black], 90min);
    // lever_right_high = true means the left half went down: the left player (Black here) pressed.
    ASSERT_EQ(t.all<ev::LeverPressed>().size(), 1u);
    EXPECT_EQ(t.all<ev::LeverPressed>()[0].side, Color::Black);
    // The press settled the picture at once: the proposal comes before the press, not 300 ms later.
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"e2e4"});
    std::size_t proposed_at = 0, pressed_at = 0;
    for (std::size_t i = 0; i < t.events.size(); ++i) {
        if (std::holds_alternative<ev::Proposed>(t.events[i].what)) proposed_at = i;
        if (std::holds_alternative<ev::LeverPressed>(t.events[i].what)) pressed_at = i;
    }
    EXPECT_LT(proposed_at, pressed_at);
    t.tracker.noClock(t.now);
    t.tracker.noClock(t.now);
    for (Event& e : t.tracker.poll(t.now)) t.events.push_back(std::move(e));
    EXPECT_EQ(t.all<ev::ClockMissing>().size(), 1u);
}

TEST(Tracker, TurnedBoardIsDetectedAndMapped) {
    Table t("", true);
    t.human();
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::Orientation>().size(), 1u);
    EXPECT_TRUE(t.all<ev::Orientation>()[0].turned);
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
    t.lift("g1");
    t.place("f3", 'N');
    t.wait(400ms);
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"g1f3"});
}

// The player moved before the start position had settled (a board connected at the last moment): the
// orientation is the one in which the board shows a legal move, and the move is proposed on the game's
// squares, not reported as a board full of wrong pieces.
TEST(Tracker, TurnedBoardIsDetectedFromTheFirstMove) {
    Table t("", true);
    t.human();
    t.lift("e2");
    t.place("e4", 'P');
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::Orientation>().size(), 1u);
    EXPECT_TRUE(t.all<ev::Orientation>()[0].turned);
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"e2e4"});
}

// A picture that no orientation explains leaves the orientation open: nothing is proposed.
TEST(Tracker, AnUnexplainedPictureLeavesTheOrientationOpen) {
    Table t("", true);
    t.human();
    t.lift("e2");
    t.place("e5", 'P');
    t.wait(3s);
    EXPECT_TRUE(t.all<ev::Orientation>().empty());
    EXPECT_FALSE(t.tracker.turned().has_value());
    EXPECT_TRUE(t.proposals().empty());
}

TEST(Tracker, TurnedBoardOnResume) {
    Table t("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", true);
    t.human();
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::Orientation>().size(), 1u);
    EXPECT_TRUE(*t.tracker.turned());
}

TEST(Tracker, WrongSetupBeforeTheStartIsListedAtOnce) {
    Table t;
    t.lift("d1");
    t.place("d1", 'K');
    t.lift("e1");
    t.place("e1", 'Q');
    t.tracker.expect(t.game, Watch::Position, std::nullopt, t.now);
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    EXPECT_EQ(describe(t.all<ev::BoardDiffers>()[0].diffs),
              "d1 should hold the white queen, not the white king, e1 should hold the white king, not the "
              "white queen");
}

// --- The computer's move, played on the board by the operator.

struct ComputerCase {
    std::string fen;
    std::string expected;
    std::vector<std::pair<std::string, char>> steps;  // square, piece ('.' = lift)
    Fault fault;
};

void runSteps(Table& t, const std::vector<std::pair<std::string, char>>& steps) {
    for (const auto& [s, piece] : steps) {
        if (piece == '.')
            t.lift(s);
        else
            t.place(s, piece);
        t.wait(60ms);
    }
    t.wait(400ms);
}

TEST(Tracker, RightComputerMoveIsMade) {
    Table t;
    t.play("e2e4");
    t.computer("g8f6");
    t.wait(400ms);
    t.clear();
    runSteps(t, {{"g8", '.'}, {"f6", 'n'}});
    ASSERT_EQ(t.all<ev::ComputerMoveMade>().size(), 1u);
    EXPECT_EQ(rules::toUci(t.all<ev::ComputerMoveMade>()[0].move), "g8f6");
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
}

TEST(Tracker, EveryWrongComputerMoveIsShownAtOnceAndNothingIsMade) {
    const std::string castle = "r3k2r/pppq1ppp/2n1bn2/3pp3/8/2NP1N2/PPPBPPPP/R2QKB1R b KQkq - 0 1";
    const ComputerCase cases[] = {
        {"", "g1f3", {{"g1", '.'}, {"h3", 'N'}}, Fault::WrongMove},         // wrong square
        {"", "g1f3", {{"b1", '.'}, {"c3", 'N'}}, Fault::WrongMove},         // wrong piece
        {castle, "e8g8", {{"e8", '.'}, {"g8", 'k'}}, Fault::RookNotMoved},  // rook left
        {castle, "e8c8", {{"e8", '.'}, {"c8", 'k'}}, Fault::RookNotMoved},  // long castling
        {std::string(kPromoFen), "e7e8q", {{"e7", '.'}, {"e8", 'R'}}, Fault::WrongPromotion},
        {std::string(kPromoFen), "e7e8q", {{"e7", '.'}, {"e8", 'P'}}, Fault::WrongPromotion},
        {std::string(kEpFen), "e5f6", {{"e5", '.'}, {"f6", 'P'}}, Fault::CaptureLeft},  // e.p. victim stays
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
         "e4d5",
         {{"e4", '.'}, {"d5", 'P'}, {"d6", 'p'}},
         Fault::CaptureLeft},  // victim put beside, on d6
        {"", "g1f3", {{"g1", '.'}, {"f3", 'N'}, {"e7", '.'}}, Fault::HumanPieceTouched},  // e7 held in hand
    };
    for (const ComputerCase& c : cases) {
        Table t(c.fen);
        t.computer(c.expected);
        t.wait(400ms);
        t.clear();
        const std::string label = c.fen + " " + c.expected;
        for (const auto& [s, piece] : c.steps) {
            if (piece == '.')
                t.lift(s);
            else
                t.place(s, piece);
            t.wait(60ms);
        }
        const TimePoint last = t.now - 60ms;
        t.wait(400ms);
        EXPECT_TRUE(t.all<ev::ComputerMoveMade>().empty()) << label;
        ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u) << label;
        const auto d = t.all<ev::BoardDiffers>()[0];
        EXPECT_EQ(d.fault, c.fault) << label << ": " << describe(d.diffs);
        EXPECT_FALSE(d.diffs.empty());
        // At once: at the settle time after the last piece, no grace time for the computer's move.
        EXPECT_EQ(t.events.back().at - last, Ms{300}) << label;
    }
}

// Issue 34 item 9: the operator holds the computer's piece in the air (and the piece it captures) longer
// than the settle time: that is the move being played, not a wrong one. Left so past the grace, it is shown.
TEST(Tracker, APieceOfTheComputersMoveHeldInTheAirIsNoWrongMove) {
    Table t("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    t.computer("e4d5");
    t.wait(400ms);
    t.lift("d5");
    t.lift("e4");
    t.wait(1500ms);
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty()) << "red while the piece was in the operator's hand";
    t.place("d5", 'P');
    t.wait(400ms);
    EXPECT_EQ(t.all<ev::ComputerMoveMade>().size(), 1u);

    Table held;
    held.computer("g1f3");
    held.wait(400ms);
    held.lift("g1");
    held.wait(3s);
    ASSERT_EQ(held.all<ev::BoardDiffers>().size(), 1u) << "a piece left in the air past the grace is shown";
    held.place("h3", 'N');
    held.wait(400ms);
    ASSERT_EQ(held.all<ev::BoardDiffers>().size(), 2u) << "a wrong square is shown at once";
    EXPECT_EQ(held.all<ev::BoardDiffers>()[1].fault, Fault::WrongMove);
}

// Issue 34 item 8: the human's own legal move made before the computer's move is played is named as his,
// not as the operator's wrong computer move.
TEST(Tracker, AHumanMoveOutOfTurnIsNamedAsSuch) {
    Table t;
    t.play("e2e4");
    t.computer("e7e5");
    t.wait(400ms);
    t.lift("d2");
    t.place("d4", 'P');
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    EXPECT_EQ(t.all<ev::BoardDiffers>()[0].fault, Fault::HumanOutOfTurn);
    EXPECT_TRUE(t.all<ev::ComputerMoveMade>().empty());
}

// Issue 34 item 11: the session takes the made move and the board is watched again for the same move
// (until its press): that is no second "made".
TEST(Tracker, TheComputersMoveMadeIsSaidOnce) {
    Table t;
    t.play("e2e4");
    t.computer("e7e5");
    t.wait(400ms);
    t.lift("e7");
    t.place("e5", 'p');
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::ComputerMoveMade>().size(), 1u);
    t.computer("e7e5");  // the session's ComputerMoveMade stage: the same move, still to be pressed
    t.wait(400ms);
    EXPECT_EQ(t.all<ev::ComputerMoveMade>().size(), 1u);
    t.lift("e5");
    t.place("e7", 'p');  // taken back before the press: withdrawn, and made again when replayed
    t.wait(400ms);
    t.lift("e7");
    t.place("e5", 'p');
    t.wait(400ms);
    EXPECT_EQ(t.all<ev::Withdrawn>().size(), 1u);
    EXPECT_EQ(t.all<ev::ComputerMoveMade>().size(), 2u);
}

TEST(Tracker, WrongComputerMovePutRight) {
    Table t;
    t.computer("g1f3");
    t.wait(400ms);
    runSteps(t, {{"g1", '.'}, {"h3", 'N'}});
    ASSERT_EQ(t.all<ev::BoardDiffers>().size(), 1u);
    EXPECT_EQ(describe(t.all<ev::BoardDiffers>()[0].diffs),
              "the white knight on f3 is missing, h3 should be empty");
    runSteps(t, {{"h3", '.'}, {"f3", 'N'}});
    EXPECT_EQ(t.all<ev::BoardMatches>().size(), 1u);
    ASSERT_EQ(t.all<ev::ComputerMoveMade>().size(), 1u);
}

TEST(Tracker, FastHumanReplyInsideOneSettleTime) {
    Table t;
    t.play("e2e4");
    t.computer("e7e5");
    t.wait(400ms);
    runSteps(t, {});
    t.lift("e7");
    t.place("e5", 'p');
    t.wait(100ms);
    t.lift("g1");
    t.place("f3", 'N');
    t.wait(400ms);
    ASSERT_EQ(t.all<ev::ComputerMoveMade>().size(), 1u);
    EXPECT_TRUE(t.all<ev::BoardDiffers>().empty());
    // The caller completes the computer's move; the human's reply is then proposed.
    t.record("e7e5");
    t.human();
    for (Event& e : t.tracker.poll(t.now)) t.events.push_back(std::move(e));
    EXPECT_EQ(t.proposals(), std::vector<std::string>{"g1f3"});
}

// --- The attachment: the board's events as the session's commands.

struct Attached {
    Table t;
    Attachment a;
    std::vector<Intent> intents;
    explicit Attached(AttachmentSettings s = {}) : a(t.tracker, s) {}
    void view(GameView::Stage stage, std::optional<std::string> computer = std::nullopt, bool offer = false,
              Ms white = 90min, Ms black = 90min) {
        GameView v;
        v.stage = stage;
        v.game = t.game;
        v.human = Color::White;
        v.mirror[Color::White] = white;
        v.mirror[Color::Black] = black;
        v.offer_pending = offer;
        if (computer) v.computer_move = *rules::parseUci(t.game.current(), *computer);
        a.view(v, t.now);
    }
    void run(Ms ms) {
        const std::size_t before = t.events.size();
        t.wait(ms);
        take(before);
    }
    void press(bool lever_right_high, Ms white = 90min, Ms black = 90min) {
        const std::size_t before = t.events.size();
        t.tracker.clock(face(white, black, lever_right_high), t.now);
        for (Event& e : t.tracker.poll(t.now)) t.events.push_back(std::move(e));
        take(before);
    }
    void take(std::size_t from) {
        const std::vector<Event> fresh(t.events.begin() + static_cast<std::ptrdiff_t>(from), t.events.end());
        for (Intent& i : a.take(fresh, t.now)) intents.push_back(std::move(i));
    }
    template <typename T>
    std::size_t count() const {
        std::size_t n = 0;
        for (const Intent& i : intents) n += std::holds_alternative<T>(i) ? 1u : 0u;
        return n;
    }
};

TEST(Attachment, TheLeverCommitsTheProposedHumanMove) {
    Attached x;
    x.view(GameView::Stage::HumanToMove);
    x.press(false);  // the lever's first position
    x.t.lift("e2");
    x.t.place("e3", 'P');
    x.run(400ms);  // e2-e3 proposed, then the pawn slides on
    x.t.lift("e3");
    x.t.place("e4", 'P');
    x.run(400ms);
    EXPECT_TRUE(x.intents.empty()) << "nothing is committed before the press";
    x.press(true);  // White (left) presses
    ASSERT_EQ(x.count<intent::HumanMove>(), 1u);
    EXPECT_EQ(rules::toUci(std::get<intent::HumanMove>(x.intents[0]).move), "e2e4");
    EXPECT_EQ(std::get<intent::HumanMove>(x.intents[0]).pressed_at, x.t.now);
}

// Issue 34 item 4 (Art. 7.5): a press that completed no move commits nothing, but it is reported once
// the wait for its last piece is over, with what the board showed.
TEST(Attachment, APressWithNoMoveOnTheBoardCommitsNothingAndIsReported) {
    Attached x;
    x.view(GameView::Stage::HumanToMove);
    x.press(false);
    x.t.lift("g1");
    x.t.place("f3", 'N');
    x.run(400ms);
    x.t.lift("f3");
    x.t.place("g1", 'N');  // taken back before the press
    x.run(400ms);
    x.press(true);
    EXPECT_TRUE(x.intents.empty()) << "the last piece may still be on its way";
    x.run(1s);
    ASSERT_EQ(x.intents.size(), 1u);
    const auto& stray = std::get<intent::PressWithoutMove>(x.intents[0]).press;
    EXPECT_TRUE(stray.no_move);
    EXPECT_TRUE(stray.diffs.empty());
    ASSERT_TRUE(x.a.strayPress());
    x.run(2s);
    EXPECT_EQ(x.intents.size(), 1u) << "reported once";
}

// Bb5 through the e2 pawn, pressed: the illegal move is named; the table clock now runs the computer's
// time, and its readings never re-sync the console over the press the arbiter has to rule (Art. 7.5).
TEST(Attachment, APressAfterAnIllegalMoveNamesItAndHoldsTheSync) {
    Attached x;
    x.view(GameView::Stage::HumanToMove);
    x.press(false);  // the first move of the game: the board's orientation is not known yet
    x.t.lift("f1");
    x.t.place("b5", 'B');
    x.run(400ms);
    x.press(true, 89min, 90min);
    x.run(1s);
    ASSERT_EQ(x.count<intent::PressWithoutMove>(), 1u);
    const auto& stray = std::get<intent::PressWithoutMove>(x.intents[0]).press;
    EXPECT_FALSE(stray.no_move);
    EXPECT_EQ(stray.move, "f1b5");
    EXPECT_EQ(stray.diffs.size(), 2u);
    x.press(true, 89min, 88min);  // a reading a minute off, the computer's time running
    EXPECT_EQ(x.count<intent::SyncClock>(), 0u);
    // The arbiter's ruling moves the game on: the notice goes and readings count again.
    GameView v;
    v.stage = GameView::Stage::HumanToMove;
    v.game = x.t.game;
    v.mirror[Color::White] = 90min;
    v.mirror[Color::Black] = 92min;
    v.illegal_moves = 1;
    x.a.view(v, x.t.now);
    EXPECT_FALSE(x.a.strayPress());
    x.press(true, 89min, 88min);
    EXPECT_EQ(x.count<intent::SyncClock>(), 1u);
}

// Issue 34 item 3 (Art. 9.1): making the computer's move rejects the human's pending offer; that answer
// is the operator's, so the board's move (and the press after it) waits until he gives it.
TEST(Attachment, APendingDrawOfferHoldsTheComputersMoveUntilTheOperatorAnswers) {
    Attached x;
    x.t.play("e2e4");
    x.view(GameView::Stage::ComputerMoveShown, "e7e5", true);
    x.press(true);
    x.t.lift("e7");
    x.t.place("e5", 'p');
    x.run(400ms);
    EXPECT_EQ(x.count<intent::MadeOnBoard>(), 0u);
    EXPECT_TRUE(x.a.madeWaitsForAnswer());
    x.press(false, 90min, 90min + 3s);  // the operator presses the computer's half: +3 s at the press
    const TimePoint pressed = x.t.now;
    EXPECT_TRUE(x.intents.empty()) << "no made, no press, and no sync over the increment at the press";
    x.run(1s);
    x.view(GameView::Stage::ComputerMoveShown, "e7e5", false);  // declined: play goes on
    x.run(10ms);
    ASSERT_EQ(x.intents.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<intent::MadeOnBoard>(x.intents[0]));
    EXPECT_EQ(std::get<intent::ClockPressed>(x.intents[1]).at, pressed);
    EXPECT_FALSE(x.a.madeWaitsForAnswer());

    Attached accepted;
    accepted.t.play("e2e4");
    accepted.view(GameView::Stage::ComputerMoveShown, "e7e5", true);
    accepted.t.lift("e7");
    accepted.t.place("e5", 'p');
    accepted.run(400ms);
    accepted.view(GameView::Stage::Over);  // the offer accepted: the game is drawn
    accepted.run(400ms);
    EXPECT_TRUE(accepted.intents.empty());
}

// Issue 34 item 7: a DGT 3000 adds the increment at the press, while the console adds it only when it
// takes the move. The reading at the press is not compared with the console's clocks from before it.
TEST(Attachment, TheIncrementAtThePressIsNoDifference) {
    Attached x;
    x.view(GameView::Stage::HumanToMove, std::nullopt, false, 15min, 15min);
    x.press(false, 15min, 15min);
    x.t.lift("e2");
    x.t.place("e4", 'P');
    x.run(400ms);
    x.press(true, 15min + 10s, 15min);  // the clock added White's 10 s at the press
    ASSERT_EQ(x.count<intent::HumanMove>(), 1u);
    x.press(true, 15min + 10s, 15min - 1s);  // Black's time running, the console not told yet
    EXPECT_EQ(x.count<intent::SyncClock>(), 0u);
    x.t.record("e2e4");
    x.view(GameView::Stage::EngineThinking, std::nullopt, false, 15min + 10s, 15min - 1s);
    x.press(true, 15min + 10s, 15min - 2s);
    EXPECT_EQ(x.count<intent::SyncClock>(), 0u) << "within the threshold once the console has the move";
    x.press(true, 15min + 4s, 15min - 2s);  // a real difference: the arbiter set the clock
    EXPECT_EQ(x.count<intent::SyncClock>(), 1u);

    // The computer's move made and pressed before the board's thread saw the made stage: that stale view
    // (the stage before the press) does not count as the console having the press.
    Attached y;
    y.t.play("e2e4");
    y.view(GameView::Stage::ComputerMoveShown, "e7e5", false, 15min, 15min);
    y.press(true, 15min, 15min);
    y.t.lift("e7");
    y.t.place("e5", 'p');
    y.run(400ms);
    y.press(false, 15min, 15min + 3s);  // the operator's press: +3 s at the press
    ASSERT_EQ(y.count<intent::ClockPressed>(), 1u);
    y.view(GameView::Stage::ComputerMoveMade, "e7e5", false, 15min, 15min);  // from before the press
    y.press(false, 15min - 1s, 15min + 3s);
    EXPECT_EQ(y.count<intent::SyncClock>(), 0u) << "compared with the clocks from before the press";
    y.t.record("e7e5");
    y.view(GameView::Stage::HumanToMove, std::nullopt, false, 15min - 1s, 15min + 3s);
    y.press(false, 15min - 2s, 15min + 3s);
    EXPECT_EQ(y.count<intent::SyncClock>(), 0u);
    y.press(false, 15min - 8s, 15min + 3s);  // a real difference once the console has the press
    EXPECT_EQ(y.count<intent::SyncClock>(), 1u);
}

// The console publishes its clocks once a frame, less often when idle or on a loaded laptop: a reading
// taken after the view compares with the running side's mirror less the time since, never with the
// stale figure (the trial flow synced a board 2.3 s "off" on a loaded machine).
TEST(Attachment, AReadingAfterAStaleViewCountsTheTimeSinceOnTheRunningSide) {
    Attached x;
    x.t.play("e2e4");
    GameView v;
    v.stage = GameView::Stage::EngineThinking;
    v.game = x.t.game;
    v.mirror[Color::White] = 15min;
    v.mirror[Color::Black] = 15min;
    v.running = Color::Black;
    x.a.view(v, x.t.now);
    x.run(5s);
    x.press(true, 15min, 15min - 5s);  // the table clock ran Black's time 5 s since the view
    EXPECT_EQ(x.count<intent::SyncClock>(), 0u);
    x.press(true, 15min, 15min - 9s);  // 4 s less than the console's Black: a real difference
    EXPECT_EQ(x.count<intent::SyncClock>(), 1u);
}

// A scan reports squares out of order: the press may come before the last piece's update. The move that
// settles just after the press is the one it completed, with the press's time; a move settling long after
// a press on an unchanged board was completed by no press.
TEST(Attachment, APressBeforeTheLastPiecesUpdateCommitsTheMove) {
    Attached x;
    x.view(GameView::Stage::HumanToMove);
    x.press(false);
    x.t.lift("e2");
    x.run(100ms);
    x.press(true);  // the press, before the board reported the pawn on e4
    const TimePoint pressed = x.t.now;
    EXPECT_TRUE(x.intents.empty());
    x.t.wait(40ms);
    x.t.place("e4", 'P');
    x.run(400ms);
    ASSERT_EQ(x.count<intent::HumanMove>(), 1u);
    EXPECT_EQ(rules::toUci(std::get<intent::HumanMove>(x.intents[0]).move), "e2e4");
    EXPECT_EQ(std::get<intent::HumanMove>(x.intents[0]).pressed_at, pressed);

    Attached late;
    late.view(GameView::Stage::HumanToMove);
    late.press(false);
    late.press(true);  // a press with nothing moved
    late.run(2s);
    late.t.lift("d2");
    late.t.place("d4", 'P');
    late.run(400ms);
    EXPECT_EQ(late.count<intent::HumanMove>(), 0u)
        << "a move made long after a press was completed by no press";
    EXPECT_EQ(late.count<intent::PressWithoutMove>(), 1u) << "that press was reported";
}

// Issue 34 item 15: the human played e2-e4 and pressed while the board was unplugged. On its return the
// board shows the move and the clock runs the computer's side: the press is recovered, not lost.
TEST(Attachment, APressMadeWhileTheBoardWasUnpluggedIsRecovered) {
    Attached x;
    x.view(GameView::Stage::HumanToMove);
    x.press(false);
    x.t.tracker.forgetPicture();
    x.a.reconnected();
    x.t.raw[sq("e2")] = Cell::Empty;
    x.t.raw[sq("e4")] = cell('P');
    x.press(true);  // the first reading after the return: Black's clock runs
    x.t.tracker.picture(x.t.raw, x.t.now);
    x.run(400ms);
    ASSERT_EQ(x.count<intent::HumanMove>(), 1u);
    const auto& move = std::get<intent::HumanMove>(x.intents[0]);
    EXPECT_EQ(rules::toUci(move.move), "e2e4");
    EXPECT_TRUE(move.recovered);

    Attached same;  // back with the human's own clock still running: nothing was pressed meanwhile
    same.view(GameView::Stage::HumanToMove);
    same.press(false);
    same.t.tracker.forgetPicture();
    same.a.reconnected();
    same.press(false);
    same.t.tracker.picture(same.t.raw, same.t.now);
    same.t.lift("e2");
    same.t.place("e4", 'P');
    same.run(2s);
    EXPECT_TRUE(same.a.proposal()) << "the board is followed again";
    EXPECT_TRUE(same.intents.empty()) << "no press was made while it was away";
}

// A console restarted while the computer's move and the operator's press waited for the answer to the
// human's draw offer: the press lived only in the board's thread. The new attachment's first reading
// shows the human's clock running over the computer's move on the board, and recovers the press, in
// whichever order the board's first picture and the clock's first reading come.
TEST(Attachment, APressHeldForADrawOfferSurvivesARestartOfTheConsole) {
    for (const bool reading_first : {true, false}) {
        for (const bool offer : {true, false}) {
            SCOPED_TRACE(testing::Message() << "reading first " << reading_first << ", offer " << offer);
            Attached x;
            x.t.play("e2e4");
            x.view(GameView::Stage::ComputerMoveShown, "e7e5", offer);
            x.t.tracker.forgetPicture();
            x.a.reconnected();
            x.t.raw[sq("e7")] = Cell::Empty;
            x.t.raw[sq("e5")] = cell('p');
            if (reading_first) x.press(false);  // White's (the human's) clock runs: the operator pressed
            const TimePoint pressed = x.t.now;
            x.t.tracker.picture(x.t.raw, x.t.now);
            x.run(400ms);
            if (!reading_first) x.press(false);
            const TimePoint at = reading_first ? pressed : x.t.now;
            EXPECT_EQ(x.a.madeWaitsForAnswer(), offer);
            if (offer) {
                EXPECT_TRUE(x.intents.empty()) << "held until the operator answers the offer";
                x.view(GameView::Stage::ComputerMoveShown, "e7e5", false);  // declined
                x.run(10ms);
            }
            ASSERT_EQ(x.intents.size(), 2u);
            EXPECT_TRUE(std::holds_alternative<intent::MadeOnBoard>(x.intents[0]));
            ASSERT_TRUE(std::holds_alternative<intent::ClockPressed>(x.intents[1]));
            EXPECT_EQ(std::get<intent::ClockPressed>(x.intents[1]).at, at);
        }
    }
}

// Issue 34 item 17 (Art. 4.4.2; 2005: 4.4(b)): rook h1-f1 first, proposed as Rf1, then the king to g1:
// the castling is proposed and committed as played, marked as castled rook first for the arbiter.
TEST(Attachment, CastlingRookFirstIsMarkedForTheArbiter) {
    Attached x;
    x.t.play("e2e4");
    x.t.play("e7e5");
    x.t.play("g1f3");
    x.t.play("b8c6");
    x.t.play("f1c4");
    x.t.play("g8f6");
    x.view(GameView::Stage::HumanToMove);
    x.press(false);
    x.t.lift("h1");
    x.t.place("f1", 'R');
    x.run(400ms);
    ASSERT_EQ(rules::toUci(*x.a.proposal()), "h1f1");
    EXPECT_FALSE(x.a.rookFirst());
    x.t.lift("e1");
    x.run(400ms);
    x.t.place("g1", 'K');
    x.run(400ms);
    ASSERT_EQ(rules::toUci(*x.a.proposal()), "e1g1");
    EXPECT_TRUE(x.a.rookFirst());
    x.press(true);
    ASSERT_EQ(x.count<intent::HumanMove>(), 1u);
    EXPECT_TRUE(std::get<intent::HumanMove>(x.intents[0]).rook_first);

    Attached king_first;
    for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}) king_first.t.play(m);
    king_first.view(GameView::Stage::HumanToMove);
    king_first.t.lift("e1");
    king_first.t.place("g1", 'K');
    king_first.t.lift("h1");
    king_first.t.place("f1", 'R');
    king_first.run(400ms);
    ASSERT_EQ(rules::toUci(*king_first.a.proposal()), "e1g1");
    EXPECT_FALSE(king_first.a.rookFirst());
}

TEST(Attachment, EnterAndAutoCommitModes) {
    Attached enter({CommitMode::Enter, Ms{2000}});
    enter.view(GameView::Stage::HumanToMove);
    enter.press(false);
    enter.t.lift("d2");
    enter.t.place("d4", 'P');
    enter.run(400ms);
    enter.press(true);
    EXPECT_TRUE(enter.intents.empty()) << "commit: enter ignores the lever";
    auto committed = enter.a.enter();
    ASSERT_TRUE(committed);
    EXPECT_EQ(rules::toUci(std::get<intent::HumanMove>(*committed).move), "d2d4");
    EXPECT_FALSE(enter.a.enter());

    Attached autom({CommitMode::Auto, Ms{2000}});
    autom.view(GameView::Stage::HumanToMove);
    autom.t.lift("d2");
    autom.t.place("d4", 'P');
    autom.run(400ms);
    ASSERT_EQ(autom.count<intent::HumanMove>(), 1u);
}

TEST(Attachment, ComputerMoveMadeThenClockPressed) {
    Attached x;
    x.t.play("e2e4");
    x.view(GameView::Stage::ComputerMoveShown, "e7e5");
    x.press(true);  // after White's press: left low, right high
    x.t.lift("e7");
    x.t.place("e5", 'p');
    x.run(400ms);
    ASSERT_EQ(x.count<intent::MadeOnBoard>(), 1u);
    x.view(GameView::Stage::ComputerMoveMade, "e7e5");
    x.run(400ms);
    x.press(false);  // the right half (Black's, the computer's) goes down
    ASSERT_EQ(x.count<intent::ClockPressed>(), 1u);
    EXPECT_EQ(x.count<intent::MadeOnBoard>(), 1u);
}

TEST(Attachment, AWrongComputerMoveIsNeverMadeNorPressed) {
    Attached x;
    x.t.play("e2e4");
    x.view(GameView::Stage::ComputerMoveShown, "e7e5");
    x.press(true);
    x.t.lift("d7");
    x.t.place("d5", 'p');
    x.run(400ms);
    ASSERT_TRUE(x.a.mismatch());
    x.press(false);  // pressed anyway: nothing is committed until the board is right
    EXPECT_TRUE(x.intents.empty());
    x.t.lift("d5");
    x.t.place("d7", 'p');
    x.t.lift("e7");
    x.t.place("e5", 'p');
    x.run(400ms);
    EXPECT_FALSE(x.a.mismatch());
    EXPECT_EQ(x.count<intent::MadeOnBoard>(), 1u);
}

TEST(Attachment, OneClockSyncPerMoveAtMost) {
    Attached x;
    x.view(GameView::Stage::HumanToMove);
    x.press(false, 90min, 90min);  // within the threshold: no sync
    EXPECT_TRUE(x.intents.empty());
    x.press(false, 89min, 90min);  // one minute off: sync
    x.press(false, 88min, 90min);  // again off, same move: no second sync
    ASSERT_EQ(x.count<intent::SyncClock>(), 1u);
    EXPECT_EQ(std::get<intent::SyncClock>(x.intents[0]).remaining[Color::White], 89min);
    x.t.play("e2e4");
    x.view(GameView::Stage::EngineThinking);
    x.press(true, 88min, 90min);
    EXPECT_EQ(x.count<intent::SyncClock>(), 2u);
}

// Issue 24 item 3: a typed move against the board's settled picture.
namespace typed_tests {

Move uci(const Position& pos, std::string_view text) {
    return *rules::parseUci(pos, text);
}

TEST(TypedMove, TheBoardShowingTheTypedMoveAgrees) {
    const Position start = Position::startpos();
    const Placement shown = placementOf(start.play(uci(start, "g1f3")));
    EXPECT_TRUE(std::holds_alternative<typed::Agrees>(judgeTyped(start, uci(start, "g1f3"), shown)));
}

TEST(TypedMove, AnotherLegalMoveOnTheBoardIsNamed) {
    const Position start = Position::startpos();
    const Placement shown = placementOf(start.play(uci(start, "g1f3")));
    const TypedVerdict v = judgeTyped(start, uci(start, "b1c3"), shown);
    ASSERT_TRUE(std::holds_alternative<typed::OtherMove>(v));
    EXPECT_EQ(rules::toUci(std::get<typed::OtherMove>(v).move), "g1f3");
}

TEST(TypedMove, TheBoardBeforeTheMoveAndAPictureThatIsNoMove) {
    const Position start = Position::startpos();
    EXPECT_TRUE(
        std::holds_alternative<typed::NoMove>(judgeTyped(start, uci(start, "e2e4"), placementOf(start))));
    Placement knocked = placementOf(start.play(uci(start, "e2e4")));
    knocked[sq("d2")] = Cell::Empty;  // e4 played, and the d-pawn knocked off the board
    const TypedVerdict v = judgeTyped(start, uci(start, "e2e4"), knocked);
    ASSERT_TRUE(std::holds_alternative<typed::NoSuccessor>(v));
    const auto& diffs = std::get<typed::NoSuccessor>(v).diffs;
    ASSERT_EQ(diffs.size(), 1u) << "against the typed move's position: only the missing pawn";
    EXPECT_EQ(diffs[0].square, sq("d2"));
}

TEST(TypedMove, APromotionToAnotherPieceIsAnotherMove) {
    const Position pos = *Position::fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    const Placement rook = placementOf(pos.play(uci(pos, "e7e8r")));
    const TypedVerdict v = judgeTyped(pos, uci(pos, "e7e8q"), rook);
    ASSERT_TRUE(std::holds_alternative<typed::OtherMove>(v));
    EXPECT_EQ(rules::toUci(std::get<typed::OtherMove>(v).move), "e7e8r");
}

}  // namespace typed_tests

}  // namespace
}  // namespace oc::eboard
