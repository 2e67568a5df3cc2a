#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <variant>
#include <vector>

#include "session/commands.hpp"

namespace oc::session {

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

// Parses "90", "90s", "500ms", "2m", "1m30s", "1:30", "1:02:03" (h:mm:ss); a leading '-' negates.
[[nodiscard]] tl::expected<Ms, std::string> parseDuration(std::string_view text);

// Parses a whole script; `computer` resolves the words human/computer to a colour.
// Errors name the line and what was expected.
[[nodiscard]] tl::expected<std::vector<ScriptStep>, std::string> parseScript(std::string_view text,
                                                                             rules::Color computer);

}  // namespace oc::session
