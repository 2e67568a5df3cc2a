// The journal header's program and rules (issue 37 items 1 and 6).
#include "session/journal_header.hpp"

#include <fmt/format.h>

#include "clock/budget.hpp"
#include "version/version.hpp"

namespace oc::session {
namespace {

using nlohmann::json;

json reserveRule() {
    const clock::ReserveSettings rs;  // the starting value and the safety moves are in the setup record
    return {{"rule", rs.rule},
            {"percentile", rs.percentile},
            {"window", rs.window},
            {"min_samples", rs.min_samples},
            {"floor_ms", std::chrono::duration_cast<std::chrono::milliseconds>(rs.floor).count()}};
}

json budgetRule() {
    const clock::BudgetSettings bs;
    return {{"formula", clock::kBudgetFormula},
            {"sudden_death_horizon", bs.sudden_death_horizon},
            {"min_engine_time_ms",
             std::chrono::duration_cast<std::chrono::milliseconds>(bs.min_engine_time).count()},
            {"faster_rate_factor", bs.faster_rate_factor}};
}

std::optional<int> intAt(const json& j, const char* object, const char* key) {
    const auto o = j.find(object);
    if (o == j.end() || !o->is_object()) return std::nullopt;
    const auto v = o->find(key);
    if (v == o->end() || !v->is_number_integer()) return std::nullopt;
    return v->get<int>();
}

std::optional<std::string> programOf(const json& header) {
    const auto p = header.find("program");
    if (p == header.end() || !p->is_object()) return std::nullopt;
    const auto text = [&](const char* key) {
        const auto v = p->find(key);
        return v != p->end() && v->is_string() ? v->get<std::string>() : std::string("?");
    };
    return fmt::format("{} {} (commit {})", text("name"), text("version"), text("commit"));
}

}  // namespace

json thisConsole() {
    return {{"program",
             {{"name", "operator-console"},
              {"version", std::string(version::release())},
              {"commit", std::string(version::commit())}}},
            {"rules", {{"handling_reserve", reserveRule()}, {"budget", budgetRule()}}}};
}

json journalHeader(const std::string& app) {
    json header = thisConsole();
    header["app"] = app;
    return header;
}

HeaderFacts resumeFacts(const json& resumed_payload) {
    if (!resumed_payload.is_object()) return {};
    json as_header = json::object();
    if (const auto c = resumed_payload.find("console"); c != resumed_payload.end()) as_header["program"] = *c;
    if (const auto r = resumed_payload.find("rules"); r != resumed_payload.end()) as_header["rules"] = *r;
    return headerFacts(as_header);
}

HeaderFacts headerFacts(const json& header) {
    HeaderFacts f;
    if (!header.is_object()) return f;
    f.program = programOf(header);
    const auto rules = header.find("rules");
    if (rules != header.end() && rules->is_object()) {
        f.reserve_rule = intAt(*rules, "handling_reserve", "rule");
        f.budget_formula = intAt(*rules, "budget", "formula");
    }
    const auto v = header.find("journal_version");
    if (v != header.end() && v->is_number_integer()) f.journal_version = v->get<int>();
    f.signing_key = journal::payloadText(header, "signing_key");
    return f;
}

std::string journalKeyFingerprint(const journal::JournalContents& contents) {
    // The chain's tip holds the key in force after the last record: the one a signature check of the
    // final hash uses.
    if (contents.tip.signing_key.empty()) return {};
    return journal::keyFingerprint(contents.tip.signing_key);
}

int newestReserveRule() {
    return clock::kReserveRule;
}
int oldestReserveRule() {
    return clock::kOldestReserveRule;
}
int newestBudgetFormula() {
    return clock::kBudgetFormula;
}

}  // namespace oc::session
