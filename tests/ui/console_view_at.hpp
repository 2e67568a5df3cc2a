#pragma once
// The console's view at one screen size and UI language, for tests run at every size an event's laptop
// has (1280x800, 1366x768) in each language: the text size follows the height, as operator-console's
// does (height / 40).

#include <gtest/gtest.h>
#include <imgui.h>

#include <ostream>

#include "console_view_fixture.hpp"
#include "i18n/language.hpp"
#include "ui_language_scope.hpp"

namespace oc::ui::test {

struct Screen {
    float width, height;
    i18n::UiLanguage language;
};

inline void PrintTo(const Screen& s, std::ostream* os) {
    *os << s.width << "x" << s.height << " " << i18n::uiLanguageCode(s.language);
}

class ConsoleViewAt : public ConsoleView, public ::testing::WithParamInterface<Screen> {
  protected:
    ConsoleViewAt() : ConsoleView(GetParam().height / 40.f), language_(GetParam().language) {}
    void SetUp() override {
        ConsoleView::SetUp();
        ImGui::GetIO().DisplaySize = ImVec2(GetParam().width, GetParam().height);
    }
    UiLanguageScope language_;
};

}  // namespace oc::ui::test
