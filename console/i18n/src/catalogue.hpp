#pragma once
// Inside the i18n module: one loaded language. Not a public header.

#include <boost/locale/message.hpp>
#include <filesystem>
#include <locale>
#include <regex>
#include <string>
#include <vector>

namespace oc::i18n::detail {

// A catalogue msgid with placeholders ("illegal move '{}': {}") as a pattern that reads the English
// text it formats back into its arguments (translateMessage).
struct MessagePattern {
    std::regex english;
    std::string msgid;
    std::size_t prefix_chars = 0;   // the fixed text it starts with: an outer message ("illegal move
                                    // '{}': {}") is read before the inner one it wraps ("{} is occupied")
    std::size_t literal_chars = 0;  // how specific: then the more fixed text, the earlier it is tried
};

// One language's messages: a Boost.Locale gettext facet inside a std::locale that owns it.
struct Catalogue {
    std::locale holder;
    const boost::locale::message_format<char>* facet = nullptr;
    int domain = 0;
    std::vector<MessagePattern> patterns;
};

// A fmt pattern split at its placeholders: literals[0] slots[0] literals[1] ... literals[n].
struct SplitPattern {
    std::vector<std::string> literals;  // empty when the braces do not balance
    std::vector<std::string> slots;     // what stood inside each {}: "", "0", ":+"
};
SplitPattern splitPattern(const std::string& pattern);

// The catalogue in force, or null for English.
const Catalogue* currentCatalogue();

// The patterns of every msgid with a {} placeholder in a compiled .mo file (none if unreadable).
std::vector<MessagePattern> readPatterns(const std::filesystem::path& mo_file);

}  // namespace oc::i18n::detail
