// The audit report as JSON: the same checks as the printed lines, and the pictures' series.
#include "audit/audit.hpp"

namespace oc::audit {
namespace {

using nlohmann::json;

json optional(const std::optional<double>& v) {
    return v ? json(*v) : json(nullptr);
}

json syncJson(const SyncMark& y) {
    return {{"ply", y.ply},
            {"record", y.record},
            {"white_s", optional(y.white_s)},
            {"black_s", optional(y.black_s)},
            {"white_diff_s", optional(y.white_diff_s)},
            {"black_diff_s", optional(y.black_diff_s)}};
}

json computerMoveJson(const ComputerMove& m) {
    return {{"ply", m.ply},
            {"record", m.record},
            {"given_s", m.given_s},
            {"think_s", optional(m.think_s)},
            {"handling_s", optional(m.handling_s)},
            {"reserve_s", m.reserve_s},
            {"eval_cp", m.eval_cp ? json(*m.eval_cp) : json(nullptr)},
            {"faster", m.faster}};
}

json seriesJson(const Series& s) {
    json out{{"plies", s.plies}, {"reserve_setting_s", s.reserve_setting_s}};
    for (const auto& c : s.clocks)
        out["clocks"].push_back({{"ply", c.ply}, {"white", c.white}, {"remaining_s", c.remaining_s}});
    for (const auto& y : s.syncs) out["syncs"].push_back(syncJson(y));
    for (const auto& m : s.computer_moves) out["computer_moves"].push_back(computerMoveJson(m));
    for (const auto& m : s.marks)
        out["marks"].push_back(
            {{"ply", m.ply}, {"what", m.what}, {"computer", m.computer}, {"record", m.record}});
    for (const auto& [from, to] : s.faster_periods) out["faster_periods"].push_back({from, to});
    out["adjournments"] = s.adjournments;
    out["policy"] = {{"offer_within_cp", s.policy.offer_within_cp},
                     {"accept_below_cp", s.policy.accept_below_cp},
                     {"claim_below_cp", s.policy.claim_below_cp},
                     {"resign_below_cp", s.policy.resign_below_cp}};
    return out;
}

// Who signed the records (issue 35): key null for an unsigned journal (version 1 or 2).
json signingJson(const Report& report) {
    auto key = [](const std::string& hex) {
        return hex.empty() ? json() : json{{"key", hex}, {"fingerprint", journal::keyFingerprint(hex)}};
    };
    json out{{"signed", !report.signing_key.empty()},
             {"key", key(report.signing_key)},
             {"changes", json::array()}};
    for (const KeyChange& k : report.key_changes)
        out["changes"].push_back({{"record", k.record},
                                  {"key", key(k.key)},
                                  {"previous_key", key(k.previous_key)},
                                  {"reason", k.reason}});
    return out;
}

}  // namespace

json toJson(const Report& report) {
    json out{{"file", report.file},
             {"verified", report.verified},
             {"passed", report.passed()},
             // "passed", "breach", or "not-all-checked": no breach, but some checks could not judge
             {"outcome", report.passed()     ? "passed"
                         : report.breached() ? "breach"
                                             : "not-all-checked"},
             {"records", report.records},
             {"final_hash", report.final_hash},
             {"journal_version", report.journal_version},
             // null: the header does not say (a console before issue 37)
             {"written_by", report.written_by.empty() ? json() : json(report.written_by)},
             // reserve_rule null: no rule this audit knows gives the go figures (not checked)
             {"judged_by",
              {{"reserve_rule", report.reserve_rule == 0 ? json() : json(report.reserve_rule)},
               {"from", report.rules_from}}},
             {"event", report.event},
             {"white", report.white},
             {"black", report.black},
             {"result", report.result},
             {"computer", report.computer_white ? "white" : "black"},
             {"checks", json::array()},
             {"series", seriesJson(report.series)}};
    out["signing"] = signingJson(report);
    for (const Check& c : report.checks)
        out["checks"].push_back({{"name", c.name},
                                 {"article", c.article},
                                 {"title", c.title},
                                 {"verdict", verdictName(c.verdict)},
                                 {"evidence", c.evidence},
                                 {"details", c.details},
                                 {"records", c.records}});
    return out;
}

}  // namespace oc::audit
