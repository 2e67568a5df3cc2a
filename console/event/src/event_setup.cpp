#include "event/event_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "i18n/mark.hpp"

namespace oc::event {
namespace {

using nlohmann::json;
using Result = tl::expected<void, std::string>;

constexpr std::array kLanguages{"en", "pl", "de", "fr", "es", "nl", "ru"};
// The UI languages with a catalogue (i18n::uiLanguages; tests/i18n checks that the two lists agree).
constexpr std::array kUiLanguages{"en", "pl"};
constexpr std::array kClasses{"auto", "standard", "rapid", "blitz"};
constexpr std::array kQuickplay{"none", "claim", "increment", "both"};
constexpr std::array kSpeech{"off", "computer", "all"};

const char* sideName(rules::Color c) {
    return c == rules::Color::White ? "white" : "black";
}

json policyJson(const DrawPolicy& p) {
    return {{"accept_below_cp", p.accept_below_cp},    {"accept_over_moves", p.accept_over_moves},
            {"offer_enabled", p.offer_enabled},        {"offer_within_cp", p.offer_within_cp},
            {"offer_after_move", p.offer_after_move},  {"offer_rate_limit", p.offer_rate_limit},
            {"claim_enabled", p.claim_enabled},        {"claim_below_cp", p.claim_below_cp},
            {"resign_enabled", p.resign_enabled},      {"resign_below_cp", p.resign_below_cp},
            {"resign_over_moves", p.resign_over_moves}};
}

// QPF-02/03: the quickplay indication's keys (E.III 3.3, Q2).
json withQuickplay(json j, const DrawPolicy& p) {
    j.update({{"qpf_claim_enabled", p.qpf_claim_enabled},
              {"qpf_claim_within_cp", p.qpf_claim_within_cp},
              {"qpf_claim_over_moves", p.qpf_claim_over_moves}});
    return j;
}

DrawPolicy policyFrom(const json& j) {
    DrawPolicy p;
    p.accept_below_cp = j.at("accept_below_cp").get<int>();
    p.accept_over_moves = j.at("accept_over_moves").get<int>();
    p.offer_enabled = j.at("offer_enabled").get<bool>();
    p.offer_within_cp = j.at("offer_within_cp").get<int>();
    p.offer_after_move = j.at("offer_after_move").get<int>();
    p.offer_rate_limit = j.at("offer_rate_limit").get<int>();
    p.claim_enabled = j.at("claim_enabled").get<bool>();
    p.claim_below_cp = j.at("claim_below_cp").get<int>();
    p.resign_enabled = j.at("resign_enabled").get<bool>();
    p.resign_below_cp = j.at("resign_below_cp").get<int>();
    p.resign_over_moves = j.at("resign_over_moves").get<int>();
    p.qpf_claim_enabled = j.at("qpf_claim_enabled").get<bool>();
    p.qpf_claim_within_cp = j.at("qpf_claim_within_cp").get<int>();
    p.qpf_claim_over_moves = j.at("qpf_claim_over_moves").get<int>();
    return p;
}

// Numbers are interchangeable (5 and 5.0); everything else must have the default's JSON type.
bool sameKind(const json& a, const json& b) {
    if (a.is_number() && b.is_number()) return true;
    return a.type() == b.type();
}

// Every key of `in` must exist in `tmpl` with the same kind; free-form maps and lists are checked flat.
Result checkShape(const json& tmpl, const json& in, const std::string& path) {
    if (!in.is_object())
        return tl::make_unexpected(fmt::format(i18n::N_("{}: expected a JSON object"), path));
    for (const auto& [key, value] : in.items()) {
        std::string where = path.empty() ? key : path + "." + key;
        if (!tmpl.contains(key))
            return tl::make_unexpected(fmt::format(i18n::N_("{}: unknown setting"), where));
        const json& expect = tmpl.at(key);
        if (!sameKind(expect, value))
            return tl::make_unexpected(fmt::format(i18n::N_("{}: expected a {}, got {}"), where,
                                                   expect.type_name(), value.type_name()));
        if (where == "engine.options") {
            for (const auto& [name, v] : value.items())
                if (!v.is_string())
                    return tl::make_unexpected(
                        fmt::format(i18n::N_("{}.{}: option values are strings"), where, name));
        } else if (where == "engine.args" || where == "engine.requestable_options") {
            for (const auto& v : value)
                if (!v.is_string()) return tl::make_unexpected(where + ": expected a list of strings");
        } else if (value.is_object()) {
            if (auto r = checkShape(expect, value, where); !r) return r;
        }
    }
    return {};
}

template <std::size_t N>
bool oneOf(const std::string& v, const std::array<const char*, N>& allowed) {
    return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return v == a; });
}

Result fail(std::string message) {
    return tl::make_unexpected(std::move(message));
}

Result validatePolicy(const DrawPolicy& p) {
    if (p.accept_over_moves < 1) return fail(i18n::N_("policy.accept_over_moves: must be at least 1"));
    if (p.resign_over_moves < 1) return fail(i18n::N_("policy.resign_over_moves: must be at least 1"));
    if (p.offer_within_cp < 0) return fail(i18n::N_("policy.offer_within_cp: must be 0 or more"));
    if (p.offer_after_move < 1)
        return fail(i18n::N_("policy.offer_after_move: must be a move number (1 or more)"));
    if (p.offer_rate_limit < 0) return fail(i18n::N_("policy.offer_rate_limit: must be 0 or more moves"));
    if (p.qpf_claim_within_cp < 0) return fail(i18n::N_("policy.qpf_claim_within_cp: must be 0 or more"));
    if (p.qpf_claim_over_moves < 1) return fail(i18n::N_("policy.qpf_claim_over_moves: must be at least 1"));
    return {};
}

// A FIDE ID is a player's number in the FIDE rating list: digits only, no leading zero.
Result validateFideId(const std::string& key, const std::string& id) {
    if (id.empty()) return {};
    const bool digits = std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || id.size() > 10 || id.front() == '0')
        return fail(
            fmt::format(i18n::N_("{}: \"{}\" is not a FIDE ID; give the player's FIDE ID as digits, e.g. "
                                 "\"1503014\", or leave it empty"),
                        key, id));
    return {};
}

// FIDE's list runs from its floor (1400 since 2024, 1000 before) to below 3000; 0 means unrated.
Result validateRating(const std::string& key, int rating) {
    if (rating == 0 || (rating >= 1000 && rating <= 3000)) return {};
    return fail(
        fmt::format(i18n::N_("{}: {} is not a FIDE rating; give a rating from 1000 to 3000, or 0 for none"),
                    key, rating));
}

Result validatePlayers(const EventSetup& s) {
    for (auto r :
         {validateFideId("white_fide_id", s.white_fide_id), validateFideId("black_fide_id", s.black_fide_id),
          validateRating("white_rating", s.white_rating), validateRating("black_rating", s.black_rating)})
        if (!r) return r;
    return {};
}

// A FIDE ID written as a JSON number (1503014) is read as its digits; a rating must be a whole number.
tl::expected<json, std::string> normalizePlayers(json in) {
    if (!in.is_object()) return in;
    for (const char* key : {"white_fide_id", "black_fide_id"})
        if (in.contains(key) && in[key].is_number_integer() && in[key].get<long long>() >= 0)
            in[key] = std::to_string(in[key].get<long long>());
    for (const char* key : {"white_rating", "black_rating"})
        if (in.contains(key) && in[key].is_number() && !in[key].is_number_integer())
            return tl::make_unexpected(fmt::format(
                i18n::N_("{}: {} is not a whole number; give the FIDE rating, e.g. 2450, or 0 for none"), key,
                in[key].dump()));
    return in;
}

void playersFrom(const json& merged, EventSetup& s) {
    s.white_fide_id = merged.at("white_fide_id");
    s.black_fide_id = merged.at("black_fide_id");
    s.white_rating = merged.at("white_rating").get<int>();
    s.black_rating = merged.at("black_rating").get<int>();
    s.operator_name = merged.at("operator_name");
}

void flatten(const json& j, const std::string& path, std::map<std::string, std::string>& out) {
    if (j.is_object() && !j.empty()) {
        for (const auto& [k, v] : j.items()) flatten(v, path.empty() ? k : path + "." + k, out);
    } else {
        out[path] = j.dump();
    }
}

}  // namespace

int editionYear(rules::Edition edition) {
    return edition == rules::Edition::E2005 ? 2005 : 2023;
}

std::optional<rules::Edition> editionFromYear(int year) {
    if (year == 2005) return rules::Edition::E2005;
    if (year == 2023) return rules::Edition::E2023;
    return std::nullopt;
}

Result validate(const EventSetup& s) {
    if (!oneOf(s.language, kLanguages))
        return fail(
            fmt::format(i18n::N_("language: expected one of en pl de fr es nl ru, got \"{}\""), s.language));
    if (!s.ui_language.empty() && !oneOf(s.ui_language, kUiLanguages))
        return fail(fmt::format(
            i18n::N_("ui_language: expected en or pl (or empty: the notation language's), got \"{}\""),
            s.ui_language));
    if (!oneOf(s.classification, kClasses))
        return fail(
            fmt::format(i18n::N_("classification: expected auto, standard, rapid or blitz, got \"{}\""),
                        s.classification));
    if (s.time_control.empty())
        return fail(i18n::N_("time_control: empty; give e.g. \"40/90m+30s, 30m+30s\""));
    if (s.engine.command.empty())
        return fail(i18n::N_("engine.command: empty; give the engine's executable"));
    // engine.ponder needs the engine's UCI option Ponder: checked against its handshake at the start.
    if (s.handling_reserve_s < 0 || s.handling_reserve_s > 600)
        return fail(i18n::N_("handling_reserve_s: expected seconds between 0 and 600"));
    if (s.handling_safety_moves < 0 || s.handling_safety_moves > 20)
        return fail(i18n::N_("handling_safety_moves: expected a number of moves between 0 and 20"));
    if (s.faster_rate_threshold_s < 0)
        return fail(i18n::N_("faster_rate_threshold_s: expected seconds, 0 or more"));
    if (!oneOf(s.quickplay_finish, kQuickplay))
        return fail(fmt::format(
            i18n::N_("quickplay_finish: expected none, claim (III.5), increment (III.4) or both, got \"{}\""),
            s.quickplay_finish));
    if (s.edition == rules::Edition::E2005 && s.quickplay_finish != "none")
        return fail(i18n::N_(
            "quickplay_finish: E2005 Art. 10 applies without announcement and has no III.4 increment; "
            "leave it \"none\" for edition 2005"));
    if (s.default_time_min != -1 && (s.default_time_min < 0 || s.default_time_min > 1440))
        return fail(i18n::N_(
            "default_time_min: expected minutes between 0 and 1440, or -1 for the edition's (2005: 60, "
            "2023: 0)"));
    if (!oneOf(s.speech, kSpeech))
        return fail(fmt::format(i18n::N_("speech: expected off, computer or all, got \"{}\""), s.speech));
    if (auto ok = validatePlayers(s); !ok) return ok;
    return validatePolicy(s.policy);
}

json toJson(const EventSetup& s) {
    return {{"event", s.event},
            {"site", s.site},
            {"date", s.date},
            {"round", s.round},
            {"board", s.board},
            {"white", s.white},
            {"black", s.black},
            {"white_fide_id", s.white_fide_id},
            {"white_rating", s.white_rating},
            {"black_fide_id", s.black_fide_id},
            {"black_rating", s.black_rating},
            {"operator_name", s.operator_name},
            {"computer_side", sideName(s.computer_side)},
            {"time_control", s.time_control},
            {"edition", editionYear(s.edition)},
            {"language", s.language},
            {"ui_language", s.ui_language},
            {"classification", s.classification},
            {"engine",
             {{"command", s.engine.command},
              {"args", s.engine.args},
              {"options", s.engine.options},
              {"ponder", s.engine.ponder},
              {"requestable_options", s.engine.requestable_options}}},
            {"handling_reserve_s", s.handling_reserve_s},
            {"handling_safety_moves", s.handling_safety_moves},
            {"faster_rate_threshold_s", s.faster_rate_threshold_s},
            {"enforce_recording", s.enforce_recording},
            {"default_time_min", s.default_time_min},
            {"policy", withQuickplay(policyJson(s.policy), s.policy)},
            {"consultant",
             {{"name", s.consultant.name}, {"accepted_by_arbiter", s.consultant.accepted_by_arbiter}}},
            {"quickplay_finish", s.quickplay_finish},
            {"arbiter_in_venue", s.arbiter_in_venue},
            {"speech", s.speech}};
}

tl::expected<EventSetup, std::string> eventSetupFromJson(const json& raw) {
    auto in = normalizePlayers(raw);
    if (!in) return tl::make_unexpected(in.error());
    json merged = toJson(EventSetup{});
    if (auto shape = checkShape(merged, *in, ""); !shape) return tl::make_unexpected(shape.error());
    merged.merge_patch(*in);
    EventSetup s;
    s.event = merged.at("event");
    s.site = merged.at("site");
    s.date = merged.at("date");
    s.round = merged.at("round");
    s.board = merged.at("board");
    s.white = merged.at("white");
    s.black = merged.at("black");
    playersFrom(merged, s);
    std::string side = merged.at("computer_side");
    if (side != "white" && side != "black")
        return tl::make_unexpected(
            fmt::format(i18n::N_("computer_side: expected white or black, got \"{}\""), side));
    s.computer_side = side == "white" ? rules::Color::White : rules::Color::Black;
    s.time_control = merged.at("time_control");
    auto edition = editionFromYear(merged.at("edition").get<int>());
    if (!edition)
        return tl::make_unexpected(
            fmt::format(i18n::N_("edition: expected 2005 or 2023, got {}"), merged.at("edition").get<int>()));
    s.edition = *edition;
    s.language = merged.at("language");
    s.ui_language = merged.at("ui_language");
    s.classification = merged.at("classification");
    const json& e = merged.at("engine");
    s.engine.command = e.at("command");
    s.engine.args = e.at("args").get<std::vector<std::string>>();
    s.engine.options = e.at("options").get<std::map<std::string, std::string>>();
    s.engine.ponder = e.at("ponder").get<bool>();
    s.engine.requestable_options = e.at("requestable_options").get<std::vector<std::string>>();
    s.handling_reserve_s = merged.at("handling_reserve_s").get<double>();
    s.handling_safety_moves = merged.at("handling_safety_moves").get<int>();
    s.faster_rate_threshold_s = merged.at("faster_rate_threshold_s").get<double>();
    s.enforce_recording = merged.at("enforce_recording").get<bool>();
    s.default_time_min = merged.at("default_time_min").get<double>();
    s.policy = policyFrom(merged.at("policy"));
    s.consultant.name = merged.at("consultant").at("name");
    s.consultant.accepted_by_arbiter = merged.at("consultant").at("accepted_by_arbiter").get<bool>();
    s.quickplay_finish = merged.at("quickplay_finish");
    s.arbiter_in_venue = merged.at("arbiter_in_venue").get<bool>();
    s.speech = merged.at("speech");
    if (auto ok = validate(s); !ok) return tl::make_unexpected(ok.error());
    return s;
}

std::optional<std::chrono::milliseconds> specifiedDefaultTime(const EventSetup& s) {
    if (s.default_time_min < 0) return std::nullopt;
    return std::chrono::milliseconds(static_cast<long long>(s.default_time_min * 60000));
}

std::vector<std::string> setupDifferences(const EventSetup& a, const EventSetup& b) {
    std::map<std::string, std::string> fa, fb;
    flatten(toJson(a), "", fa);
    flatten(toJson(b), "", fb);
    std::vector<std::string> out;
    for (const auto& [path, value] : fb) {
        auto it = fa.find(path);
        std::string old = it == fa.end() ? "(none)" : it->second;
        if (old != value) out.push_back(fmt::format("{}: {} -> {}", path, old, value));
    }
    for (const auto& [path, value] : fa)
        if (!fb.count(path)) out.push_back(fmt::format("{}: {} -> (none)", path, value));
    return out;
}

}  // namespace oc::event
