// The scoresheet in the usual FIDE paper layout: event data and the players (FIDE ID, rating, which side
// is the computer and its operator) on top, two columns of 30 numbered move lines (1-30 | 31-60) with the
// sealed moves marked, result boxes, the adjournments, and the players' (Art. 8.7) and the arbiter's
// signature lines at the bottom. Every printed word is in the UI language (issue 12): the fields as a
// Polish "Formularz zapisu partii" names them, the date as 30.11.2026.
#include "scoresheet_pdf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "i18n/tr.hpp"
#include "paper_words.hpp"
#include "pdf_canvas.hpp"
#include "small_print.hpp"

namespace oc::print {
namespace {

using session::ScoresheetData;
using session::ScoresheetPlayer;
using session::ScoresheetRow;
using session::ScoresheetSeal;

using detail::Align;
using detail::Flow;
using detail::kMargin;
using detail::kPageHeight;
using detail::kPageWidth;
using detail::PdfCanvas;
using detail::sideLabel;
using detail::Weight;
using i18n::trc;
using i18n::trf;

constexpr int kRowsPerColumn = 30;
constexpr int kMovesPerPage = 2 * kRowsPerColumn;
constexpr double kTableTop = 184;
constexpr double kHeadRow = 16;
constexpr double kRowHeight = 16.8;
constexpr double kColumnGap = 14;
constexpr double kFooterTop = 714;

using RowMap = std::map<int, const ScoresheetRow*>;
using SealSet = std::set<std::pair<int, bool>>;  // (move number, White's move)

// What the column needs besides the rows.
struct ColumnData {
    const RowMap& rows;
    const SealSet& seals;
};

tl::expected<RowMap, PdfError> indexRows(const std::vector<ScoresheetRow>& rows) {
    RowMap map;
    for (const auto& row : rows) {
        if (row.number < 1) {
            return tl::unexpected(
                PdfError{fmt::format("move number {} is invalid; numbers start at 1", row.number)});
        }
        if (!map.emplace(row.number, &row).second) {
            return tl::unexpected(
                PdfError{fmt::format("move number {} appears twice; give each move one row", row.number)});
        }
    }
    return map;
}

// "GM · POL · FIDE ID 1503014 · rating 2450 · computer, operator: Jan Nowak": only what the setup gives
// (the title and federation as FIDE writes them, in every language).
std::string playerDetails(const ScoresheetPlayer& p) {
    std::string out;
    const auto add = [&out](const std::string& part) { out += (out.empty() ? "" : " · ") + part; };
    if (!p.title.empty()) add(p.title);
    if (!p.federation.empty()) add(p.federation);
    if (!p.fide_id.empty()) add(trf("FIDE ID {}", p.fide_id));
    if (!p.rating.empty()) add(trf("rating {}", p.rating));
    if (p.computer)
        add(p.operator_name.empty() ? detail::whoPlays(true)
                                    : trf("computer, operator: {}", p.operator_name));
    return out;
}

// The name's field is labelled "White (computer)" for the program's side; the details go below it.
void drawPlayer(PdfCanvas& pdf, double x, double w, bool white, const std::string& name,
                const ScoresheetPlayer& p) {
    const std::string label =
        p.computer ? fmt::format("{} ({})", sideLabel(white), detail::whoPlays(true)) : sideLabel(white);
    pdf.field(x, 136, w, label, name);
    pdf.text(x + 2, 166, playerDetails(p), 8, Weight::Normal, Align::Left, w - 4);
}

void drawHeader(PdfCanvas& pdf, const ScoresheetData& d, const std::string& title, int page, int pages) {
    pdf.text(kPageWidth / 2, 56, title, 16, Weight::Bold, Align::Center, kPageWidth - 2 * kMargin - 60);
    if (pages > 1)
        pdf.text(kPageWidth - kMargin, 56, fmt::format("{} / {}", page, pages), 9, Weight::Normal,
                 Align::Right, 0, Flow::Ltr);
    const double w = kPageWidth - 2 * kMargin;
    const double x = kMargin;
    pdf.field(x, 76, w * 0.62, trc("paper", "Event"), d.event);
    pdf.field(x + w * 0.65, 76, w * 0.35, trc("paper", "Site"), d.site);
    pdf.field(x, 106, w * 0.22, trc("paper", "Date"), detail::localizeLeadingDate(d.date));
    pdf.field(x + w * 0.25, 106, w * 0.1, trc("paper", "Round"), detail::countText(d.round));
    pdf.field(x + w * 0.38, 106, w * 0.1, trc("paper", "Board"), detail::countText(d.board));
    pdf.field(x + w * 0.51, 106, w * 0.49, trc("paper", "Time control"), d.time_control);
    drawPlayer(pdf, x, w * 0.48, true, d.white, d.white_player);
    drawPlayer(pdf, x + w * 0.52, w * 0.48, false, d.black, d.black_player);
}

// One column of 30 numbered lines starting at move `first`.
// A move's cell: the move, and the sealed mark on a sealed move (alone while it is in the envelope).
std::string cell(const std::string& move, bool sealed) {
    if (!sealed) return move;
    const char* mark = trc("paper", "(sealed)");
    return move.empty() ? mark : detail::isolated(move) + " " + mark;
}

void drawColumn(PdfCanvas& pdf, double x, double width, int first, const ColumnData& data) {
    const double num_w = 28;
    const double move_w = (width - num_w) / 2;
    pdf.fill(x, kTableTop, width, kHeadRow, 0.88);
    pdf.text(x + num_w / 2, kTableTop + 11.5, trc("paper", "No."), 8, Weight::Bold, Align::Center, num_w - 2);
    pdf.text(x + num_w + move_w / 2, kTableTop + 11.5, sideLabel(true), 8, Weight::Bold, Align::Center);
    pdf.text(x + num_w + move_w * 1.5, kTableTop + 11.5, sideLabel(false), 8, Weight::Bold, Align::Center);
    const double bottom = kTableTop + kHeadRow + kRowsPerColumn * kRowHeight;
    for (int i = 0; i < kRowsPerColumn; ++i) {
        const int number = first + i;
        const double top = kTableTop + kHeadRow + i * kRowHeight;
        const double base = top + kRowHeight - 5;
        pdf.line(x, top, x + width, top, 0.4);
        pdf.text(x + num_w - 4, base, std::to_string(number), 9, Weight::Normal, Align::Right, 0, Flow::Ltr);
        const auto it = data.rows.find(number);
        const std::string none;
        const std::string& white = it == data.rows.end() ? none : it->second->white;
        const std::string& black = it == data.rows.end() ? none : it->second->black;
        pdf.text(x + num_w + 4, base, cell(white, data.seals.count({number, true}) > 0), 11, Weight::Normal,
                 Align::Left, move_w - 8, Flow::Data);
        pdf.text(x + num_w + move_w + 4, base, cell(black, data.seals.count({number, false}) > 0), 11,
                 Weight::Normal, Align::Left, move_w - 8, Flow::Data);
    }
    pdf.box(x, kTableTop, width, bottom - kTableTop, 0.9);
    pdf.line(x + num_w, kTableTop, x + num_w, bottom, 0.6);
    pdf.line(x + num_w + move_w, kTableTop, x + num_w + move_w, bottom, 0.6);
}

// Which result box to tick; -1 when the result is unfinished or something else.
int resultBox(const std::string& result) {
    if (result == "1-0") return 0;
    if (result == "½-½" || result == "1/2-1/2") return 1;
    if (result == "0-1") return 2;
    return -1;
}

// Guidelines I.1-I.2: each adjournment under the result, with whether its sealed move is still in the
// envelope. One whole sentence per side and state, so each language keeps its own word order.
std::string sealRemark(const ScoresheetSeal& seal) {
    const char* who = detail::whoPlays(seal.computer);
    if (seal.played)
        return seal.white
                   ? trf("Adjourned: White ({}) sealed move {}; play resumed with it", who, seal.number)
                   : trf("Adjourned: Black ({}) sealed move {}; play resumed with it", who, seal.number);
    return seal.white
               ? trf("Adjourned: White ({}) sealed move {}; the move is in the envelope", who, seal.number)
               : trf("Adjourned: Black ({}) sealed move {}; the move is in the envelope", who, seal.number);
}

// The result boxes, the result in words when it is none of them, and the adjournments' remarks.
void drawResult(PdfCanvas& pdf, const ScoresheetData& d) {
    const char* labels[] = {"1-0", "½-½", "0-1"};
    const int ticked = resultBox(d.result);
    pdf.text(kMargin, kFooterTop + 13, trc("paper", "Result"), 9, Weight::Bold, Align::Left, 46);
    for (int i = 0; i < 3; ++i) {
        const double x = kMargin + 48 + i * 62;
        pdf.box(x, kFooterTop, 18, 18, 0.8);
        if (i == ticked) pdf.text(x + 9, kFooterTop + 14, "X", 14, Weight::Bold, Align::Center);
        pdf.text(x + 23, kFooterTop + 13, labels[i], 10, Weight::Normal, Align::Left, 0, Flow::Ltr);
    }
    // A short other result ("*", "+/-") beside the boxes; a sentence (the quickplay claim's) on its own line.
    const bool sentence = d.result.size() > 12;
    if (ticked < 0 && !d.result.empty() && !sentence)
        pdf.text(kMargin + 240, kFooterTop + 13, d.result, 10, Weight::Normal, Align::Left, 280, Flow::Data);
    double y = kFooterTop + 32;
    if (ticked < 0 && sentence) {
        pdf.text(kMargin, y, d.result, 9, Weight::Normal, Align::Left, kPageWidth - 2 * kMargin);
        y += 12;
    }
    for (const auto& seal : d.seals) {
        pdf.text(kMargin, y, sealRemark(seal), 8.5, Weight::Bold, Align::Left, kPageWidth - 2 * kMargin);
        y += 11;
    }
}

// The journal's final hash with its signing key's fingerprint beside it (issue 35), so the arbiter
// matches the paper with `journal verify` and the broadcast; trf keeps the hex a left-to-right run.
std::string footnoteText(const ScoresheetData& d) {
    if (d.journal_key.empty()) return d.footnote;
    const std::string key = trf("Journal key: {}", d.journal_key);
    return d.footnote.empty() ? key : d.footnote + "   " + key;
}

void drawFooter(PdfCanvas& pdf, const ScoresheetData& d) {
    drawResult(pdf, d);
    // Art. 8.7: both players sign; the arbiter countersigns the result.
    const double sig_y = kFooterTop + 86;
    const double third = (kPageWidth - 2 * kMargin - 20) / 3;
    const std::array<const char*, 3> who{trc("paper", "Signature of White"),
                                         trc("paper", "Signature of Black"),
                                         trc("paper", "Signature of the arbiter")};
    for (std::size_t i = 0; i < who.size(); ++i) {
        const double x = kMargin + static_cast<double>(i) * (third + 10);
        pdf.line(x, sig_y, x + third, sig_y, 0.6);
        pdf.text(x, sig_y + 10, who[i], 8, Weight::Normal, Align::Left, third);
    }
    // The footnote shares its line with the program's small print, which ends it (small_print.hpp).
    const std::string footnote = footnoteText(d);
    if (!footnote.empty())
        pdf.text(kMargin, kPageHeight - detail::kSmallPrintRise, footnote, 6.5, Weight::Normal, Align::Left,
                 kPageWidth - 2 * kMargin - pdf.smallPrintWidth() - 12, Flow::Ui);
}

}  // namespace

tl::expected<void, PdfError> detail::writeScoresheet(const ScoresheetData& data, const std::string& title,
                                                     const std::filesystem::path& path) {
    auto rows = indexRows(data.rows);
    if (!rows) return tl::unexpected(rows.error());
    SealSet seals;
    for (const auto& seal : data.seals) seals.insert({seal.number, seal.white});
    const ColumnData column{*rows, seals};
    int last = rows->empty() ? 1 : rows->rbegin()->first;
    if (!seals.empty()) last = std::max(last, seals.rbegin()->first);
    const int pages = (last + kMovesPerPage - 1) / kMovesPerPage;
    auto pdf = PdfCanvas::open(path);
    if (!pdf) return tl::unexpected(pdf.error());
    const double col_w = (kPageWidth - 2 * kMargin - kColumnGap) / 2;
    for (int page = 0; page < pages; ++page) {
        if (page > 0) pdf->nextPage();
        drawHeader(*pdf, data, title, page + 1, pages);
        const int first = page * kMovesPerPage + 1;
        drawColumn(*pdf, kMargin, col_w, first, column);
        drawColumn(*pdf, kMargin + col_w + kColumnGap, col_w, first + kRowsPerColumn, column);
        drawFooter(*pdf, data);
    }
    return pdf->finish();
}

tl::expected<void, PdfError> writeScoresheetPdf(const ScoresheetData& data,
                                                const std::filesystem::path& path) {
    return detail::writeScoresheet(data, i18n::trc("paper", "SCORESHEET"), path);
}

}  // namespace oc::print
