#include "speech/language.hpp"

#include <array>

namespace oc::speech {
namespace {

struct Entry {
    SpeechLanguage lang;
    std::string_view code;
};

constexpr std::array<Entry, 8> kLanguages{{{SpeechLanguage::En, "en"},
                                           {SpeechLanguage::Pl, "pl"},
                                           {SpeechLanguage::De, "de"},
                                           {SpeechLanguage::Fr, "fr"},
                                           {SpeechLanguage::Es, "es"},
                                           {SpeechLanguage::Nl, "nl"},
                                           {SpeechLanguage::Ru, "ru"},
                                           {SpeechLanguage::Fa, "fa"}}};

}  // namespace

std::optional<SpeechLanguage> parseSpeechLanguage(std::string_view code) {
    for (const auto& e : kLanguages) {
        if (e.code == code) return e.lang;
    }
    return std::nullopt;
}

std::string_view speechLanguageCode(SpeechLanguage lang) {
    for (const auto& e : kLanguages) {
        if (e.lang == lang) return e.code;
    }
    return "en";
}

std::string speechLanguageList() {
    std::string out;
    for (const auto& e : kLanguages) {
        if (!out.empty()) out += ' ';
        out += e.code;
    }
    return out;
}

SpeechLanguage speechLanguageOf(rules::Language notation) {
    // The same codes: every notation language has its words (fa: Persian words for English SAN).
    return parseSpeechLanguage(rules::languageCode(notation)).value_or(SpeechLanguage::En);
}

rules::Language notationOf(SpeechLanguage lang) {
    // The same codes both ways; fa's notation is English SAN (research/persian.md §4).
    return rules::parseLanguage(speechLanguageCode(lang)).value_or(rules::Language::En);
}

SpeechLanguage eventSpeechLanguage(std::string_view notation_code, std::string_view ui_language_code) {
    if (ui_language_code == "fa") return SpeechLanguage::Fa;
    auto notation = rules::parseLanguage(notation_code);
    return notation ? speechLanguageOf(*notation) : SpeechLanguage::En;
}

}  // namespace oc::speech
