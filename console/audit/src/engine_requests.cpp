// E.III 3.4 (issue 37): an `engine_request` record is the console's account of the engine's own line
// `info string request-option name N value V`. The session writes the record when the line arrives and
// journals the engine's lines when its search ends (or at once when it is idle), so the line is in the
// first engine_io records after the request (or, when a flush came first in the same poll, in the last
// ones before it). A request with no such line was never the engine's: the operator's own change.
#include <fmt/format.h>

#include <cstring>
#include <map>

#include "checks.hpp"
#include "i18n/mark.hpp"

namespace oc::audit::detail {
namespace {

constexpr const char* kRequestLine = "< info string request-option name ";
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

using Key = std::pair<std::string, std::string>;  // option name, value

// "< info string request-option name Skill Level value 5" -> {"Skill Level", "5"} (the engine bridge's
// parser: the first "value" word after the name ends it).
std::optional<Key> requestOf(std::string_view line) {
    if (line.rfind(kRequestLine, 0) != 0) return std::nullopt;
    const std::string_view rest = line.substr(std::strlen(kRequestLine));
    const std::size_t v = rest.find(" value ");
    if (v == std::string_view::npos) return std::nullopt;
    return Key{std::string(rest.substr(0, v)), std::string(rest.substr(v + std::strlen(" value ")))};
}

struct Lines {
    std::vector<std::size_t> records;  // engine_io records holding one such line, in order
    std::size_t next = 0;              // the first not yet taken by a request
};

// Where each request's line may be: from the last engine_io record before it to the end of the first run
// of engine_io records after it; `resumed` when the console was restarted before that run, or the journal
// ends first (the stopped program's lines were never journaled).
struct Window {
    std::size_t from = 0, to = kNone;
    bool resumed = false;
};

std::vector<Window> windows(const Timeline& tl, const std::vector<std::size_t>& requests) {
    std::vector<Window> out(requests.size());
    std::size_t last_io = 0, k = 0;
    for (std::size_t i = 0; i < tl.size() && k < requests.size(); ++i) {
        for (; k < requests.size() && requests[k] == i; ++k) out[k].from = last_io;
        if (tl.at(i).type == "engine_io") last_io = i;
    }
    std::size_t run_end = kNone, resumed_at = kNone;  // walking backwards: the next run's end, resume
    k = requests.size();
    for (std::size_t i = tl.size(); i-- > 0 && k > 0;) {
        const std::string& type = tl.at(i).type;
        const bool io = type == "engine_io";
        if (io && (i + 1 == tl.size() || tl.at(i + 1).type != "engine_io")) run_end = i;
        if (type == "console_resumed") resumed_at = i;
        for (; k > 0 && requests[k - 1] == i; --k)
            out[k - 1] = Window{out[k - 1].from, run_end, run_end == kNone || resumed_at < run_end};
    }
    return out;
}

}  // namespace

std::vector<LineFinding> requestLineFindings(const Context& ctx) {
    const Timeline& tl = ctx.tl;
    std::map<Key, Lines> lines;
    std::vector<std::size_t> requests;
    for (std::size_t i = 0; i < tl.size(); ++i) {
        if (tl.at(i).type == "engine_request") requests.push_back(i);
        if (tl.at(i).type != "engine_io") continue;
        for (std::string_view line : tl.lines(i))
            if (auto key = requestOf(line)) lines[*key].records.push_back(i);
    }
    const std::vector<Window> where = windows(tl, requests);
    std::vector<LineFinding> out;
    for (std::size_t k = 0; k < requests.size(); ++k) {
        const json& p = tl.at(requests[k]).payload;
        Lines& found = lines[Key{p.value("name", ""), p.value("value", "")}];
        while (found.next < found.records.size() && found.records[found.next] < where[k].from) ++found.next;
        if (found.next < found.records.size() && found.records[found.next] <= where[k].to) {
            ++found.next;
            continue;
        }
        if (where[k].resumed) continue;  // the engine's lines went with the program that stopped
        out.push_back({"faster-rate", requests[k],
                       fmt::format(i18n::N_("record #{}: an engine request to set {} to {}, but the engine's "
                                            "lines journaled around it hold no such request (\"info string "
                                            "request-option name {} value {}\"): the engine never asked "
                                            "(E.III 3.4)"),
                                   requests[k], p.value("name", ""), p.value("value", ""),
                                   p.value("name", ""), p.value("value", ""))});
    }
    return out;
}

}  // namespace oc::audit::detail
