// FriBidi (libfribidi-dev, pkg-config fribidi) does the bidi algorithm and the Arabic shaping; nothing
// here knows a letter's forms. See ui/display_text.hpp.
#include "ui/display_text.hpp"

#include <fribidi.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharToUtf8

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "i18n/bidi.hpp"
#include "i18n/tr.hpp"
#include "ui/text_wrap.hpp"

namespace oc::ui {

namespace {

std::size_t g_shaped = 0;

// Invisible after reordering, and absent from every font: ZWNJ/ZWJ, LRM/RLM, the embeddings and
// overrides U+202A-202E, the isolates U+2066-2069, and U+FEFF (FriBidi's filler after a lam-alef).
bool invisibleControl(FriBidiChar c) {
    return c == 0x200C || c == 0x200D || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

bool rightToLeftLetter(FriBidiChar c) {
    const FriBidiCharType t = fribidi_get_bidi_type(c);
    return t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL;
}

std::vector<FriBidiChar> toUnicode(std::string_view utf8) {
    std::vector<FriBidiChar> u(utf8.size() + 1);
    const FriBidiStrIndex n = fribidi_charset_to_unicode(FRIBIDI_CHAR_SET_UTF8, utf8.data(),
                                                         static_cast<FriBidiStrIndex>(utf8.size()), u.data());
    u.resize(static_cast<std::size_t>(n));
    return u;
}

std::string toUtf8(const std::vector<FriBidiChar>& u) {
    std::string out;
    char buf[5];
    for (const FriBidiChar c : u)
        if (!invisibleControl(c)) out += ImTextCharToUtf8(buf, c);
    return out;
}

std::string shapeLines(std::string_view logical) {
    std::string out;
    for (std::size_t from = 0; from <= logical.size();) {
        const std::size_t to = std::min(logical.find('\n', from), logical.size());
        out += (from ? "\n" : "") + shapeRtlLine(logical.substr(from, to - from));
        from = to + 1;
    }
    ++g_shaped;
    return out;
}

// Two generations: a reference handed out stays valid while the newer one fills up.
class ShapeCache {
  public:
    const std::string& get(const std::string& key, const auto& make) {
        if (auto it = fresh_.find(key); it != fresh_.end()) return it->second;
        if (auto it = old_.find(key); it != old_.end()) return fresh_.emplace(key, it->second).first->second;
        if (fresh_.size() >= kGeneration) {
            old_ = std::move(fresh_);
            fresh_.clear();
        }
        return fresh_.emplace(key, make()).first->second;
    }
    void clear() {
        fresh_.clear();
        old_.clear();
    }

  private:
    static constexpr std::size_t kGeneration = 4096;
    std::unordered_map<std::string, std::string> fresh_, old_;
};

// UI thread only, as all of ImGui. Emptied when the language changes.
ShapeCache& cache() {
    static ShapeCache c;
    static i18n::UiLanguage language = i18n::uiLanguage();
    if (language != i18n::uiLanguage()) {
        c.clear();
        language = i18n::uiLanguage();
    }
    return c;
}

float shapedWidth(const std::string& logical) {
    return ImGui::CalcTextSize(shapedText(logical).c_str()).x;
}

}  // namespace

bool hasRightToLeft(std::string_view logical) {
    // Asked every frame for every free-text field: ASCII, most names, needs no decoding.
    if (std::all_of(logical.begin(), logical.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return false;
    const std::vector<FriBidiChar> u = toUnicode(logical);
    return std::any_of(u.begin(), u.end(), rightToLeftLetter);
}

std::string shapeRtlLine(std::string_view logical) {
    std::vector<FriBidiChar> u = toUnicode(logical);
    bool rtl = false;
    for (const FriBidiChar c : u) rtl = rtl || rightToLeftLetter(c);
    if (!rtl || u.empty()) return toUtf8(u);
    std::vector<FriBidiChar> visual(u.size() + 1);
    FriBidiParType base = FRIBIDI_PAR_RTL;
    // log2vis runs the bidi algorithm, joining, shaping (FRIBIDI_FLAGS_ARABIC) and the reordering.
    if (fribidi_log2vis(u.data(), static_cast<FriBidiStrIndex>(u.size()), &base, visual.data(), nullptr,
                        nullptr, nullptr) == 0)
        return toUtf8(u);
    visual.resize(u.size());
    return toUtf8(visual);
}

bool rightToLeftUi() {
    return i18n::rightToLeftUi();
}

const std::string& displayText(std::string_view logical) {
    const std::string key(logical);
    if (!rightToLeftUi()) {
        static std::string identity;  // UI thread only; the caller draws it before the next call
        identity = key;
        return identity;
    }
    return shapedText(logical);
}

const std::string& shapedText(std::string_view logical) {
    return cache().get(std::string(logical), [&] { return shapeLines(logical); });
}

std::string shownResult(std::string_view result) {
    return result == "1/2-1/2" ? std::string("\u00BD-\u00BD") : std::string(result);
}

std::string displayLabel(std::string_view label) {
    if (!rightToLeftUi()) return std::string(label);
    const std::size_t hashes = label.find("##");
    if (hashes == std::string_view::npos) return displayText(label);
    return displayText(label.substr(0, hashes)) + std::string(label.substr(hashes));
}

const std::string& displayWrapped(std::string_view logical, float width) {
    if (!rightToLeftUi()) {
        static std::string wrapped;
        wrapped = wrapAtSpaces(std::string(logical), width);
        return wrapped;
    }
    return shapedWrapped(logical, width);
}

const std::string& shapedWrapped(std::string_view logical, float width) {
    // The width is part of the key: a pane resized is wrapped anew, once.
    const std::string key = std::to_string(static_cast<int>(width)) + '\x1f' + std::string(logical);
    return cache().get(key,
                       [&] { return shapedText(wrapAtSpaces(std::string(logical), width, shapedWidth)); });
}

std::size_t shapedCount() {
    return g_shaped;
}

}  // namespace oc::ui
