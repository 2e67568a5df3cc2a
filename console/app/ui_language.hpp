#pragma once
// The language of the screens (issue 12, docs/i18n.md): the --ui-lang flag, else the setup's ui_language
// (on --resume the journal's setup), else the notation language's default when a catalogue exists for it.

#include <string>
#include <tl/expected.hpp>

#include "event/event_setup.hpp"

namespace oc::app {

// Chooses the language by that precedence and switches the process to it. The error says what was wrong
// and what would be right (an unknown code names the languages there are; a missing catalogue, where it
// was looked for); the language in force is unchanged then.
[[nodiscard]] tl::expected<void, std::string> applyUiLanguage(const std::string& flag,
                                                              const event::EventSetup& setup);

}  // namespace oc::app
