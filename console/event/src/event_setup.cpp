#include "event/event_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "i18n/mark.hpp"
#include "rules/notation.hpp"

namespace oc::event {

// The plain structs' JSON is their fields under the same names. In oc::event, not in the unnamed
// namespace, so that nlohmann's lookup (ADL) finds them.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(EngineSettings, command, args, options, ponder, requestable_options)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Consultant, name, accepted_by_arbiter)
// `serial` only when given: a setup without it writes the JSON it wrote before LiveChess.
void to_json(nlohmann::json& j, const EboardSetup& e) {
    j = nlohmann::json{{"port", e.port},
                       {"settle_ms", e.settle_ms},
                       {"commit", e.commit},
                       {"white_clock", e.white_clock},
                       {"brand", e.brand}};
    if (!e.serial.empty()) j["serial"] = e.serial;
}
void from_json(const nlohmann::json& j, EboardSetup& e) {
    j.at("port").get_to(e.port);
    j.at("settle_ms").get_to(e.settle_ms);
    j.at("commit").get_to(e.commit);
    j.at("white_clock").get_to(e.white_clock);
    j.at("brand").get_to(e.brand);
    e.serial = j.value("serial", std::string());
}
// QPF-02/03 (E.III 3.3, Q2): the qpf_ keys are the quickplay indication's.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(DrawPolicy, accept_below_cp, accept_over_moves, offer_enabled,
                                   offer_within_cp, offer_after_move, offer_rate_limit, claim_enabled,
                                   claim_below_cp, resign_enabled, resign_below_cp, resign_over_moves,
                                   qpf_claim_enabled, qpf_claim_within_cp, qpf_claim_over_moves)

namespace {

using nlohmann::json;
using Result = tl::expected<void, std::string>;

// The UI languages with a catalogue (i18n::uiLanguages; tests/i18n checks that the two lists agree).
constexpr std::array kUiLanguages{"en", "pl", "fa"};
constexpr std::array kClasses{"auto", "standard", "rapid", "blitz"};
constexpr std::array kQuickplay{"none", "claim", "increment", "both"};
constexpr std::array kSpeech{"off", "computer", "all"};
constexpr std::array kEboardCommit{"lever", "enter", "auto"};
constexpr std::array kClockSides{"left", "right"};
constexpr std::array kEboardBrands{"dgt", "millennium", "livechess"};

const char* sideName(rules::Color c) {
    return c == rules::Color::White ? "white" : "black";
}

// A JSON value's kind as the refusal names it (nlohmann's own word, which the tests and the journal
// know), marked so the screens translate it.
const char* kindWord(const json& v) {
    if (v.is_string()) return i18n::N_("string");
    if (v.is_boolean()) return i18n::N_("boolean");
    if (v.is_number()) return i18n::N_("number");
    if (v.is_array()) return i18n::N_("array");
    if (v.is_object()) return i18n::N_("object");
    return i18n::N_("null");
}

// Numbers are interchangeable (5 and 5.0); everything else must have the default's JSON type.
bool sameKind(const json& a, const json& b) {
    if (a.is_number() && b.is_number()) return true;
    return a.type() == b.type();
}

// An integer setting takes a whole number that an int holds: the library casts 1.5e23 to int with
// undefined behaviour (found by fuzzing, issue 27), and would cut 2.5 to 2 without a word.
bool fitsInt(const json& v) {
    constexpr double lo = std::numeric_limits<int>::min(), hi = std::numeric_limits<int>::max();
    if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi);
    if (v.is_number_integer())
        return v.get<std::int64_t>() >= static_cast<std::int64_t>(lo) &&
               v.get<std::int64_t>() <= static_cast<std::int64_t>(hi);
    const double d = v.get<double>();
    return std::trunc(d) == d && d >= lo && d <= hi;
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
            return tl::make_unexpected(
                fmt::format(i18n::N_("{}: expected a {}, got {}"), where, kindWord(expect), kindWord(value)));
        if (expect.is_number_integer() && !fitsInt(value))
            return tl::make_unexpected(
                fmt::format(i18n::N_("{}: expected a whole number from -2147483648 to 2147483647, got {}"),
                            where, value.dump()));
        if (where == "engine.options") {
            for (const auto& [name, v] : value.items())
                if (!v.is_string() && !v.is_number() && !v.is_boolean())
                    return tl::make_unexpected(fmt::format(
                        i18n::N_(
                            "{}.{}: option values are strings (\"Hash\": \"256\"), numbers or true/false"),
                        where, name));
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

Result validateLanguages(const EventSetup& s) {
    // The notation languages are rules' (fa: English SAN for Persian events, docs/rules.md).
    if (!rules::parseLanguage(s.language))
        return fail(fmt::format(i18n::N_("language: expected one of {}, got \"{}\""), rules::languageList(),
                                s.language));
    if (!s.ui_language.empty() && !oneOf(s.ui_language, kUiLanguages))
        return fail(fmt::format(
            i18n::N_("ui_language: expected en, pl or fa (or empty: the notation language's), got \"{}\""),
            s.ui_language));
    return {};
}

Result validateTimeControl(const EventSetup& s) {
    if (!oneOf(s.classification, kClasses))
        return fail(
            fmt::format(i18n::N_("classification: expected auto, standard, rapid or blitz, got \"{}\""),
                        s.classification));
    if (s.time_control.empty())
        return fail(i18n::N_("time_control: empty; give e.g. \"40/90m+30s, 30m+30s\""));
    return {};
}

// The engine and the operator's handling of the computer's moves (E.III 2.1-2.2).
Result validateComputerPlay(const EventSetup& s) {
    if (s.engine.command.empty())
        return fail(i18n::N_("engine.command: empty; give the engine's executable"));
    // engine.ponder needs the engine's UCI option Ponder: checked against its handshake at the start.
    if (s.handling_reserve_s < 0 || s.handling_reserve_s > 600)
        return fail(i18n::N_("handling_reserve_s: expected seconds between 0 and 600"));
    if (s.handling_safety_moves < 0 || s.handling_safety_moves > 20)
        return fail(i18n::N_("handling_safety_moves: expected a number of moves between 0 and 20"));
    if (s.faster_rate_threshold_s < 0)
        return fail(i18n::N_("faster_rate_threshold_s: expected seconds, 0 or more"));
    return {};
}

// The clock rulings the event announces: the quickplay finish (QPF-01) and the default time (CLK-08).
Result validateRulings(const EventSetup& s) {
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
    return {};
}

Result validateSpeech(const EventSetup& s) {
    if (!oneOf(s.speech, kSpeech))
        return fail(fmt::format(i18n::N_("speech: expected off, computer or all, got \"{}\""), s.speech));
    return {};
}

// A board through DGT LiveChess: its port is LiveChess's address; `lever` is kept (the host falls back to
// Enter and says so: LiveChess passes on the times, not the lever).
Result validateLiveChess(const EboardSetup& e) {
    if (e.port.rfind("ws://", 0) != 0)
        return fail(
            i18n::N_("eboard.port: a board through DGT LiveChess needs LiveChess's address, e.g. "
                     "ws://localhost:1982/api/v1.0"));
    const bool plain = std::all_of(e.serial.begin(), e.serial.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-';
    });
    if (!plain || e.serial.size() > 32)
        return fail(fmt::format(
            i18n::N_("eboard.serial: \"{}\" is no serial number; give the board's number as LiveChess lists "
                     "it, e.g. \"7425\", or leave it empty for the only board offered"),
            e.serial));
    return {};
}

// The Millennium ChessLink has no clock (so no lever to complete a move, Art. 6.2) and no USB id this
// program knows (so no `auto`): both are refused here rather than failing at the table.
Result validateEboardBrand(const EboardSetup& e) {
    if (!oneOf(e.brand, kEboardBrands))
        return fail(fmt::format(i18n::N_("eboard.brand: expected dgt, millennium or livechess, got \"{}\""),
                                e.brand));
    if (e.brand == "livechess") return validateLiveChess(e);
    if (e.brand != "millennium") return {};
    if (e.port == "auto")
        return fail(
            i18n::N_("eboard.port: auto finds only DGT boards (the Millennium ChessLink's USB id is not "
                     "known): give the ChessLink's port, e.g. /dev/ttyUSB0"));
    if (e.commit == "lever")
        return fail(
            i18n::N_("eboard.commit: lever needs a table clock read through the board, and the "
                     "Millennium ChessLink has none: set commit to enter or auto"));
    return {};
}

Result validateEboard(const EventSetup& s) {
    if (!s.eboard) return {};
    const EboardSetup& e = *s.eboard;
    if (e.port.empty())
        return fail(i18n::N_("eboard.port: expected a serial device (e.g. /dev/ttyACM0) or \"auto\""));
    if (e.settle_ms < 50 || e.settle_ms > 5000)
        return fail(
            fmt::format(i18n::N_("eboard.settle_ms: expected 50 to 5000 milliseconds, got {}"), e.settle_ms));
    if (!oneOf(e.commit, kEboardCommit))
        return fail(
            fmt::format(i18n::N_("eboard.commit: expected lever, enter or auto, got \"{}\""), e.commit));
    if (!oneOf(e.white_clock, kClockSides))
        return fail(
            fmt::format(i18n::N_("eboard.white_clock: expected left or right, got \"{}\""), e.white_clock));
    return validateEboardBrand(e);
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

bool upperLetters(const std::string& s, std::size_t from, std::size_t to) {
    return s.size() >= from && s.size() <= to &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// PGN's WhiteTitle: FIDE's GM IM FM CM WGM WIM WFM WCM, or another short title in capitals.
Result validateTitle(const std::string& key, const std::string& title) {
    if (title.empty() || upperLetters(title, 1, 4)) return {};
    return fail(fmt::format(
        i18n::N_(
            "{}: \"{}\" is not a title; give GM, IM, FM, CM, WGM, WIM, WFM or WCM in capitals, or leave it "
            "empty"),
        key, title));
}

Result validateFederation(const std::string& key, const std::string& federation) {
    if (federation.empty() || upperLetters(federation, 3, 3)) return {};
    return fail(fmt::format(
        i18n::N_(
            "{}: \"{}\" is not a federation; give FIDE's three capitals, e.g. \"POL\", or leave it empty"),
        key, federation));
}

Result validateArbiter(const std::string& name) {
    if (std::none_of(name.begin(), name.end(), [](char c) { return c >= 0 && c < ' '; })) return {};
    return fail(i18n::N_("chief_arbiter: a name on one line, without control characters"));
}

Result validatePlayers(const EventSetup& s) {
    for (auto r :
         {validateFideId("white_fide_id", s.white_fide_id), validateFideId("black_fide_id", s.black_fide_id),
          validateRating("white_rating", s.white_rating), validateRating("black_rating", s.black_rating),
          validateTitle("white_title", s.white_title), validateTitle("black_title", s.black_title),
          validateFederation("white_federation", s.white_federation),
          validateFederation("black_federation", s.black_federation), validateArbiter(s.chief_arbiter)})
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

// The keys written only when given (issue 38): a setup without them writes the JSON it wrote before.
template <typename Setup>  // EventSetup or const EventSetup
auto optionalText(Setup& s) {
    using Text = std::conditional_t<std::is_const_v<Setup>, const std::string, std::string>;
    return std::array<std::pair<const char*, Text*>, 5>{{{"white_title", &s.white_title},
                                                         {"black_title", &s.black_title},
                                                         {"white_federation", &s.white_federation},
                                                         {"black_federation", &s.black_federation},
                                                         {"chief_arbiter", &s.chief_arbiter}}};
}

json withOptionalText(json j, const EventSetup& s) {
    for (const auto& [key, field] : optionalText(s))
        if (!field->empty()) j[key] = *field;
    return j;
}

void playersFrom(const json& merged, EventSetup& s) {
    s.white_fide_id = merged.at("white_fide_id");
    s.black_fide_id = merged.at("black_fide_id");
    s.white_rating = merged.at("white_rating").get<int>();
    s.black_rating = merged.at("black_rating").get<int>();
    s.operator_name = merged.at("operator_name");
    for (const auto& [key, field] : optionalText(s)) *field = merged.at(key);
}

tl::expected<rules::Color, std::string> sideFrom(const std::string& side) {
    if (side == "white") return rules::Color::White;
    if (side == "black") return rules::Color::Black;
    return tl::make_unexpected(
        fmt::format(i18n::N_("computer_side: expected white or black, got \"{}\""), side));
}

// The event, its players and the computer's colour: the scoresheet's and the PGN's header.
json eventJson(const EventSetup& s) {
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
            {"computer_side", sideName(s.computer_side)}};
}

Result eventFrom(const json& j, EventSetup& s) {
    s.event = j.at("event");
    s.site = j.at("site");
    s.date = j.at("date");
    s.round = j.at("round");
    s.board = j.at("board");
    s.white = j.at("white");
    s.black = j.at("black");
    playersFrom(j, s);
    auto side = sideFrom(j.at("computer_side"));
    if (!side) return fail(side.error());
    s.computer_side = *side;
    return {};
}

// The Laws the game is played under: edition, time control and the rulings announced for the event.
json lawsJson(const EventSetup& s) {
    return {{"time_control", s.time_control},         {"edition", editionYear(s.edition)},
            {"classification", s.classification},     {"enforce_recording", s.enforce_recording},
            {"default_time_min", s.default_time_min}, {"quickplay_finish", s.quickplay_finish},
            {"arbiter_in_venue", s.arbiter_in_venue}};
}

Result lawsFrom(const json& j, EventSetup& s) {
    s.time_control = j.at("time_control");
    const int year = j.at("edition").get<int>();
    auto edition = editionFromYear(year);
    if (!edition) return fail(fmt::format(i18n::N_("edition: expected 2005 or 2023, got {}"), year));
    s.edition = *edition;
    s.classification = j.at("classification");
    s.enforce_recording = j.at("enforce_recording").get<bool>();
    s.default_time_min = j.at("default_time_min").get<double>();
    s.quickplay_finish = j.at("quickplay_finish");
    s.arbiter_in_venue = j.at("arbiter_in_venue").get<bool>();
    return {};
}

// How the console plays the computer's side (E.III 2-3: engine, handling, policy, consultant) and speaks.
json consoleJson(const EventSetup& s) {
    return {{"language", s.language},
            {"ui_language", s.ui_language},
            {"engine", s.engine},
            {"handling_reserve_s", s.handling_reserve_s},
            {"handling_safety_moves", s.handling_safety_moves},
            {"faster_rate_threshold_s", s.faster_rate_threshold_s},
            {"policy", s.policy},
            {"consultant", s.consultant},
            {"speech", s.speech}};
}

// The board's settings only when the event plays on one: a journal without a board says nothing of it.
json withEboard(json j, const EventSetup& s) {
    if (s.eboard) j["eboard"] = *s.eboard;
    return j;
}

void consoleFrom(const json& j, EventSetup& s) {
    s.language = j.at("language");
    s.ui_language = j.at("ui_language");
    s.engine = j.at("engine").get<EngineSettings>();
    s.handling_reserve_s = j.at("handling_reserve_s").get<double>();
    s.handling_safety_moves = j.at("handling_safety_moves").get<int>();
    s.faster_rate_threshold_s = j.at("faster_rate_threshold_s").get<double>();
    s.policy = j.at("policy").get<DrawPolicy>();
    s.consultant = j.at("consultant").get<Consultant>();
    s.speech = j.at("speech");
    if (j.contains("eboard")) s.eboard = j.at("eboard").get<EboardSetup>();
}

// The defaults with `raw` laid over them, once `raw` has only known keys with the defaults' kinds.
// UCI sends every option value as text; "Hash": 16 and "Ponder": false mean "16" and "false" (issue 22:
// a setup written by hand with a number was refused and the console did not start).
void optionValuesAsText(json& in) {
    if (!in.is_object() || !in.contains("engine") || !in["engine"].is_object()) return;
    if (!in["engine"].contains("options") || !in["engine"]["options"].is_object()) return;
    json& options = in["engine"]["options"];
    for (auto& [name, v] : options.items())
        if (v.is_number() || v.is_boolean()) v = v.dump();
}

tl::expected<json, std::string> withDefaults(const json& raw) {
    auto in = normalizePlayers(raw);
    if (!in) return in;
    EventSetup defaults;
    defaults.eboard = EboardSetup{};  // its keys are known, though absent by default
    json merged = toJson(defaults);
    merged["eboard"]["serial"] = "";  // known, though written only when given
    for (const auto& [key, field] : optionalText(defaults)) merged[key] = *field;
    if (auto shape = checkShape(merged, *in, ""); !shape) return tl::make_unexpected(shape.error());
    if (!in->contains("eboard")) merged.erase("eboard");
    optionValuesAsText(*in);
    merged.merge_patch(*in);
    return merged;
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
    // In this order: the first bad field is the one reported.
    for (auto check : {validateLanguages, validateTimeControl, validateComputerPlay, validateRulings,
                       validateSpeech, validatePlayers, validateEboard})
        if (auto ok = check(s); !ok) return ok;
    return validatePolicy(s.policy);
}

json toJson(const EventSetup& s) {
    json j = withOptionalText(eventJson(s), s);
    j.update(lawsJson(s));
    j.update(consoleJson(s));
    return withEboard(std::move(j), s);
}

tl::expected<EventSetup, std::string> eventSetupFromJson(const json& raw) {
    auto merged = withDefaults(raw);
    if (!merged) return tl::make_unexpected(merged.error());
    EventSetup s;
    if (auto ok = eventFrom(*merged, s); !ok) return tl::make_unexpected(ok.error());
    if (auto ok = lawsFrom(*merged, s); !ok) return tl::make_unexpected(ok.error());
    consoleFrom(*merged, s);
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
