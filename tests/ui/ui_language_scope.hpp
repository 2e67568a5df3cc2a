#pragma once
// The UI language for one test (issue 12): switched on construction, back to English on destruction, so
// no test leaves the process in another language. The catalogues come from the build (msgfmt).

#include <gtest/gtest.h>

#include "i18n/language.hpp"
#include "i18n/tr.hpp"

namespace oc::ui::test {

class UiLanguageScope {
  public:
    explicit UiLanguageScope(i18n::UiLanguage lang) {
        auto set = i18n::setUiLanguage(lang);
        EXPECT_TRUE(set.has_value()) << (set ? "" : set.error());
    }
    UiLanguageScope(const UiLanguageScope&) = delete;
    UiLanguageScope& operator=(const UiLanguageScope&) = delete;
    ~UiLanguageScope() { (void)i18n::setUiLanguage(i18n::UiLanguage::En); }
};

}  // namespace oc::ui::test
