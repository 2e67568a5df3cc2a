#pragma once
// Pure UCI parsing: one engine output line in, one typed message out. No I/O, never throws.

#include <string_view>

#include "engine_bridge/uci_messages.hpp"

namespace oc::engine {

// Parses one line from the engine (without its newline; a trailing '\r' is tolerated). Unknown leading
// tokens are skipped as the UCI spec asks; anything that is not a valid message becomes Unparsed.
[[nodiscard]] EngineMessage parseEngineLine(std::string_view line);

// True when `text` has the shape of a UCI move (e2e4, e7e8q); says nothing about legality.
[[nodiscard]] bool looksLikeUciMove(std::string_view text);

}  // namespace oc::engine
