#pragma once
// Helpers for the papers-in-the-UI-language tests (issue 12): switching the UI language for one test,
// reading a PDF's text in drawing order, and finding English words left on a Polish paper.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace oc::print::test {

// Switches the UI language to Polish for the scope's life and back to English after (even on a failed
// assertion), so no other test meets Polish papers.
class PolishScope {
  public:
    PolishScope();
    ~PolishScope();
    PolishScope(const PolishScope&) = delete;
    PolishScope& operator=(const PolishScope&) = delete;
};

// The same for Persian (issue 26): the papers right to left.
class PersianScope {
  public:
    PersianScope();
    ~PersianScope();
    PersianScope(const PersianScope&) = delete;
    PersianScope& operator=(const PersianScope&) = delete;
};

// The PDF's text in drawing order (pdftotext -raw) with every run of white space made one space, so a
// sentence wrapped over lines is found whole.
std::string pdfText(const std::filesystem::path& pdf);
// The fonts the PDF embeds, one name a line (pdffonts), to prove no fallback font stood in for a letter.
std::vector<std::string> pdfFonts(const std::filesystem::path& pdf);

// The words of both texts (split at white space, punctuation trimmed from their ends) that hold a Latin
// letter, are not one of `data` (names, moves, places: what the paper prints as given) and are longer than
// one letter (a-h of a diagram): on a Polish paper, these are English words left untranslated.
std::set<std::string> sharedWords(const std::string& english, const std::string& polish,
                                  const std::vector<std::string>& data);

}  // namespace oc::print::test
