#pragma once
// Pure UCI formatting: the commands the console sends, as single lines without the newline.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

namespace oc::engine {

// A game as the engine must see it: the start position and every move since, so that the engine
// knows the repetition history. An empty start_fen means the standard start position.
struct GameRecord {
    std::string start_fen;
    std::vector<std::string> moves;  // UCI notation: e2e4, e7e8q, e1g1
    friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// Parameters of one `go`; the clock module computes the times (FIDE E.III 2.1), this only carries them.
struct GoParams {
    std::optional<std::chrono::milliseconds> wtime;
    std::optional<std::chrono::milliseconds> btime;
    std::optional<std::chrono::milliseconds> winc;
    std::optional<std::chrono::milliseconds> binc;
    std::optional<int> movestogo;
    std::optional<std::chrono::milliseconds> movetime;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    bool infinite = false;
    bool ponder = false;  // `go ponder`: set by the controller, not by callers
    friend bool operator==(const GoParams&, const GoParams&) = default;
};

[[nodiscard]] std::string formatUci();
[[nodiscard]] std::string formatIsReady();
[[nodiscard]] std::string formatUciNewGame();
[[nodiscard]] std::string formatPonderHit();
[[nodiscard]] std::string formatStop();
[[nodiscard]] std::string formatQuit();

// `setoption name N [value V]`; refuses names/values that would break the line or be ambiguous.
[[nodiscard]] tl::expected<std::string, std::string> formatSetOption(std::string_view name,
                                                                     std::optional<std::string_view> value);

// `position startpos|fen F [moves ...]`; refuses text with line breaks or a malformed move token.
[[nodiscard]] tl::expected<std::string, std::string> formatPosition(const GameRecord& game);

// `go [ponder] [wtime ..] [btime ..] [winc ..] [binc ..] [movestogo ..] [movetime ..] [depth ..] ...`;
// negative times are sent as 0.
[[nodiscard]] std::string formatGo(const GoParams& params);

}  // namespace oc::engine
