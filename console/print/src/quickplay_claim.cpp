// QPF-04: the quickplay-finish claim's export when no arbiter is present (E2023 III.6.1, E2005 D1), as
// text and as the scoresheet PDF titled as a claim; in the UI language ("Szybki finisz przy absencji
// sędziego" is how the Polish Laws 2005 name Appendix D).
#include <fmt/format.h>

#include <cctype>

#include "i18n/tr.hpp"
#include "paper_words.hpp"
#include "print/documents.hpp"
#include "scoresheet_pdf.hpp"

namespace oc::print {
namespace {

using i18n::tr;
using i18n::trc;
using i18n::trf;

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

// The rule the claim is made under: E2023 Guidelines III.6 or E2005 Appendix D.
std::string editionRef(const session::QuickplayClaimExport& e) {
    return e.edition == rules::Edition::E2005 ? tr("E2005 App. D") : tr("E2023 Guidelines III.6");
}

// "White (Name), the human": one phrase per side and kind of player, so each language words its own.
std::string claimant(const session::QuickplayClaimExport& e) {
    const std::string& name = e.claimant_name;
    if (e.claimant_white)
        return e.claimant_computer ? trf("White ({}), the computer", name)
                                   : trf("White ({}), the human", name);
    return e.claimant_computer ? trf("Black ({}), the computer", name) : trf("Black ({}), the human", name);
}

// The wall time when the caller knew it (its date in the language's format), else the game's time.
std::string claimedAt(const session::QuickplayClaimExport& e) {
    if (e.claimed_at.empty()) return trf("game time {}", e.claimed_game_time);
    return detail::localizeLeadingDate(e.claimed_at);
}

std::string clocks(const session::QuickplayClaimExport& e) {
    return trf("Clocks at the claim: White {}, Black {}", e.white_clock, e.black_clock);
}

}  // namespace

std::string quickplayClaimText(const session::QuickplayClaimExport& e) {
    std::string out = trf("QUICKPLAY FINISH CLAIM - NO ARBITER PRESENT ({})", editionRef(e)) + "\n";
    out += trf("Event: {}  Round: {}  Board: {}", e.sheet.event, e.sheet.round, e.sheet.board) + "\n";
    out += trf("White: {}  Black: {}", e.sheet.white, e.sheet.black) + "\n";
    out += trf("Claimant: {}", claimant(e)) + "\n";
    out += trf("Claimed at: {}", claimedAt(e)) + "\n";
    out += clocks(e) + "\n";
    out += std::string(tr("Result: pending the arbiter's decision")) + "\n\n" +
           trc("paper", "Final position:") + "\n";
    for (const auto& row : diagram(e.fen)) out += row + "\n";
    out += fmt::format("FEN: {}\n\n{}\n", e.fen, trc("paper", "Scoresheet:"));
    for (const auto& line : e.scoresheet_lines) out += line + "\n";
    out += "\n" +
           trf("Claimant's signature: {}   Opponent (position and scoresheet checked): {}", "____________",
               "____________") +
           "\n";
    return out;
}

tl::expected<void, PdfError> writeQuickplayClaimPdf(const session::QuickplayClaimExport& e,
                                                    const std::filesystem::path& path) {
    session::ScoresheetData d = e.sheet;
    d.result = trf("claim by {} at {}: pending arbiter", claimant(e), claimedAt(e));
    d.footnote = fmt::format("{}   {}", trf("Final position FEN: {}", e.fen), clocks(e));
    return detail::writeScoresheet(d, trf("QUICKPLAY FINISH CLAIM ({})", editionRef(e)), path);
}

}  // namespace oc::print
