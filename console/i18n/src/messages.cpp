// translateMessage: an English message another part formatted ("illegal move 'Ke3': the king would be
// in check") is read back against the catalogue's patterns (msgids with {}), and the translation is
// formatted with the same arguments, each translated in turn when it is itself a message.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string_view>

#include "catalogue.hpp"
#include "i18n/bidi.hpp"
#include "i18n/format.hpp"
#include "i18n/tr.hpp"

namespace oc::i18n {
namespace detail {
namespace {

// The original strings of a GNU .mo file (magic, revision, count, table of (length, offset) pairs).
std::vector<std::string> moMsgids(const std::string& bytes) {
    const auto word = [&](std::size_t at) -> std::uint32_t {
        if (at + 4 > bytes.size()) return 0;
        std::uint32_t v = 0;
        std::memcpy(&v, bytes.data() + at, 4);
        return v;
    };
    std::vector<std::string> ids;
    if (word(0) != 0x950412deU) return ids;  // little-endian, as msgfmt writes it here
    const std::uint32_t count = word(8), table = word(12);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t len = word(table + 8 * i), off = word(table + 8 * i + 4);
        if (std::size_t{off} + len <= bytes.size()) ids.emplace_back(bytes, off, len);
    }
    return ids;
}

}  // namespace

// A fmt pattern split at its placeholders: literals[0] slot[0] literals[1] ... ({{ and }} read as
// braces); slots hold what stood inside each {} ("", "0", ":+"). Empty literals when unbalanced.
SplitPattern splitPattern(const std::string& pattern) {
    SplitPattern out{{std::string()}, {}};
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if ((c == '{' || c == '}') && i + 1 < pattern.size() && pattern[i + 1] == c) {
            out.literals.back() += c;
            ++i;
        } else if (c == '{') {
            const std::size_t end = pattern.find('}', i);
            if (end == std::string::npos) return {};
            out.slots.push_back(pattern.substr(i + 1, end - i - 1));
            out.literals.emplace_back();
            i = end;
        } else {
            out.literals.back() += c;
        }
    }
    return out;
}

namespace {

std::string regexEscape(const std::string& s) {
    static const std::string special = R"(\^$.|?*+()[]{})";
    std::string out;
    for (char c : s) {
        if (special.find(c) != std::string::npos) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

std::vector<MessagePattern> readPatterns(const std::filesystem::path& mo_file) {
    std::ifstream in(mo_file, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    std::vector<MessagePattern> out;
    for (const auto& id : moMsgids(bytes)) {
        // Context ("ctx\4id") and plural ("one\0many") entries are not read back from English.
        if (id.find('\4') != std::string::npos || id.find('\0') != std::string::npos) continue;
        const auto pieces = splitPattern(id).literals;
        if (pieces.size() < 2) continue;
        std::string re, literal;
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            re += (i ? "(.*?)" : "") + regexEscape(pieces[i]);
            literal += pieces[i];
        }
        if (literal.find_first_not_of(" :,.'\"()-") == std::string::npos)
            continue;  // "{}: {}" reads anything
        out.push_back({std::regex(re), id, pieces[0].size(), literal.size()});
    }
    // Issue 22: "illegal move 'Sd2': d2 is occupied by ..." is the move's message wrapping the square's,
    // not the other way round ("pole nieprawidłowe posunięcie 'Sd2': d2 zajmuje ..."). A message that
    // wraps another starts with its own words, so the longer fixed start is tried first.
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        if (a.prefix_chars != b.prefix_chars) return a.prefix_chars > b.prefix_chars;
        return a.literal_chars > b.literal_chars;
    });
    return out;
}

}  // namespace detail

namespace {

// A number the pattern writes as a float ("{:.1f}" ...) gets the language's decimal separator; other
// arguments keep theirs (an article number such as "6.9" in a "{}" stays as the Laws write it).
std::string localizedArg(const std::string& arg, const std::string& slot) {
    const std::size_t colon = slot.find(':');
    const bool floating = colon != std::string::npos && colon + 1 < slot.size() &&
                          std::string_view("fFeEgG").find(slot.back()) != std::string_view::npos;
    return floating ? localizeDecimalText(uiLanguage(), arg) : arg;
}

// An argument as a right-to-left sentence shows it: isolated (i18n/bidi.hpp), and a whole number in
// Persian digits ("3" moves; an article number such as "6.9" keeps its Latin digits, as the Laws
// write it).
std::string rtlText(const std::string& arg) {
    const bool whole = !arg.empty() && arg.find_first_not_of("0123456789") == std::string::npos;
    return whole ? persianDigits(arg) : isolate(arg);
}

// The translated pattern with each placeholder replaced by the next argument, as text.
std::string fill(const std::string& pattern, const std::vector<std::string>& args) {
    const detail::SplitPattern split = detail::splitPattern(pattern);
    if (split.literals.empty()) return {};
    std::string out = split.literals[0];
    for (std::size_t i = 0, next = 0; i < split.slots.size(); ++i) {
        const std::string& slot = split.slots[i];
        const bool indexed = !slot.empty() && std::isdigit(static_cast<unsigned char>(slot[0]));
        const std::size_t k = indexed ? static_cast<std::size_t>(std::stoul(slot)) : next++;
        if (k >= args.size()) return {};
        const std::string arg = localizedArg(args[k], slot);
        out += (rightToLeftUi() ? rtlText(arg) : arg) + split.literals[i + 1];
    }
    return out;
}

std::string translateAt(const std::string& english, int depth);

// Reasons joined with "; " (a policy's indication): each part on its own, when no pattern read the whole.
std::string translateList(const std::string& english, int depth) {
    if (english.find("; ") == std::string::npos) return english;
    std::string out;
    for (std::size_t from = 0; from <= english.size();) {
        const std::size_t to = std::min(english.find("; ", from), english.size());
        out += (from ? clauseSeparator() : "") + translateAt(english.substr(from, to - from), depth + 1);
        from = to + 2;
    }
    return out;
}

std::string translateAt(const std::string& english, int depth) {
    const char* exact = tr(english.c_str());
    if (exact != english.c_str() || depth > 3) return exact;
    const auto* c = detail::currentCatalogue();
    if (!c) return english;
    std::smatch m;
    for (const auto& p : c->patterns) {
        if (!std::regex_match(english, m, p.english)) continue;
        std::vector<std::string> args;
        for (std::size_t i = 1; i < m.size(); ++i) args.push_back(translateAt(m[i].str(), depth + 1));
        std::string out = fill(tr(p.msgid.c_str()), args);
        return out.empty() ? english : out;
    }
    return translateList(english, depth);
}

}  // namespace

std::string translateMessage(const std::string& english) {
    return translateAt(english, 0);
}

}  // namespace oc::i18n
