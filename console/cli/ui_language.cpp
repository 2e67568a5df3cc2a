#include "ui_language.hpp"

#include <fmt/format.h>

#include <cstring>
#include <optional>

#include "i18n/language.hpp"
#include "i18n/tr.hpp"
#include "journal/journal.hpp"
#include "session/journal_sink.hpp"

namespace oc::cli {
namespace {

constexpr std::string_view kFlag = "--ui-lang";

// What --ui-lang chose, if given: it outranks every setup (common precedence: flag, setup, notation).
// The CLI is one process with one command, so a file-level value is the whole of its state.
std::optional<i18n::UiLanguage> g_flag;

tl::expected<void, std::string> use(std::string_view code, std::string_view notation) {
    auto lang = i18n::chooseUiLanguage(code, notation);
    if (!lang) return tl::make_unexpected(i18n::translateMessage(lang.error()));
    return i18n::setUiLanguage(*lang);
}

// The value of the flag at argv[i] ("--ui-lang X" or "--ui-lang=X"); nullopt when argv[i] is another
// argument. `i` moves past the value.
tl::expected<std::optional<std::string>, std::string> flagValue(int argc, char** argv, int& i) {
    const std::string_view arg = argv[i];
    std::string value;
    if (arg.starts_with(std::string(kFlag) + "="))
        value = arg.substr(kFlag.size() + 1);
    else if (arg != kFlag)
        return std::nullopt;
    else if (i + 1 < argc)
        value = argv[++i];
    // No language is chosen yet: this one message can only be English.
    if (value.empty())
        return tl::make_unexpected(
            fmt::format("--ui-lang: expected a language code ({})", i18n::uiLanguageList()));
    return value;
}

}  // namespace

tl::expected<std::vector<char*>, std::string> takeUiLanguageFlag(int argc, char** argv) {
    std::vector<char*> rest;
    std::optional<std::string> code;
    for (int i = 0; i < argc; ++i) {
        auto value = flagValue(argc, argv, i);
        if (!value) return tl::make_unexpected(value.error());
        if (*value)
            code = **value;
        else
            rest.push_back(argv[i]);
    }
    rest.push_back(nullptr);
    if (!code) return rest;
    if (auto ok = use(*code, ""); !ok) return tl::make_unexpected("--ui-lang: " + ok.error());
    g_flag = i18n::uiLanguage();
    return rest;
}

tl::expected<void, std::string> followSetupLanguage(const event::EventSetup& setup) {
    if (g_flag) return {};
    if (auto ok = use(setup.ui_language, setup.language); !ok)
        return tl::make_unexpected(i18n::trf("the event's ui_language: {}", ok.error()));
    return {};
}

tl::expected<void, std::string> followJournalLanguage(const std::filesystem::path& journal) {
    if (g_flag) return {};
    auto contents = journal::readJournal(journal);
    if (!contents) return {};
    auto setup = session::journalSetup(session::sessionRecords(*contents));
    if (!setup) return {};
    return followSetupLanguage(*setup);
}

}  // namespace oc::cli
