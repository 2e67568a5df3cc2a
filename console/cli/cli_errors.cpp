#include "cli_errors.hpp"

#include <regex>

#include "i18n/tr.hpp"

namespace oc::cli {
namespace {

using i18n::trf;

std::string required(const std::smatch& m) {
    return trf("command line: {} is required", m[1].str());
}
std::string notExpected(const std::smatch& m) {
    return m[1].str() == "argument was"
               ? trf("command line: the following argument was not expected: {}", m[2].str())
               : trf("command line: the following arguments were not expected: {}", m[2].str());
}
std::string notAChoice(const std::smatch& m) {
    return trf("command line: {}: {} not in {{{}}}", m[1].str(), m[2].str(), m[3].str());
}
std::string notConverted(const std::smatch& m) {
    return trf("command line: could not convert: {} = {}", m[1].str(), m[2].str());
}
std::string needs(const std::smatch& m) {
    return trf("command line: {} requires {}", m[1].str(), m[2].str());
}
std::string missingValue(const std::smatch& m) {
    return trf("command line: {}: {} required {} missing", m[1].str(), m[2].str(), m[3].str());
}

struct Pattern {
    std::regex re;
    std::string (*say)(const std::smatch&);
};

}  // namespace

// The msgids say "command line:" so that translateMessage, which reads English messages back against
// every pattern of the catalogue, never takes another part's "... is required" for one of these.
std::string translateCliError(const std::string& message) {
    if (i18n::uiLanguage() == i18n::UiLanguage::En) return message;
    if (message == "A subcommand is required") return i18n::tr("A subcommand is required");
    static const Pattern kPatterns[] = {
        {std::regex("^(\\S+) is required$"), required},
        {std::regex("^The following (argument was|arguments were) not expected: (.*)$"), notExpected},
        {std::regex("^(\\S+): (.*) not in \\{(.*)\\}$"), notAChoice},
        {std::regex("^Could not convert: (\\S+) = (.*)$"), notConverted},
        {std::regex("^(\\S+) requires (\\S+)$"), needs},
        {std::regex("^(\\S+): (\\d+) required (\\S+) missing$"), missingValue},
    };
    std::smatch m;
    for (const Pattern& p : kPatterns)
        if (std::regex_match(message, m, p.re)) return p.say(m);
    return message;
}

}  // namespace oc::cli
