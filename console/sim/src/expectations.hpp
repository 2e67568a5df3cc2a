#pragma once
// The script's checks ("expect WHAT VALUE", docs/cli-script-format.md): each a small function of the
// game's state, so that a check says exactly what it compares.

#include <optional>
#include <string>
#include <vector>

#include "session/session.hpp"
#include "sim/fake_engine.hpp"

namespace oc::sim {

// What a check looks at; `args[0]` names the check, the rest is the expected value.
struct ExpectContext {
    const std::vector<std::string>& args;
    const session::Session& session;
    const session::Snapshot& snap;
    const FakeEngine* fake;  // the scripted engine (its counters), or null with a real engine
    const std::string& last_rejection;
    std::string want;  // args[1..] joined by single spaces
};

// A check's outcome and what the game showed (for the failure message).
struct Check {
    bool ok = false;
    std::string got;
};

// The check `ctx.args` names; nullopt when no check of that name takes those arguments.
[[nodiscard]] std::optional<Check> evaluateExpectation(const ExpectContext& ctx);

// True when `want` is a scoresheet line's start, word for word ("1. e4 (=)" matches "1. e4 (=) e5" but
// neither "1. e4 e5" nor "11. e4 (=)"): a "(=)" the expectation names must be on that very move.
[[nodiscard]] bool scoresheetHas(const std::string& sheet, const std::string& want);

// `words[from..]` joined by single spaces.
[[nodiscard]] std::string joinedWords(const std::vector<std::string>& words, std::size_t from);

}  // namespace oc::sim
