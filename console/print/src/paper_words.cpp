// The words the papers share. Short words take the context "paper" so that another part of the program
// may translate the same English word differently (a button "White" is not a form's column).
#include "paper_words.hpp"

#include "i18n/format.hpp"
#include "i18n/tr.hpp"

namespace oc::print::detail {

const char* sideLabel(bool white) {
    return white ? i18n::trc("paper", "White") : i18n::trc("paper", "Black");
}

const char* sideInText(bool white) {
    return white ? i18n::trc("paper, in a sentence", "White") : i18n::trc("paper, in a sentence", "Black");
}

const char* whoPlays(bool computer) {
    return computer ? i18n::trc("paper", "computer") : i18n::trc("paper", "human");
}

std::string localizeLeadingDate(std::string_view text) {
    constexpr std::size_t kDate = 10;  // YYYY-MM-DD
    if (text.size() < kDate) return std::string(text);
    const std::string date = i18n::localizeIsoDate(i18n::uiLanguage(), text.substr(0, kDate));
    std::string rest(text.substr(kDate));
    const bool longer_number = !rest.empty() && rest.front() >= '0' && rest.front() <= '9';
    if (date == text.substr(0, kDate) || longer_number) return std::string(text);  // not (only) a date
    if (!rest.empty() && rest.front() == 'T') rest.front() = ' ';
    return date + rest;
}

std::string decimalText(std::string_view number) {
    return i18n::localizeDecimalText(i18n::uiLanguage(), std::string(number));
}

}  // namespace oc::print::detail
