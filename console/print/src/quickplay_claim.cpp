// QPF-04: the quickplay-finish claim's export when no arbiter is present (E2023 III.6.1, E2005 D1), as
// text and as the scoresheet PDF titled as a claim.
#include <fmt/format.h>

#include <cctype>

#include "print/documents.hpp"

namespace oc::print {
namespace {

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

std::string quickplayClaimText(const session::QuickplayClaimExport& e) {
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

tl::expected<void, PdfError> writeQuickplayClaimPdf(const session::QuickplayClaimExport& e,
                                                    const std::filesystem::path& path) {
    session::ScoresheetData d = e.sheet;
    d.labels.title = fmt::format("QUICKPLAY FINISH CLAIM ({})", e.edition_ref);
    d.result = fmt::format("claim by {} at {}: pending arbiter", e.claimant, e.claimed_at);
    d.footnote = fmt::format("Final position FEN: {}   Clocks at the claim: White {}, Black {}", e.fen,
                             e.white_clock, e.black_clock);
    return writeScoresheetPdf(d, path);
}

}  // namespace oc::print
