// The TRF reader. Columns: FIDE Handbook C.04 Annex 2 (TRF-16; TRF 2026), see trf.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "i18n/mark.hpp"
#include "trf/trf.hpp"
#include "trf_text.hpp"

namespace oc::trf {
namespace {

using detail::Line;
template <typename T>
using Parsed = tl::expected<T, ParseError>;

constexpr std::size_t kFirstRoundColumn = 92;  // round 1's block (001) and date (132)
constexpr std::size_t kRoundWidth = 10;

tl::unexpected<ParseError> failAt(const Line& line, std::size_t column, std::string message) {
    return tl::make_unexpected(ParseError{line.number(), static_cast<int>(column), std::move(message)});
}

bool allDigits(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A whole number in columns first..last: empty reads as 0; more than `max` or other text is an error
// naming `what` (e.g. "the rating (a number up to 9999)").
Parsed<int> numberAt(const Line& line, std::size_t first, std::size_t last, const char* what, int max) {
    const std::string text = line.field(first, last);
    if (text.empty()) return 0;
    if (!allDigits(text) || text.size() > 5 || std::stoi(text) > max)
        return failAt(line, first, fmt::format(i18n::N_("expected {}, found \"{}\""), what, text));
    return std::stoi(text);
}

Parsed<RoundBlock> blockAt(const Line& line, std::size_t at) {
    RoundBlock b;
    auto opponent = numberAt(line, at, at + 3, i18n::N_("the opponent's start rank (0000 for none)"), 9999);
    if (!opponent) return tl::make_unexpected(opponent.error());
    b.opponent = *opponent;
    const std::string colour = line.field(at + 5, at + 5);
    const char c =
        colour.empty() ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(colour[0])));
    if (c != 'w' && c != 'b' && c != '-')
        return failAt(line, at + 5,
                      fmt::format(i18n::N_("expected the colour w, b or -, found \"{}\""), colour));
    b.colour = c;
    const std::string result = line.field(at + 7, at + 7);
    const char r =
        result.empty() ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(result[0])));
    if (r != ' ' && std::string_view("10=+-WDLHFUZ").find(r) == std::string_view::npos)
        return failAt(
            line, at + 7,
            fmt::format(i18n::N_("expected a result (1 0 = + - W D L H F U Z), found \"{}\""), result));
    b.result = r;
    return b;
}

Parsed<std::vector<RoundBlock>> roundsOf(const Line& line) {
    std::vector<RoundBlock> rounds;
    for (std::size_t at = kFirstRoundColumn; at <= line.columns(); at += kRoundWidth) {
        auto block = blockAt(line, at);
        if (!block) return tl::make_unexpected(block.error());
        rounds.push_back(*block);
    }
    return rounds;
}

// The fixed part of a 001 line (columns 5-89).
Parsed<Player> identityOf(const Line& line) {
    Player p;
    p.line = line.number();
    auto rank = numberAt(line, 5, 8, i18n::N_("the start rank (a number 1 to 9999)"), 9999);
    if (!rank) return tl::make_unexpected(rank.error());
    if (*rank == 0)
        return failAt(line, 5,
                      fmt::format(i18n::N_("expected the start rank (a number 1 to 9999), found \"{}\""),
                                  line.field(5, 8)));
    p.start_rank = *rank;
    const std::string sex = line.field(10, 10);
    p.sex = sex.empty() ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(sex[0])));
    p.title = line.field(11, 13);
    p.name = line.field(15, 47);
    auto rating = numberAt(line, 49, 52, i18n::N_("the FIDE rating (a number up to 9999, or blank)"), 9999);
    if (!rating) return tl::make_unexpected(rating.error());
    p.rating = *rating;
    p.federation = line.field(54, 56);
    p.fide_id = line.field(58, 68);
    if (!p.fide_id.empty() && !allDigits(p.fide_id))
        return failAt(
            line, 58,
            fmt::format(i18n::N_("expected the FIDE ID (digits, or blank), found \"{}\""), p.fide_id));
    p.birth = line.field(70, 79);
    p.points = line.field(81, 84);
    auto place = numberAt(line, 86, 89, i18n::N_("the rank (a number, or blank)"), 9999);
    if (!place) return tl::make_unexpected(place.error());
    p.rank = *place;
    return p;
}

Parsed<Player> playerOf(const Line& line) {
    auto p = identityOf(line);
    if (!p) return p;
    auto rounds = roundsOf(line);
    if (!rounds) return tl::make_unexpected(rounds.error());
    p->rounds = std::move(*rounds);
    return p;
}

std::vector<std::string> roundDatesOf(const Line& line) {
    std::vector<std::string> dates;
    for (std::size_t at = kFirstRoundColumn; at <= line.columns(); at += kRoundWidth)
        dates.push_back(line.field(at, at + kRoundWidth - 1));
    while (!dates.empty() && dates.back().empty()) dates.pop_back();
    return dates;
}

// 240 (TRF 2026): type at 5, round at 7-9, then the players at 11-14, 16-19, ...
Parsed<ByeRecord> byeOf(const Line& line) {
    ByeRecord b;
    const std::string type = line.field(5, 5);
    b.type = type.empty() ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(type[0])));
    auto round = numberAt(line, 7, 9, i18n::N_("the round number"), 999);
    if (!round) return tl::make_unexpected(round.error());
    b.round = *round;
    for (std::size_t at = 11; at <= line.columns(); at += 5) {
        auto who = numberAt(line, at, at + 3, i18n::N_("a start rank"), 9999);
        if (!who) return tl::make_unexpected(who.error());
        if (*who > 0) b.players.push_back(*who);
    }
    return b;
}

// A round count (142, XXR): a number after the code, or the error.
Parsed<int> roundCountOf(const Line& line) {
    const std::string text = line.rest(4);
    if (!allDigits(text) || text.size() > 3)
        return failAt(line, 5, fmt::format(i18n::N_("expected the number of rounds, found \"{}\""), text));
    return std::stoi(text);
}

class Reader {
  public:
    Parsed<Tournament> read(const std::vector<Line>& lines) {
        for (const Line& line : lines)
            if (auto ok = take(line); !ok) return tl::make_unexpected(ok.error());
        if (t_.rounds == 0) t_.rounds = xxr_;
        return std::move(t_);
    }

  private:
    tl::expected<void, ParseError> take(const Line& line) {
        const std::string code = line.text().substr(0, 3);
        if (code == "001") return takePlayer(line);
        if (code == "132") t_.round_dates = roundDatesOf(line);
        if (code == "142" || code == "XXR") return takeRoundCount(line, code == "142" ? t_.rounds : xxr_);
        if (code == "240") return takeBye(line);
        if (std::string* text = textField(code)) *text = line.rest(4);
        return {};  // comments (###), blank lines and every other code: nothing the console uses
    }

    std::string* textField(const std::string& code) {
        if (code == "012") return &t_.name;
        if (code == "022") return &t_.city;
        if (code == "032") return &t_.federation;
        if (code == "042") return &t_.start_date;
        if (code == "052") return &t_.end_date;
        if (code == "102") return &t_.chief_arbiter;
        if (code == "122") return &t_.time_control;
        if (code == "222") return &t_.encoded_time_control;
        return nullptr;
    }

    tl::expected<void, ParseError> takePlayer(const Line& line) {
        auto p = playerOf(line);
        if (!p) return tl::make_unexpected(p.error());
        if (!ranks_.insert(p->start_rank).second)
            return failAt(line, 5,
                          fmt::format(i18n::N_("start rank {} is given twice; each 001 line needs its own"),
                                      p->start_rank));
        t_.players.push_back(std::move(*p));
        return {};
    }

    static tl::expected<void, ParseError> takeRoundCount(const Line& line, int& into) {
        auto n = roundCountOf(line);
        if (!n) return tl::make_unexpected(n.error());
        into = *n;
        return {};
    }

    tl::expected<void, ParseError> takeBye(const Line& line) {
        auto b = byeOf(line);
        if (!b) return tl::make_unexpected(b.error());
        t_.byes.push_back(std::move(*b));
        return {};
    }

    Tournament t_;
    std::set<int> ranks_;
    int xxr_ = 0;
};

}  // namespace

std::string ParseError::text() const {
    return fmt::format(i18n::N_("line {}, column {}: {}"), line, column, message);
}

tl::expected<Tournament, ParseError> parse(std::string_view text) {
    return Reader{}.read(detail::splitLines(text));
}

const Player* findByStartRank(const Tournament& t, int start_rank) {
    for (const Player& p : t.players)
        if (p.start_rank == start_rank) return &p;
    return nullptr;
}

}  // namespace oc::trf
