#pragma once
// --push-lichess: where and as whom the hub pushes its games to a lichess broadcast round, checked before
// anything is served (the round's id, the push URL, the token file). No network here.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>

namespace oc::broadcast {

struct LichessPushOptions {
    std::string round_id;  // 8 characters [A-Za-z0-9], from the round's URL
    std::string token;     // the bearer token: never written to a log, a journal, a message or the JSON
    std::string url = "https://lichess.org";  // --push-url: any host that takes the same call (tests)
    std::string ca_file;                      // --ca-file: trust only this CA; empty: the system's CA store
    std::string round_filter;  // --push-round-filter: only boards of this round; empty: every board
};

// The push call's address: https://HOST[:PORT][/PREFIX] + /api/broadcast/round/ROUND_ID/push.
struct PushEndpoint {
    std::string host;
    std::string port = "443";
    std::string target;
    std::string shown() const;  // https://HOST[:PORT]TARGET, for messages (it holds no secret)
};

[[nodiscard]] tl::expected<void, std::string> checkRoundId(const std::string& id);
[[nodiscard]] tl::expected<PushEndpoint, std::string> pushEndpoint(const std::string& url,
                                                                   const std::string& round_id);
// The file's one line, without the line end. Refused, as ssh refuses a private key, when the group or
// others may read it (a token with study:write can change the broadcast); refused when empty.
[[nodiscard]] tl::expected<std::string, std::string> readTokenFile(const std::filesystem::path& file);

}  // namespace oc::broadcast
