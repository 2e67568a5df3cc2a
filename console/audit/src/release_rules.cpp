#include "release_rules.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <string_view>

#include "i18n/mark.hpp"
#include "session/journal_header.hpp"
#include "version/version.hpp"

namespace oc::audit::detail {
namespace {

using Release = std::array<int, 3>;

// "1.2.0" as numbers; nullopt when it is not three numbers.
std::optional<Release> parseRelease(std::string_view text) {
    Release out{};
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out[i]);
        if (ec != std::errc{}) return std::nullopt;
        text.remove_prefix(static_cast<std::size_t>(end - text.data()));
        if (i + 1 < out.size() && (text.empty() || text.front() != '.')) return std::nullopt;
        if (i + 1 < out.size()) text.remove_prefix(1);
    }
    return text.empty() ? std::optional(out) : std::nullopt;
}

}  // namespace

bool releaseAfter(const std::string& by, std::string_view release) {
    // The release is the word after the program's name: "operator-console 1.2.0 (commit ...)".
    const std::size_t start = by.find(' ');
    if (start == std::string::npos) return false;
    const std::size_t end = by.find(' ', start + 1);
    const auto theirs = parseRelease(std::string_view(by).substr(start + 1, end - start - 1));
    const auto other = parseRelease(release);
    return theirs && other && *theirs > *other;
}

bool newerRelease(const std::string& by) {
    return releaseAfter(by, version::release());
}

std::optional<std::string> impossibleRules(std::size_t record, const std::string& by, int rule, int formula) {
    const bool unknown = rule > session::newestReserveRule() || formula > session::newestBudgetFormula();
    if (!unknown || (!by.empty() && newerRelease(by))) return std::nullopt;
    const std::string who = by.empty() ? std::string(i18n::N_("a console that does not name itself")) : by;
    if (formula == 0)  // a console_resumed names the reserve rule only
        return fmt::format(
            i18n::N_(
                "record #{}: names handling-reserve rule {} for {}, which cannot have had it: this audit "
                "({}) knows rules up to {}, and no release up to its own has others, so the rule was "
                "edited in (the engine's time is judged by this release's rules)"),
            record, rule, who, version::describe(), session::newestReserveRule());
    return fmt::format(
        i18n::N_("record #{}: names handling-reserve rule {} and budget formula {} for {}, which cannot have "
                 "had them: this audit ({}) knows rules up to {} and formulas up to {}, and no release up to "
                 "its own has others, so the rules were edited in (the engine's time is judged by this "
                 "release's rules)"),
        record, rule, formula, who, version::describe(), session::newestReserveRule(),
        session::newestBudgetFormula());
}

std::optional<std::string> impossibleHeader(int journal_version, bool names_program, bool names_rules) {
    if (journal_version >= 3 && !names_program)
        return fmt::format(i18n::N_("record #0: a version {} journal whose header does not name its program: "
                                    "every console that signs its journals names itself, so the header was "
                                    "edited (to be judged as an older console's?)"),
                           journal_version);
    if (journal_version != 1 || (!names_program && !names_rules)) return std::nullopt;
    return fmt::format(i18n::N_("record #0: a version 1 journal whose header names its {}: consoles name "
                                "them only since journal version 2, so the header was edited (a signed "
                                "journal made to look older and unsigned?)"),
                       names_program && names_rules ? i18n::N_("program and rules")
                       : names_program              ? i18n::N_("program")
                                                    : i18n::N_("rules"));
}

}  // namespace oc::audit::detail
