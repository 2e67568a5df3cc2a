#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "rules/game.hpp"

namespace oc::rules {

// What accompanies one move in PGN: clock comments, draw offer, NAGs and free text.
struct MoveAnnotations {
    std::optional<std::chrono::milliseconds> clock;    // [%clk h:mm:ss]: remaining time after the move
    std::optional<std::chrono::milliseconds> elapsed;  // [%emt h:mm:ss]: time spent on the move
    bool draw_offer = false;                           // "(=)" (App. C.12), exported as the comment {(=)}
    std::vector<int> nags;                             // $1 .. $255 ("!" is $1, "?" $2, ...)
    std::string comment;                               // free text, without the commands above
};

struct PgnNode;
using PgnLine = std::vector<PgnNode>;

// One move of a line, with the alternatives to it (each starts from the position before this move).
struct PgnNode {
    Move move;
    MoveAnnotations annotations;
    std::vector<PgnLine> variations;
};

struct PgnTag {
    std::string name;
    std::string value;
};

// One game as PGN holds it. Every move is legal in its line (the reader checks; builders must too).
struct PgnGame {
    std::vector<PgnTag> tags;               // in file order
    Position start = Position::startpos();  // from [SetUp "1"] [FEN ...] when present
    std::string pre_comment;                // a comment before the first move
    PgnLine moves;                          // the main line
    std::string result = "*";               // "1-0", "0-1", "1/2-1/2" or "*"

    // The value of tag `name`, if present.
    std::optional<std::string> tag(std::string_view name) const;
    // Sets (or replaces) tag `name`.
    void setTag(std::string_view name, std::string value);
    // The main line replayed as a Game under `edition` (the moves were validated on reading).
    Game toGame(Edition edition) const;
};

// Where and why a game could not be read.
struct PgnError {
    std::size_t game = 0;    // 1-based index in the file
    std::size_t line = 0;    // 1-based
    std::size_t column = 0;  // 1-based, in bytes
    std::string move;        // e.g. "12...Qxe5", empty when the problem is not a move
    std::string message;     // complete: "game 3, line 45, column 12, move 12...Qxe5: illegal move ..."
};

struct PgnReadOptions {
    bool keep_variations = true;  // false: variations are parsed (and checked) but not stored
    bool keep_comments = true;
};

// Bounds on what a PGN text may hold (docs/limits.md). Variations are read recursively, so their nesting
// is bounded to keep the stack safe (real annotated games nest a few levels); a text with more games than
// this is refused at the first game too many, so a reader's memory stays bounded by its input.
inline constexpr int kMaxPgnVariationDepth = 64;
inline constexpr std::size_t kMaxPgnGames = 100'000;

// Reads games one at a time; after a bad game it resynchronises at the next tag section.
class PgnReader {
  public:
    // `text` is not copied: it must outlive the reader.
    explicit PgnReader(std::string_view text, PgnReadOptions options = {});
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;
    // The next game, an error for a bad one, or nullopt at the end of the text.
    std::optional<tl::expected<PgnGame, PgnError>> next();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// All games of `text`; stops at the first error.
[[nodiscard]] tl::expected<std::vector<PgnGame>, PgnError> parsePgn(std::string_view text,
                                                                    PgnReadOptions options = {});

// PGN export format: Seven Tag Roster first (missing ones as "?"), other tags sorted, SetUp/FEN for a
// non-initial start, SAN, comments {[%clk ...] [%emt ...]}, {(=)} for draw offers, lines under 80 chars.
std::string writePgn(const PgnGame& game);

// Builds a PgnGame from a played game: `annotations` may be shorter than the move list; `tags` are copied
// (add TimeControl, White, Black... there); `result` is "1-0", "0-1", "1/2-1/2" or "*". Adds FIDERuleset.
PgnGame makePgnGame(const Game& game, std::vector<PgnTag> tags,
                    const std::vector<MoveAnnotations>& annotations, std::string result);

// "1:30:05" (h:mm:ss; tenths when not whole seconds) as %clk and %emt write it.
std::string formatClock(std::chrono::milliseconds t);

}  // namespace oc::rules
