#include "ui_language.hpp"

#include "i18n/language.hpp"
#include "i18n/tr.hpp"

namespace oc::app {

tl::expected<void, std::string> applyUiLanguage(const std::string& flag, const event::EventSetup& setup) {
    auto lang = i18n::chooseUiLanguage(flag.empty() ? setup.ui_language : flag, setup.language);
    if (!lang) return tl::make_unexpected(flag.empty() ? "ui_language: " + lang.error() : lang.error());
    return i18n::setUiLanguage(*lang);
}

}  // namespace oc::app
