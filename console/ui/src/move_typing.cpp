#include "ui/move_typing.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8, ImTextCharToUtf8

#include <array>
#include <utility>

namespace oc::ui {

namespace {

// ISIRI 9147 (xkb ir(pes)): the character each key gives, and the Latin key it is on. The first level
// for a-z, the Shift level for the piece letters and castling's O, and the Shift-digits SAN uses.
constexpr std::array<std::pair<char32_t, char>, 33> kPersianLayout{{
    {U'\u0636', 'q'}, {U'\u0635', 'w'}, {U'\u062B', 'e'}, {U'\u0642', 'r'}, {U'\u0641', 't'},
    {U'\u063A', 'y'}, {U'\u0639', 'u'}, {U'\u0647', 'i'}, {U'\u062E', 'o'}, {U'\u062D', 'p'},
    {U'\u0634', 'a'}, {U'\u0633', 's'}, {U'\u06CC', 'd'}, {U'\u0628', 'f'}, {U'\u0644', 'g'},
    {U'\u0627', 'h'}, {U'\u062A', 'j'}, {U'\u0646', 'k'}, {U'\u0645', 'l'}, {U'\u0638', 'z'},
    {U'\u0637', 'x'}, {U'\u0632', 'c'}, {U'\u0631', 'v'}, {U'\u0630', 'b'}, {U'\u062F', 'n'},
    {U'\u067E', 'm'}, {U'\u00BB', 'K'},  // Shift+K: »
    {U'\u0652', 'Q'},                    // Shift+Q: sukun
    {U'\u064B', 'R'},                    // Shift+R: fathatan
    {U'\u200C', 'B'},                    // Shift+B: zero-width non-joiner
    {U'\u0654', 'N'},                    // Shift+N: hamza above
    {U']', 'O'},                         // Shift+O: ] (no SAN character, so never ambiguous)
    {U'\u066B', '#'},                    // Shift+3: Arabic decimal separator
}};

void appendUtf8(std::string& out, char32_t c) {
    char buf[5];
    out += ImTextCharToUtf8(buf, static_cast<unsigned>(c));
}

}  // namespace

char32_t latinMoveKey(char32_t typed) {
    if (typed >= U'\u06F0' && typed <= U'\u06F9') return U'0' + (typed - U'\u06F0');
    if (typed >= U'\u0660' && typed <= U'\u0669') return U'0' + (typed - U'\u0660');
    for (const auto& [persian, latin] : kPersianLayout)
        if (persian == typed) return static_cast<char32_t>(latin);
    return typed;
}

std::string latinMoveText(std::string_view typed) {
    std::string out;
    const char* p = typed.data();
    const char* end = p + typed.size();
    while (p < end) {
        unsigned c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        if (n <= 0) break;
        p += n;
        appendUtf8(out, latinMoveKey(static_cast<char32_t>(c)));
    }
    return out;
}

}  // namespace oc::ui
