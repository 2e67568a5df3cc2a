// Journal JSON -> typed records, without exceptions: a missing or mistyped field is an error value.
#include "records.hpp"

#include <fmt/format.h>

#include <functional>
#include <map>

namespace oc::session::rec {
namespace {

using nlohmann::json;

// Reads fields of one record; the first problem is kept and every later read gives a default.
class Fields {
  public:
    explicit Fields(const json& r) : r_(r) {}
    const std::string& error() const { return error_; }

    std::string str(const char* key) {
        return get<std::string>(key, &json::is_string, "a string").value_or("");
    }
    std::int64_t i64(const char* key) {
        return get<std::int64_t>(key, &json::is_number_integer, "a whole number").value_or(0);
    }
    bool flag(const char* key) { return get<bool>(key, &json::is_boolean, "true or false").value_or(false); }
    bool flag(const char* key, bool absent) { return has(key) ? flag(key) : absent; }
    Ms ms(const char* key) { return Ms(i64(key)); }
    TimePoint time(const char* key) {
        return TimePoint(std::chrono::duration_cast<TimePoint::duration>(ms(key)));
    }
    Color color(const char* key) {
        std::string c = str(key);
        if (c != "white" && c != "black") fail(key, "\"white\" or \"black\"");
        return c == "white" ? Color::White : Color::Black;
    }
    // Absent or null: nullopt.
    std::optional<std::string> optStr(const char* key) {
        return has(key) ? get<std::string>(key, &json::is_string, "a string") : std::nullopt;
    }
    std::optional<std::int64_t> optI64(const char* key) {
        return has(key) ? get<std::int64_t>(key, &json::is_number_integer, "a whole number") : std::nullopt;
    }
    std::optional<Ms> optMs(const char* key) {
        auto v = optI64(key);
        return v ? std::optional<Ms>(Ms(*v)) : std::nullopt;
    }
    std::optional<int> optInt(const char* key) {
        auto v = optI64(key);
        return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
    }
    std::string strOr(const char* key, const std::string& absent) { return has(key) ? str(key) : absent; }
    // Absent: `absent`; else the value must be one of the two words.
    bool either(const char* key, const char* no, const char* yes, const char* want) {
        const std::string v = strOr(key, no);
        if (v != no && v != yes) fail(key, want);
        return v == yes;
    }
    json raw(const char* key) { return has(key) ? r_.at(key) : json(); }
    // Absent: nothing to check; else an array of strings (the engine's lines).
    void strings(const char* key) {
        auto it = r_.find(key);
        if (it == r_.end()) return;
        if (!it->is_array()) return fail(key, "an array of strings", it->type_name());
        for (const auto& v : *it)
            if (!v.is_string()) return fail(key, "an array of strings", "an array holding a non-string");
    }

  private:
    bool has(const char* key) const { return r_.contains(key) && !r_.at(key).is_null(); }
    template <class T>
    std::optional<T> get(const char* key, bool (json::*is)() const noexcept, const char* want) {
        auto it = r_.find(key);
        if (it == r_.end()) return missing(key, want), std::nullopt;
        if (!((*it).*is)()) return fail(key, want, it->type_name()), std::nullopt;
        return it->template get<T>();
    }
    void missing(const char* key, const char* want) {
        if (error_.empty()) error_ = fmt::format("field \"{}\" is missing (expected {})", key, want);
    }
    // The field's name, what the console writes there, and what the record holds instead.
    void fail(const char* key, const char* want, const char* got = nullptr) {
        if (!error_.empty()) return;
        error_ = got ? fmt::format("field \"{}\": expected {}, found {}", key, want, got)
                     : fmt::format("field \"{}\": expected {}", key, want);
    }
    const json& r_;
    std::string error_;
};

using Parser = std::function<Body(Fields&)>;

Body audit(Fields&) {
    return Audit{true};
}
Body evidence(Fields&) {
    return Audit{false};
}
// The evidence the audit reads (E.III 2.1, 2.3): the budgets of a search and the engine's lines.
Body search(Fields& f) {
    for (const char* key : {"wtime", "btime", "winc", "binc", "movestogo"}) (void)f.optI64(key);
    return Audit{false};
}
Body engineIo(Fields& f) {
    f.strings("lines");
    return Audit{false};
}
Body refused(Fields& f) {
    (void)f.strOr("command", "");
    (void)f.strOr("reason", "");
    return Audit{true};
}

tl::expected<Body, std::string> setup(const json& r) {
    if (!r.contains("setup")) return tl::make_unexpected("field \"setup\": expected present");
    auto s = event::eventSetupFromJson(r.at("setup"));
    if (!s) return tl::make_unexpected(s.error());
    return Setup{*s};
}

// clang-format off
const std::map<std::string, Parser, std::less<>>& parsers() {
    static const std::map<std::string, Parser, std::less<>> kParsers{
        {"start", [](Fields& f) -> Body { return Start{f.time("at")}; }},
        {"human_move", [](Fields& f) -> Body { (void)f.strOr("text", ""); return HumanMove{f.str("uci"), f.time("pressed"), f.flag("offer", false)}; }},
        {"engine_move", [](Fields& f) -> Body { return EngineMove{f.str("uci"), f.optInt("cp"), f.optInt("mate")}; }},
        {"engine_move_withheld", [](Fields&) -> Body { return EngineMoveWithheld{}; }},
        {"made", [](Fields& f) -> Body { return Made{f.str("uci"), f.flag("breach", false)}; }},
        {"pressed", [](Fields& f) -> Body { return Pressed{f.time("at")}; }},
        {"recorded", [](Fields&) -> Body { return Recorded{}; }},
        {"sync", [](Fields& f) -> Body { return Sync{f.optMs("white"), f.optMs("black"), f.either("source", "typed", "board", "\"typed\" or \"board\"")}; }},
        {"human_offer", [](Fields&) -> Body { return HumanOffer{}; }},
        {"answer_human", [](Fields& f) -> Body { return AnswerHuman{f.flag("accept")}; }},
        {"computer_offer", [](Fields&) -> Body { return ComputerOffer{}; }},
        {"answer_computer", [](Fields& f) -> Body { return AnswerComputer{f.flag("accept")}; }},
        {"claim", [](Fields& f) -> Body { return Claim{f.color("claimant"), f.str("kind"), f.str("verdict"), f.strOr("detail", ""), f.optStr("intended")}; }},
        {"resign", [](Fields& f) -> Body { return Resign{f.color("side")}; }},
        {"flag_reported", [](Fields& f) -> Body { return FlagReported{f.color("side")}; }},
        {"flag_confirmed", [](Fields& f) -> Body { return FlagConfirmed{f.color("side")}; }},
        {"pause", [](Fields&) -> Body { return Pause{true}; }},
        {"unpause", [](Fields&) -> Body { return Pause{false}; }},
        {"adjust", [](Fields& f) -> Body { return Adjust{f.color("side"), f.ms("delta"), f.str("reason")}; }},
        {"illegal", [](Fields& f) -> Body { return Illegal{static_cast<int>(f.i64("ply")), f.flag("increment_earned", true), f.optStr("kind")}; }},
        {"correct", [](Fields& f) -> Body { return Correct{f.str("old"), f.str("uci")}; }},
        {"arbiter_result", [](Fields& f) -> Body { return ArbiterResult{f.str("result"), f.str("reason")}; }},
        {"faster", [](Fields& f) -> Body { return Faster{f.flag("on")}; }},
        {"seal_requested", [](Fields&) -> Body { return SealRequested{}; }},
        {"sealed", [](Fields& f) -> Body { (void)f.optStr("fingerprint"); return Sealed{f.color("by"), f.optStr("uci"), f.strOr("text", ""), f.raw("envelope"), f.flag("on_board", false)}; }},
        {"resume", [](Fields& f) -> Body { return Resume{f.time("at"), f.optStr("opened"), f.optStr("written"), f.optStr("uci")}; }},
        {"engine_fault", [](Fields& f) -> Body { return EngineFault{f.str("what")}; }},
        {"engine_request", [](Fields& f) -> Body { return EngineRequest{f.str("name"), f.str("value"), f.strOr("reason", ""), f.flag("allowed")}; }},
        {"module_change", [](Fields& f) -> Body { return ModuleChange{f.str("name"), f.str("value")}; }},
        {"engine_restart", [](Fields& f) -> Body { return EngineRestart{f.ms("downtime_ms")}; }},
        {"qpf_claim", [](Fields& f) -> Body { return QpfClaim{f.color("claimant"), f.flag("provisional", false)}; }},
        {"qpf_ruling", [](Fields& f) -> Body { return QpfRuling{f.str("ruling"), f.flag("add", false)}; }},
        {"increment_request", [](Fields& f) -> Body { return IncrementRequest{f.color("requester")}; }},
        {"increment_ruling", [](Fields& f) -> Body { return IncrementRuling{f.flag("grant")}; }},
        {"illegal_kind", [](Fields& f) -> Body { return IllegalKind{f.str("kind"), f.color("side"), f.strOr("move", ""), f.optStr("uci"), f.flag("breach", false), f.flag("increment_earned", false)}; }},
        {"arrival", [](Fields& f) -> Body { return Arrival{f.color("side"), f.ms("late_ms"), f.ms("default_ms"), f.flag("forfeit"), f.str("article"), f.time("at")}; }},
        {"forfeit", [](Fields& f) -> Body { return Forfeit{f.color("side"), f.flag("confirm")}; }},
        {"console_resumed", [](Fields& f) -> Body { return ConsoleResumed{f.str("program"), static_cast<std::uint64_t>(f.i64("resumed_from_seq"))}; }},
        {"draw_answer", [](Fields&) -> Body { return DrawAnswer{}; }},
        {"resumption_text", [](Fields& f) -> Body { return ResumptionText{f.str("text")}; }},
        {"consultation", audit}, {"refused", refused}, {"note", audit}, {"eboard", audit},
        {"signing_key_changed", [](Fields&) -> Body { return SigningKeyChanged{}; }},
        {"go", search}, {"engine_io", engineIo}, {"script", evidence}, {"script_line", evidence},
        {"ponder_start", search}, {"ponder_hit", evidence}, {"ponder_miss", evidence}, {"ponder_stop", evidence}};
    return kParsers;
}
// clang-format on

}  // namespace

tl::expected<Record, std::string> parse(const json& r) {
    if (!r.is_object()) return tl::make_unexpected("a record must be a JSON object");
    Fields f(r);
    TimePoint t = f.time("t");
    std::string type = f.str("type");
    if (!f.error().empty()) return tl::make_unexpected(f.error());
    if (type == "setup") {
        auto body = setup(r);
        if (!body) return tl::make_unexpected("setup: " + body.error());
        return Record{t, std::move(*body)};
    }
    auto it = parsers().find(type);
    if (it == parsers().end()) return tl::make_unexpected(fmt::format("unknown record type \"{}\"", type));
    Body body = it->second(f);
    if (!f.error().empty()) return tl::make_unexpected(type + ": " + f.error());
    return Record{t, std::move(body)};
}

}  // namespace oc::session::rec
