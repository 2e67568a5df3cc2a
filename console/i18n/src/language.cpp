#include "i18n/language.hpp"

#include <fmt/format.h>

#include <array>

namespace oc::i18n {
namespace {

struct LanguageInfo {
    UiLanguage lang;
    std::string_view code;
    std::string_view name;
};

constexpr std::array<LanguageInfo, 3> kLanguages{{
    {UiLanguage::En, "en", "English"},
    {UiLanguage::Pl, "pl", "Polski"},
    {UiLanguage::Fa, "fa", "\u0641\u0627\u0631\u0633\u06cc"},  // فارسی
}};
constexpr std::array<UiLanguage, 3> kOrder{UiLanguage::En, UiLanguage::Pl, UiLanguage::Fa};

const LanguageInfo& info(UiLanguage lang) {
    for (const auto& i : kLanguages) {
        if (i.lang == lang) return i;
    }
    return kLanguages.front();
}

}  // namespace

std::span<const UiLanguage> uiLanguages() {
    return kOrder;
}

std::optional<UiLanguage> parseUiLanguage(std::string_view code) {
    for (const auto& i : kLanguages) {
        if (i.code == code) return i.lang;
    }
    return std::nullopt;
}

std::string_view uiLanguageCode(UiLanguage lang) {
    return info(lang).code;
}

std::string_view uiLanguageName(UiLanguage lang) {
    return info(lang).name;
}

bool isRightToLeft(UiLanguage lang) {
    return lang == UiLanguage::Fa;
}

std::string uiLanguageList() {
    std::string out;
    for (const auto& i : kLanguages) {
        out += out.empty() ? "" : ", ";
        out += i.code;
    }
    return out;
}

UiLanguage defaultUiLanguage(std::string_view notation_code) {
    return parseUiLanguage(notation_code).value_or(UiLanguage::En);
}

tl::expected<UiLanguage, std::string> chooseUiLanguage(std::string_view explicit_code,
                                                       std::string_view notation_code) {
    if (explicit_code.empty()) return defaultUiLanguage(notation_code);
    if (auto lang = parseUiLanguage(explicit_code)) return *lang;
    return tl::make_unexpected(
        fmt::format("unknown UI language '{}': use one of {} (a catalogue exists for each)", explicit_code,
                    uiLanguageList()));
}

}  // namespace oc::i18n
