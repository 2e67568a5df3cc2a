#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <variant>
#include <vector>

#include "session/commands.hpp"

namespace oc::sim {

// The simulation plays the session through its public vocabulary (commands, snapshots, engine link).
using namespace oc::session;  // NOLINT(google-build-using-namespace)

// A driver directive that is not an operator action: program the scripted engine, check the state.
struct Directive {
    std::string name;               // "engine", "engine-crash", "expect", "wait"
    std::vector<std::string> args;  // the rest of the line, split on blanks
};

// One line of an operator script (docs/cli-script-format.md).
struct ScriptStep {
    int line = 0;
    std::optional<Ms> at;              // "@T": absolute time since the script started
    std::optional<Ms> advance;         // "+D": time passes before the action
    bool expect_rejection = false;     // "!": the session must refuse this action
    std::optional<Ms> pressed_before;  // "move X pressed D": the human pressed D before the entry
    std::variant<Command, Directive> action;
};

// The longest script line read (docs/limits.md): a line is one short command, so a longer one is refused
// with its line number rather than held in memory whole.
inline constexpr std::size_t kMaxScriptLineBytes = 4096;
// The largest script read: the longest scenario script is a few kilobytes.
inline constexpr std::size_t kMaxScriptBytes = std::size_t{4} << 20;

// A whole number in a script line ("cp -35", "arbiter illegal 12"); the error quotes the text.
[[nodiscard]] tl::expected<int, std::string> parseInteger(std::string_view text);

// Parses a whole script; `computer` resolves the words human/computer to a colour.
// Errors name the line and what was expected.
[[nodiscard]] tl::expected<std::vector<ScriptStep>, std::string> parseScript(std::string_view text,
                                                                             rules::Color computer);

}  // namespace oc::sim
