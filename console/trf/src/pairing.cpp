// The round's pairing of one entry of a read TRF.
#include "trf/pairing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"

namespace oc::trf {
namespace {

using Found = tl::expected<const Player*, std::string>;

std::string normalName(std::string_view name) {
    std::string out;
    for (char c : name) {
        const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower == ' ' && (out.empty() || out.back() == ' ' || out.back() == ',')) continue;
        if (lower == ',' && !out.empty() && out.back() == ' ') out.pop_back();
        out += lower;
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string someEntries(const Tournament& t) {
    std::string list;
    const std::size_t shown = std::min<std::size_t>(t.players.size(), 5);
    for (std::size_t i = 0; i < shown; ++i)
        list += fmt::format("{}{} {}", i ? "; " : "", t.players[i].start_rank, t.players[i].name);
    if (t.players.size() > shown) list += fmt::format(" ... ({} entries)", t.players.size());
    return list.empty() ? std::string(i18n::N_("none: the file has no 001 lines")) : list;
}

Found byRank(const Tournament& t, std::string_view entry) {
    const int rank = entry.size() > 4 ? -1 : std::stoi(std::string(entry));
    if (const Player* p = findByStartRank(t, rank)) return p;
    return tl::make_unexpected(fmt::format(
        i18n::N_("no player has start rank {} in the TRF; the entries are: {}"), entry, someEntries(t)));
}

std::vector<const Player*> nameMatches(const Tournament& t, const std::string& wanted, bool whole) {
    std::vector<const Player*> found;
    for (const Player& p : t.players) {
        const std::string name = normalName(p.name);
        if (whole ? name == wanted : name.find(wanted) != std::string::npos) found.push_back(&p);
    }
    return found;
}

Found byName(const Tournament& t, std::string_view entry) {
    const std::string wanted = normalName(entry);
    auto found = nameMatches(t, wanted, true);
    if (found.empty() && !wanted.empty()) found = nameMatches(t, wanted, false);
    if (found.size() == 1) return found.front();
    if (found.empty())
        return tl::make_unexpected(
            fmt::format(i18n::N_("no player named \"{}\" in the TRF; give a start rank or a name, e.g. {}"),
                        entry, someEntries(t)));
    std::string list;
    for (const Player* p : found)
        list += fmt::format("{}{} {} (line {})", list.empty() ? "" : "; ", p->start_rank, p->name, p->line);
    return tl::make_unexpected(fmt::format(
        i18n::N_("\"{}\" matches several players: {}; give the start rank instead"), entry, list));
}

Found findEntry(const Tournament& t, std::string_view entry) {
    const bool digits = !entry.empty() &&
                        std::all_of(entry.begin(), entry.end(), [](char c) { return c >= '0' && c <= '9'; });
    return digits ? byRank(t, entry) : byName(t, entry);
}

RoundBlock blockOf(const Player& p, int round) {
    if (round < 1 || round > static_cast<int>(p.rounds.size())) return {};
    return p.rounds[static_cast<std::size_t>(round - 1)];
}

int blockColumn(int round) {
    return 92 + 10 * (round - 1);
}

std::string byeWord(char result) {
    switch (result) {
        case 'H':
            return i18n::N_("a half-point bye (H)");
        case 'F':
            return i18n::N_("a full-point bye (F)");
        case 'U':
            return i18n::N_("the pairing-allocated bye (U)");
        case 'Z':
            return i18n::N_("a zero-point bye (Z)");
        case '+':
            return i18n::N_("a forfeit win without opponent (+)");
        default:
            return i18n::N_("no game (-)");
    }
}

// A bye given by a 240 record (TRF 2026) for this player and round.
const ByeRecord* byeRecord(const Tournament& t, const Player& p, int round) {
    for (const ByeRecord& b : t.byes)
        if (b.round == round &&
            std::find(b.players.begin(), b.players.end(), p.start_rank) != b.players.end())
            return &b;
    return nullptr;
}

tl::expected<void, std::string> checkPaired(const Tournament& t, const Player& p, int round) {
    const RoundBlock b = blockOf(p, round);
    if (const ByeRecord* bye = byeRecord(t, p, round))
        return tl::make_unexpected(
            fmt::format(i18n::N_("{} has a bye in round {} (a 240 record, type {}): no game to play"), p.name,
                        round, bye->type));
    if (b.opponent > 0) return {};
    if (b.result != ' ')
        return tl::make_unexpected(
            fmt::format(i18n::N_("line {}, column {}: {} has {} in round {}: no game to play"), p.line,
                        blockColumn(round) + 7, p.name, byeWord(b.result), round));
    return tl::make_unexpected(
        fmt::format(i18n::N_("line {}, column {}: round {} is not yet paired for {} (no opponent, no "
                             "result); export the TRF again after the pairing is published"),
                    p.line, blockColumn(round), round, p.name));
}

// The opponent, checked against the file: it exists, and its own block names this player with the other
// colour.
Found opponentOf(const Tournament& t, const Player& p, int round) {
    const RoundBlock b = blockOf(p, round);
    const int column = blockColumn(round);
    if (b.colour == '-')
        return tl::make_unexpected(fmt::format(
            i18n::N_("line {}, column {}: round {} names opponent {} but no colour; expected w or b"), p.line,
            column + 5, round, b.opponent));
    const Player* o = findByStartRank(t, b.opponent);
    if (!o)
        return tl::make_unexpected(
            fmt::format(i18n::N_("line {}, column {}: the opponent's start rank {} has no 001 line"), p.line,
                        column, b.opponent));
    const RoundBlock ob = blockOf(*o, round);
    if (ob.opponent != 0 && (ob.opponent != p.start_rank || ob.colour == b.colour))
        return tl::make_unexpected(
            fmt::format(i18n::N_("line {}, column {}: the file contradicts itself: {} plays {} with {} in "
                                 "round {}, but {}'s line says {} with {}"),
                        o->line, column, p.name, o->name, b.colour, round, o->name, ob.opponent, ob.colour));
    return o;
}

// Titles and federations as the PGN and the setup write them (some programs write "g", "pol").
Entrant entrantOf(const Player& p) {
    std::string federation = p.federation;
    for (char& c : federation) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return {p.start_rank, p.name, p.fide_id, pgnTitle(p.title), federation, p.rating};
}

// The time control the console reads: 222 (TRF 2026's encoded form is PGN's) first, then 122.
void takeTimeControl(const Tournament& t, Pairing& out) {
    for (const std::string* text : {&t.encoded_time_control, &t.time_control}) {
        if (text->empty() || *text == "?" || *text == "-") continue;
        if (clock::parseTimeControl(*text)) {
            out.time_control = *text;
            return;
        }
        if (out.time_control_text.empty()) out.time_control_text = *text;
    }
}

int boardOf(const Tournament& t, int round, int start_rank) {
    const auto order = boardOrder(t, round);
    for (std::size_t i = 0; i < order.size(); ++i)
        if (order[i].first == start_rank || order[i].second == start_rank) return static_cast<int>(i) + 1;
    return 0;
}

void listMissing(Pairing& out) {
    const std::string side = out.computer_colour == rules::Color::White ? "black" : "white";
    const auto want = [&](bool have, std::string key) {
        if (!have) out.missing.push_back(std::move(key));
    };
    want(!out.event.empty(), "event");
    want(!out.site.empty(), "site");
    want(!out.date.empty(), "date");
    want(!out.chief_arbiter.empty(), "chief_arbiter");
    want(!out.time_control.empty(), "time_control");
    want(!out.opponent.fide_id.empty(), side + "_fide_id");
    want(out.opponent.rating > 0, side + "_rating");
    want(!out.opponent.title.empty(), side + "_title");
    want(!out.opponent.federation.empty(), side + "_federation");
}

Pairing pairingOf(const Tournament& t, int round, const Player& p, const Player& o) {
    Pairing out;
    out.round = round;
    out.computer = entrantOf(p);
    out.opponent = entrantOf(o);
    out.computer_colour = blockOf(p, round).colour == 'w' ? rules::Color::White : rules::Color::Black;
    out.board = boardOf(t, round, p.start_rank);
    const auto r = static_cast<std::size_t>(round - 1);
    out.date = r < t.round_dates.size() ? consoleDate(t.round_dates[r]) : std::string();
    out.event = t.name;
    out.site = t.city;
    out.chief_arbiter = t.chief_arbiter;
    takeTimeControl(t, out);
    listMissing(out);
    return out;
}

}  // namespace

tl::expected<Pairing, std::string> findPairing(const Tournament& t, int round, std::string_view entry) {
    if (round < 1 || round > 999 || (t.rounds > 0 && round > t.rounds))
        return tl::make_unexpected(fmt::format(i18n::N_("round {}: expected a round from 1 to {}"), round,
                                               t.rounds > 0 ? t.rounds : 999));
    auto p = findEntry(t, entry);
    if (!p) return tl::make_unexpected(p.error());
    if (auto paired = checkPaired(t, **p, round); !paired) return tl::make_unexpected(paired.error());
    auto o = opponentOf(t, **p, round);
    if (!o) return tl::make_unexpected(o.error());
    return pairingOf(t, round, **p, **o);
}

tl::expected<Pairing, std::string> pairingFromText(std::string_view text, int round, std::string_view entry) {
    auto t = parse(text);
    if (!t) return tl::make_unexpected(t.error().text());
    return findPairing(*t, round, entry);
}

std::string pgnTitle(std::string_view trf_title) {
    std::string up;
    for (char c : trf_title) up += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    static const std::pair<const char*, const char*> kShort[] = {{"G", "GM"},   {"M", "IM"},   {"F", "FM"},
                                                                 {"C", "CM"},   {"WG", "WGM"}, {"WM", "WIM"},
                                                                 {"WF", "WFM"}, {"WC", "WCM"}};
    for (const auto& [from, to] : kShort)
        if (up == from) return to;
    return up;
}

std::string consoleDate(std::string_view d) {
    const auto digits = [&](std::size_t at, std::size_t n) {
        return d.size() >= at + n &&
               std::all_of(d.begin() + static_cast<long>(at), d.begin() + static_cast<long>(at + n),
                           [](char c) { return c >= '0' && c <= '9'; });
    };
    const auto sep = [&](std::size_t at) {
        return d.size() > at && (d[at] == '/' || d[at] == '.' || d[at] == '-');
    };
    if (d.size() == 10 && digits(0, 4) && sep(4) && digits(5, 2) && sep(7) && digits(8, 2))
        return fmt::format("{}.{}.{}", d.substr(0, 4), d.substr(5, 2), d.substr(8, 2));
    if (d.size() == 8 && digits(0, 2) && sep(2) && digits(3, 2) && sep(5) && digits(6, 2)) {
        // Two-digit years: the format is from 2006, so 70-99 are the 1900s only for old archives.
        const int yy = std::stoi(std::string(d.substr(0, 2)));
        return fmt::format("{}{}.{}.{}", yy >= 70 ? "19" : "20", d.substr(0, 2), d.substr(3, 2),
                           d.substr(6, 2));
    }
    return {};
}

}  // namespace oc::trf
