#include "broadcast/lichess_target.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <string_view>

#include "broadcast/publish_url.hpp"
#include "i18n/mark.hpp"

namespace oc::broadcast {
namespace {

bool alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

tl::unexpected<std::string> badUrl(const std::string& text, const char* why) {
    return tl::unexpected(
        fmt::format(i18n::N_("--push-url \"{}\": {}; expected https://HOST[:PORT], e.g. https://lichess.org"),
                    text, why));
}

// "HOST", "HOST:PORT", "[V6]" or "[V6]:PORT" into the endpoint's host and port.
bool splitAuthority(std::string authority, PushEndpoint& out) {
    const std::size_t bracket = authority.rfind(']');
    const std::size_t colon = authority.rfind(':');
    if (colon != std::string::npos && (bracket == std::string::npos || colon > bracket)) {
        out.port = authority.substr(colon + 1);
        authority.resize(colon);
    }
    if (authority.size() >= 2 && authority.front() == '[' && authority.back() == ']')
        authority = authority.substr(1, authority.size() - 2);
    out.host = authority;
    return !authority.empty();
}

}  // namespace

std::string PushEndpoint::shown() const {
    const std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return "https://" + h + (port == "443" ? "" : ":" + port) + target;
}

tl::expected<void, std::string> checkRoundId(const std::string& id) {
    if (id.size() == 8 && std::all_of(id.begin(), id.end(), alnum)) return {};
    return tl::unexpected(fmt::format(i18n::N_("--push-lichess \"{}\": a round's id is 8 letters and digits, "
                                               "the last part of the round's URL, e.g. "
                                               "https://lichess.org/broadcast/my-event/round-1/AbCd1234"),
                                      id));
}

tl::expected<PushEndpoint, std::string> pushEndpoint(const std::string& url, const std::string& round_id) {
    constexpr std::string_view kScheme = "https://";
    if (!url.starts_with(kScheme)) return badUrl(url, i18n::N_("only https:// is supported"));
    std::string rest = url.substr(kScheme.size());
    while (!rest.empty() && rest.back() == '/') rest.pop_back();
    const std::size_t slash = rest.find('/');
    PushEndpoint out;
    if (!splitAuthority(rest.substr(0, slash), out)) return badUrl(url, i18n::N_("the host is missing"));
    if (!validPort(out.port)) return badUrl(url, i18n::N_("the port must be a number from 1 to 65535"));
    const std::string prefix = slash == std::string::npos ? std::string() : rest.substr(slash);
    const auto plain = [](char c) { return alnum(c) || c == '/' || c == '-' || c == '_' || c == '.'; };
    if (!std::all_of(prefix.begin(), prefix.end(), plain))
        return badUrl(url, i18n::N_("the path may hold only letters, digits and / - _ ."));
    out.target = prefix + "/api/broadcast/round/" + round_id + "/push";
    return out;
}

tl::expected<std::string, std::string> readTokenFile(const std::filesystem::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return tl::unexpected(fmt::format(i18n::N_("--token-file {}: no such file; give the file that holds "
                                                   "the lichess token (study:write), one line"),
                                          file.string()));
    if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0)
        return tl::unexpected(
            fmt::format(i18n::N_("--token-file {}: the group or others may read it, and the "
                                 "token can change the broadcast; run: chmod 600 {}"),
                        file.string(), file.string()));
    std::ifstream in(file, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    if (!in.good() && !in.eof())
        return tl::unexpected(fmt::format(i18n::N_("--token-file {}: cannot be read"), file.string()));
    if (text.empty())
        return tl::unexpected(fmt::format(
            i18n::N_("--token-file {}: the file is empty; put the lichess token (study:write) in it"),
            file.string()));
    // A token is one word of printable characters: anything else would break the request's header.
    if (!std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 127; }))
        return tl::unexpected(fmt::format(i18n::N_("--token-file {}: the token must be one line of printable "
                                                   "characters without spaces, as lichess gives it"),
                                          file.string()));
    return text;
}

}  // namespace oc::broadcast
