// QPF-01..04: availability of the quickplay-finish claim and the III.4 request, and the no-arbiter export.
#include "session/quickplay.hpp"

#include <fmt/format.h>

#include <cctype>

namespace oc::session {
namespace {

using namespace std::chrono_literals;

// QPF-01 for each edition; the first reason found, "" when the rules govern the game now.
std::string notApplying(const QuickplayFacts& f) {
    const bool e2005 = f.edition == rules::Edition::E2005;
    if (e2005 && f.game_class == "blitz") return "E2005: Art. 10 does not apply to blitz (App. C)";
    if (!e2005 && f.announced == "none")
        return "E2023: Guidelines III were not announced for this event (setup quickplay_finish)";
    if (!e2005 && f.game_class == "blitz") return "E2023 III.2.2: Guidelines III never apply to blitz";
    if (f.increment_granted) return "a III.4 increment was introduced: no III.5 claim any more (Q8)";
    if (f.increment > 0ms)
        return e2005 ? "E2005 Art. 10: with an increment the remaining time is not limited"
                     : "E2023 III.2.2: Guidelines III apply only to games without increment";
    if (!e2005 && f.delay > 0ms)
        return "E2023 III.2.2: not with a delay (the delay counts like an increment)";
    // 10.1 / III.1: the quickplay finish is the phase in which all remaining moves are due.
    if (!f.final_period)
        return "not in the final period: the quickplay finish is the last period (10.1 / III.1)";
    return {};
}

// The board part of a FEN as eight ranks of ". P n ..." (White's pieces upper case).
std::vector<std::string> diagram(const std::string& fen) {
    std::vector<std::string> rows(1);
    for (char c : fen.substr(0, fen.find(' '))) {
        if (c == '/') {
            rows.emplace_back();
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            for (int i = 0; i < c - '0'; ++i) rows.back() += ". ";
        } else {
            rows.back() += std::string(1, c) + " ";
        }
    }
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = fmt::format("{} | {}", 8 - i, rows[i]);
    rows.push_back("    a b c d e f g h");
    return rows;
}

}  // namespace

bool quickplayFinishApplies(const QuickplayFacts& f) {
    QuickplayFacts base = f;
    base.increment_granted = false;  // a granted increment shows in `increment`
    return notApplying(base).empty();
}

std::string quickplayUnavailable(const QuickplayFacts& f, QuickplayAct act) {
    const bool request = act == QuickplayAct::IncrementRequest;
    if (request && f.edition == rules::Edition::E2005)
        return "E2005 has no increment request (III.4 is new in 2023)";
    if (f.edition == rules::Edition::E2023 && f.announced != "none" && f.announced != "both") {
        if (request && f.announced != "increment")
            return "the event offers the III.5 claim, not the III.4 increment request (setup "
                   "quickplay_finish)";
        if (!request && f.announced != "claim")
            return "the event offers the III.4 increment request, not the III.5 claim (setup "
                   "quickplay_finish)";
    }
    return notApplying(f);
}

std::string quickplayClaimText(const QuickplayClaimExport& e) {
    std::string out = fmt::format("QUICKPLAY FINISH CLAIM - NO ARBITER PRESENT ({})\n", e.edition_ref);
    out += fmt::format("Event: {}  Round: {}  Board: {}\n", e.sheet.event, e.sheet.round, e.sheet.board);
    out += fmt::format("White: {}  Black: {}\n", e.sheet.white, e.sheet.black);
    out += fmt::format("Claimant: {}\nClaimed at: {}\n", e.claimant, e.claimed_at);
    out += fmt::format("Clocks at the claim: White {}, Black {}\n", e.white_clock, e.black_clock);
    out += "Result: pending the arbiter's decision\n\nFinal position:\n";
    for (const auto& row : diagram(e.fen)) out += row + "\n";
    out += fmt::format("FEN: {}\n\nScoresheet:\n", e.fen);
    for (const auto& line : e.scoresheet_lines) out += line + "\n";
    out +=
        "\nClaimant's signature: ____________   Opponent (position and scoresheet checked): ____________\n";
    return out;
}

tl::expected<void, PdfError> writeQuickplayClaimPdf(const QuickplayClaimExport& e,
                                                    const std::filesystem::path& path) {
    ScoresheetData d = e.sheet;
    d.labels.title = fmt::format("QUICKPLAY FINISH CLAIM ({})", e.edition_ref);
    d.result = fmt::format("claim by {} at {}: pending arbiter", e.claimant, e.claimed_at);
    d.footnote = fmt::format("Final position FEN: {}   Clocks at the claim: White {}, Black {}", e.fen,
                             e.white_clock, e.black_clock);
    return writeScoresheetPdf(d, path);
}

}  // namespace oc::session
