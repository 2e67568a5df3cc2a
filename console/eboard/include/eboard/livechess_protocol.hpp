#pragma once
// The DGT LiveChess WebSocket API (version 2) as values, no I/O and no time: the calls the console makes
// (`eboards`, `subscribe` to a board's `eboardevent` feed) and the answers it reads (`call`, `error`,
// `feed`), and for the fake server the other way round. LiveChess owns the boards' serial ports at an
// event and offers the boards over `ws://HOST:1982/api/v1.0`; facts in docs/eboard.md. Text that is no
// JSON, or JSON of another shape, is a `Malformed` value: nothing here throws.
//
// The console never builds `setup` or `flip` calls: both change what LiveChess broadcasts for the board.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <variant>
#include <vector>

#include "eboard/placement.hpp"
#include "eboard/tracker.hpp"

namespace oc::eboard::livechess {

// The clock LiveChess reads from the board's DGT clock: the times left, whether it runs, and when it was
// read (LiveChess's milliseconds). It says nothing of the lever.
struct ClockState {
    Ms white{};
    Ms black{};
    std::optional<bool> run;  // null while LiveChess does not know
    std::optional<std::int64_t> time;
    friend bool operator==(const ClockState&, const ClockState&) = default;
};

// One board in the `eboards` answer.
struct BoardInfo {
    std::string serialnr;
    std::string state;   // "ACTIVE", "INACTIVE", ... as LiveChess says
    std::string source;  // the port or Bluetooth address LiveChess reads it on
    std::string comment;
    std::optional<int> battery;
    std::string board;  // the FEN placement, "" when LiveChess has none
    std::optional<bool> flipped;
    std::optional<ClockState> clock;  // nullopt: no clock (or null)
    friend bool operator==(const BoardInfo&, const BoardInfo&) = default;
};

// A field of a feed update: absent (unchanged since the last update), or present with a value.
template <class T>
using Changed = std::optional<T>;

// One `eboardevent` feed message: only what changed is present.
struct FeedUpdate {
    int feed_id = 0;
    std::string serialnr;
    Changed<bool> flipped;
    Changed<std::string> board;                // the FEN placement
    Changed<std::optional<ClockState>> clock;  // present and nullopt: the clock is gone
    Changed<std::string> start;                // the FEN LiveChess reconstructs moves from
    Changed<std::vector<std::string>> san;     // the moves it reconstructed
    Changed<bool> match;                       // the board matches its reconstruction
    friend bool operator==(const FeedUpdate&, const FeedUpdate&) = default;
};

// The answer to `eboards`.
struct BoardList {
    int id = 0;
    std::vector<BoardInfo> boards;
};
// Any other call's answer (`subscribe`).
struct CallAnswer {
    int id = 0;
};
struct ErrorAnswer {
    std::optional<int> id;
    std::string message;
};
// Something LiveChess sent that this codec cannot read: what was wrong.
struct Malformed {
    std::string message;
};
using Answer = std::variant<BoardList, CallAnswer, ErrorAnswer, FeedUpdate, Malformed>;

// The console's calls.
[[nodiscard]] std::string eboardsCall(int id);
[[nodiscard]] std::string subscribeCall(int id, int feed_id, std::string_view serialnr);
// One message from LiveChess.
[[nodiscard]] Answer parseAnswer(std::string_view text);

// A call as the fake server reads it.
struct Call {
    int id = 0;
    std::string name;            // "eboards", "subscribe", anything else
    std::string feed;            // subscribe: "eboardevent"
    std::optional<int> feed_id;  // subscribe: the feed's id
    std::string serialnr;        // subscribe: the board
};
[[nodiscard]] tl::expected<Call, std::string> parseCall(std::string_view text);
// The fake server's messages; `time` is LiveChess's milliseconds.
[[nodiscard]] std::string boardListAnswer(int id, const std::vector<BoardInfo>& boards, std::int64_t time);
[[nodiscard]] std::string callAnswer(int id, std::int64_t time);
[[nodiscard]] std::string errorAnswer(int id, std::string_view message);
[[nodiscard]] std::string feedMessage(const FeedUpdate& update, std::int64_t time);
// The fields of `now` that differ from `before` (everything when there was none): what a feed sends.
[[nodiscard]] FeedUpdate changes(const std::optional<FeedUpdate>& before, const FeedUpdate& now);

// The board's FEN placement for the tracker (in the board's own orientation: the tracker finds a turned
// board itself); nullopt with the reason when it is no placement.
[[nodiscard]] tl::expected<Placement, std::string> placementOfFen(const std::string& fen);
// LiveChess's clock as the tracker's reading: White's time on `white_hand`. LiveChess gives no lever, so
// the lever never moves (the tracker reports no press) and the side to move is unknown.
[[nodiscard]] ClockFace clockFaceOf(const ClockState& clock, Hand white_hand);

}  // namespace oc::eboard::livechess
