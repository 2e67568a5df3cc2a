#include "catalogue.hpp"

#include <array>
#include <atomic>
#include <boost/locale/gnu_gettext.hpp>
#include <boost/locale/message.hpp>
#include <filesystem>
#include <locale>
#include <memory>
#include <mutex>
#include <vector>

#include "data_files/data_files.hpp"
#include "i18n/tr.hpp"

namespace oc::i18n {
namespace {

namespace fs = std::filesystem;
constexpr const char* kDomain = "operator-console";

using detail::Catalogue;

// Where the compiled catalogues are: $OC_LOCALE_DIR, then locale/ in the program's data folders (the
// build tree's build/locale, or the package's share/operator-console/locale: data_files.hpp).
std::vector<fs::path> localeDirs() {
    std::vector<fs::path> dirs;
    if (const char* env = std::getenv("OC_LOCALE_DIR"); env && *env) dirs.emplace_back(env);
    for (const auto& folder : data_files::searchFolders()) dirs.push_back(folder / "locale");
    return dirs;
}

fs::path moFile(const fs::path& dir, UiLanguage lang) {
    return dir / std::string(uiLanguageCode(lang)) / "LC_MESSAGES" / (std::string(kDomain) + ".mo");
}

tl::expected<Catalogue, std::string> load(UiLanguage lang) {
    std::string looked;
    for (const auto& dir : localeDirs()) {
        if (!fs::exists(moFile(dir, lang))) {
            looked += (looked.empty() ? "" : ", ") + moFile(dir, lang).string();
            continue;
        }
        boost::locale::gnu_gettext::messages_info info;
        info.language = std::string(uiLanguageCode(lang));
        info.encoding = "UTF-8";
        info.paths = {dir.string()};
        info.domains = {boost::locale::gnu_gettext::messages_info::domain(kDomain)};
        Catalogue c;
        c.holder = std::locale(std::locale::classic(),
                               boost::locale::gnu_gettext::create_messages_facet<char>(info));
        c.facet = &std::use_facet<boost::locale::message_format<char>>(c.holder);
        c.domain = c.facet->domain(kDomain);
        c.patterns = detail::readPatterns(moFile(dir, lang));
        return c;
    }
    return tl::make_unexpected(
        fmt::format("no catalogue for UI language '{}' (looked for {}); reinstall the package, build the "
                    "project (msgfmt compiles assets/locale), or set OC_LOCALE_DIR",
                    uiLanguageCode(lang), looked));
}

// Catalogues are loaded at most once and never freed, so a pointer tr() returned stays valid after a
// switch of language (the setup screen switches while last frame's strings may still be in use).
std::mutex g_load_mutex;
std::array<std::unique_ptr<Catalogue>, 3> g_loaded;  // one slot per UiLanguage
std::atomic<UiLanguage> g_language{UiLanguage::En};
std::atomic<const Catalogue*> g_current{nullptr};

}  // namespace

tl::expected<void, std::string> setUiLanguage(UiLanguage lang) {
    if (lang == UiLanguage::En) {
        g_current.store(nullptr);
        g_language.store(lang);
        return {};
    }
    std::lock_guard lock(g_load_mutex);
    auto& slot = g_loaded[static_cast<std::size_t>(lang)];
    if (!slot) {
        auto c = load(lang);
        if (!c) return tl::make_unexpected(c.error());
        slot = std::make_unique<Catalogue>(std::move(*c));
    }
    g_current.store(slot.get());
    g_language.store(lang);
    return {};
}

const Catalogue* detail::currentCatalogue() {
    return g_current.load();
}

UiLanguage uiLanguage() {
    return g_language.load();
}

const char* trc(const char* context, const char* msgid) {
    const Catalogue* c = g_current.load();
    if (!c || !*msgid) return msgid;  // gettext's "" is the catalogue's header, never a translation
    const char* t = c->facet->get(c->domain, context, msgid);
    return t && *t ? t : msgid;
}

const char* tr(const char* msgid) {
    return trc(nullptr, msgid);
}

const char* trn(const char* singular, const char* plural, long n) {
    const Catalogue* c = g_current.load();
    const char* english = n == 1 ? singular : plural;
    if (!c) return english;
    const char* t = c->facet->get(c->domain, nullptr, singular, static_cast<int>(n));
    return t && *t ? t : english;
}

namespace detail {
std::string formatTranslated(const char* translated, const char* english, fmt::format_args args) {
    try {
        return fmt::vformat(translated, args);
    } catch (const fmt::format_error&) {
        try {
            return fmt::vformat(english, args);
        } catch (const fmt::format_error&) {
            return english;
        }
    }
}
}  // namespace detail

}  // namespace oc::i18n
