#include "paper_language.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <memory>
#include <sstream>

#include "i18n/tr.hpp"
#include "version/version.hpp"

namespace oc::print::test {
namespace {

std::string run(const std::string& cmd) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(cmd.c_str(), "r"), ::pclose);
    std::string out;
    std::array<char, 4096> buf{};
    while (pipe && std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) out += buf.data();
    return out;
}

std::string trimmed(const std::string& word) {
    const std::string punct = "()[]:;,.!?\"'";
    const auto first = word.find_first_not_of(punct);
    if (first == std::string::npos) return "";
    return word.substr(first, word.find_last_not_of(punct) - first + 1);
}

std::set<std::string> wordsOf(const std::string& text) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) {
        if (auto t = trimmed(w); !t.empty()) out.insert(t);
    }
    return out;
}

bool latin(const std::string& w) {
    for (char c : w) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
    }
    return false;
}

}  // namespace

PolishScope::PolishScope() {
    auto ok = i18n::setUiLanguage(i18n::UiLanguage::Pl);
    EXPECT_TRUE(ok) << (ok ? "" : ok.error());
}

PolishScope::~PolishScope() {
    (void)i18n::setUiLanguage(i18n::UiLanguage::En);
}

PersianScope::PersianScope() {
    auto ok = i18n::setUiLanguage(i18n::UiLanguage::Fa);
    EXPECT_TRUE(ok) << (ok ? "" : ok.error());
}

PersianScope::~PersianScope() {
    (void)i18n::setUiLanguage(i18n::UiLanguage::En);
}

std::string pdfText(const std::filesystem::path& pdf) {
    std::istringstream raw(run("pdftotext -raw '" + pdf.string() + "' - 2>&1"));
    std::string out;
    for (std::string w; raw >> w;) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::vector<std::string> pdfFonts(const std::filesystem::path& pdf) {
    std::istringstream table(run("pdffonts '" + pdf.string() + "' 2>&1"));
    std::vector<std::string> fonts;
    std::string line;
    for (int row = 0; std::getline(table, line); ++row) {
        if (row >= 2 && !line.empty()) fonts.push_back(line.substr(0, line.find(' ')));  // past the heading
    }
    return fonts;
}

std::set<std::string> sharedWords(const std::string& english, const std::string& polish,
                                  const std::vector<std::string>& data) {
    // Every paper's small print names the program as it is, in every language (issue 39).
    std::set<std::string> allowed = wordsOf(version::describe());
    for (const auto& d : data) allowed.merge(wordsOf(d));
    const auto polish_words = wordsOf(polish);
    std::set<std::string> shared;
    for (const auto& w : wordsOf(english)) {
        if (w.size() > 1 && latin(w) && polish_words.count(w) > 0 && allowed.count(w) == 0) shared.insert(w);
    }
    return shared;
}

}  // namespace oc::print::test
