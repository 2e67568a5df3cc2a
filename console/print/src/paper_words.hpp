#pragma once
// Private to console/print: the words every paper shares, in the UI language (issue 12). The session's
// paper data carries facts only; these turn them into what the Polish or English form prints.

#include <string>
#include <string_view>

#include "i18n/bidi.hpp"

namespace oc::print::detail {

// "White" / "Białe": a side as a field or column label.
const char* sideLabel(bool white);
// "White" / "białe": a side inside a sentence or a parenthesis.
const char* sideInText(bool white);
// "computer" / "komputer", "human" / "człowiek".
const char* whoPlays(bool computer);
// Text that starts with a date ("2026-11-30 10:00, hall", the PGN-style "2026.11.30", the journal's
// "2026-11-30T10:05:03.123Z") with that date in the UI language's format ("30.11.2026 10:00, hall"); a
// 'T' after the date becomes a space. Anything else is returned as it is (the arbiter's own words).
std::string localizeLeadingDate(std::string_view text);
// A number for people: "0.5" / "0,5" / "۰٫۵" (Persian digits, in Persian).
std::string decimalText(std::string_view number);
// A round's or board's number as the setup gives it ("3", "3.1"): its digits Persian on a Persian paper,
// like every count and as the screens show it (issue 36 item 8); anything with a letter ("A1") as it is.
using i18n::countText;

}  // namespace oc::print::detail
