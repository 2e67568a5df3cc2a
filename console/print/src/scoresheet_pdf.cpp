// The scoresheet in the usual FIDE paper layout: event data and the players (FIDE ID, rating, which side
// is the computer and its operator) on top, two columns of 30 numbered move lines (1-30 | 31-60) with the
// sealed moves marked, result boxes, the adjournments, and the players' (Art. 8.7) and the arbiter's
// signature lines at the bottom.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "pdf_canvas.hpp"
#include "print/documents.hpp"

namespace oc::print {
namespace {

using session::ScoresheetData;
using session::ScoresheetLabels;
using session::ScoresheetPlayer;
using session::ScoresheetRow;

using detail::Align;
using detail::kMargin;
using detail::kPageHeight;
using detail::kPageWidth;
using detail::PdfCanvas;
using detail::Weight;

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
    const ScoresheetLabels& labels;
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

// "FIDE ID 1503014 · rating 2450 · computer, operator: Jan Nowak": only what the setup gives.
std::string playerDetails(const ScoresheetPlayer& p, const ScoresheetLabels& labels) {
    std::string out;
    const auto add = [&out](const std::string& part) { out += (out.empty() ? "" : " · ") + part; };
    if (!p.fide_id.empty()) add(labels.fide_id + " " + p.fide_id);
    if (!p.rating.empty()) add(labels.rating + " " + p.rating);
    if (p.computer)
        add(p.operator_name.empty()
                ? labels.computer
                : fmt::format("{}, {}: {}", labels.computer, labels.operator_name, p.operator_name));
    return out;
}

// The name's field is labelled "White (computer)" for the program's side; the details go below it.
void drawPlayer(PdfCanvas& pdf, double x, double w, const std::string& label, const std::string& name,
                const ScoresheetPlayer& p, const ScoresheetLabels& labels) {
    pdf.field(x, 136, w, p.computer ? fmt::format("{} ({})", label, labels.computer) : label, name);
    pdf.text(x + 2, 166, playerDetails(p, labels), 8, Weight::Normal, Align::Left, w - 4);
}

void drawHeader(PdfCanvas& pdf, const ScoresheetData& d, int page, int pages) {
    pdf.text(kPageWidth / 2, 56, d.labels.title, 16, Weight::Bold, Align::Center);
    if (pages > 1)
        pdf.text(kPageWidth - kMargin, 56, fmt::format("{} / {}", page, pages), 9, Weight::Normal,
                 Align::Right);
    const double w = kPageWidth - 2 * kMargin;
    const double x = kMargin;
    pdf.field(x, 76, w * 0.62, d.labels.event, d.event);
    pdf.field(x + w * 0.65, 76, w * 0.35, d.labels.site, d.site);
    pdf.field(x, 106, w * 0.22, d.labels.date, d.date);
    pdf.field(x + w * 0.25, 106, w * 0.1, d.labels.round, d.round);
    pdf.field(x + w * 0.38, 106, w * 0.1, d.labels.board, d.board);
    pdf.field(x + w * 0.51, 106, w * 0.49, d.labels.time_control, d.time_control);
    drawPlayer(pdf, x, w * 0.48, d.labels.white, d.white, d.white_player, d.labels);
    drawPlayer(pdf, x + w * 0.52, w * 0.48, d.labels.black, d.black, d.black_player, d.labels);
}

// One column of 30 numbered lines starting at move `first`.
// A move's cell: the move, and the sealed mark on a sealed move (alone while it is in the envelope).
std::string cell(const std::string& move, bool sealed, const ScoresheetLabels& labels) {
    if (!sealed) return move;
    return move.empty() ? labels.sealed : move + " " + labels.sealed;
}

void drawColumn(PdfCanvas& pdf, double x, double width, int first, const ColumnData& data) {
    const ScoresheetLabels& labels = data.labels;
    const double num_w = 28;
    const double move_w = (width - num_w) / 2;
    pdf.fill(x, kTableTop, width, kHeadRow, 0.88);
    pdf.text(x + num_w / 2, kTableTop + 11.5, labels.number, 8, Weight::Bold, Align::Center);
    pdf.text(x + num_w + move_w / 2, kTableTop + 11.5, labels.white, 8, Weight::Bold, Align::Center);
    pdf.text(x + num_w + move_w * 1.5, kTableTop + 11.5, labels.black, 8, Weight::Bold, Align::Center);
    const double bottom = kTableTop + kHeadRow + kRowsPerColumn * kRowHeight;
    for (int i = 0; i < kRowsPerColumn; ++i) {
        const int number = first + i;
        const double top = kTableTop + kHeadRow + i * kRowHeight;
        const double base = top + kRowHeight - 5;
        pdf.line(x, top, x + width, top, 0.4);
        pdf.text(x + num_w - 4, base, std::to_string(number), 9, Weight::Normal, Align::Right);
        const auto it = data.rows.find(number);
        const std::string none;
        const std::string& white = it == data.rows.end() ? none : it->second->white;
        const std::string& black = it == data.rows.end() ? none : it->second->black;
        pdf.text(x + num_w + 4, base, cell(white, data.seals.count({number, true}) > 0, labels), 11,
                 Weight::Normal, Align::Left, move_w - 8);
        pdf.text(x + num_w + move_w + 4, base, cell(black, data.seals.count({number, false}) > 0, labels), 11,
                 Weight::Normal, Align::Left, move_w - 8);
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

void drawFooter(PdfCanvas& pdf, const ScoresheetData& d) {
    const char* labels[] = {"1-0", "½-½", "0-1"};
    const int ticked = resultBox(d.result);
    pdf.text(kMargin, kFooterTop + 13, d.labels.result, 9, Weight::Bold);
    for (int i = 0; i < 3; ++i) {
        const double x = kMargin + 48 + i * 62;
        pdf.box(x, kFooterTop, 18, 18, 0.8);
        if (i == ticked) pdf.text(x + 9, kFooterTop + 14, "X", 14, Weight::Bold, Align::Center);
        pdf.text(x + 23, kFooterTop + 13, labels[i], 10);
    }
    if (ticked < 0 && !d.result.empty())
        pdf.text(kMargin + 240, kFooterTop + 13, d.result, 10, Weight::Normal, Align::Left, 280);
    double y = kFooterTop + 32;
    for (const auto& remark : d.remarks) {
        pdf.text(kMargin, y, remark, 8.5, Weight::Bold, Align::Left, kPageWidth - 2 * kMargin);
        y += 11;
    }
    // Art. 8.7: both players sign; the arbiter countersigns the result.
    const double sig_y = kFooterTop + 86;
    const double third = (kPageWidth - 2 * kMargin - 20) / 3;
    const std::array<const std::string*, 3> who{&d.labels.white_signature, &d.labels.black_signature,
                                                &d.labels.arbiter_signature};
    for (std::size_t i = 0; i < who.size(); ++i) {
        const double x = kMargin + static_cast<double>(i) * (third + 10);
        pdf.line(x, sig_y, x + third, sig_y, 0.6);
        pdf.text(x, sig_y + 10, *who[i], 8, Weight::Normal, Align::Left, third);
    }
    if (!d.footnote.empty())
        pdf.text(kMargin, kPageHeight - 20, d.footnote, 6.5, Weight::Normal, Align::Left,
                 kPageWidth - 2 * kMargin);
}

}  // namespace

tl::expected<void, PdfError> writeScoresheetPdf(const ScoresheetData& data,
                                                const std::filesystem::path& path) {
    auto rows = indexRows(data.rows);
    if (!rows) return tl::unexpected(rows.error());
    SealSet seals;
    for (const auto& seal : data.seals) seals.insert({seal.number, seal.white});
    const ColumnData column{*rows, seals, data.labels};
    int last = rows->empty() ? 1 : rows->rbegin()->first;
    if (!seals.empty()) last = std::max(last, seals.rbegin()->first);
    const int pages = (last + kMovesPerPage - 1) / kMovesPerPage;
    auto pdf = PdfCanvas::open(path);
    if (!pdf) return tl::unexpected(pdf.error());
    const double col_w = (kPageWidth - 2 * kMargin - kColumnGap) / 2;
    for (int page = 0; page < pages; ++page) {
        if (page > 0) pdf->nextPage();
        drawHeader(*pdf, data, page + 1, pages);
        const int first = page * kMovesPerPage + 1;
        drawColumn(*pdf, kMargin, col_w, first, column);
        drawColumn(*pdf, kMargin + col_w + kColumnGap, col_w, first + kRowsPerColumn, column);
        drawFooter(*pdf, data);
    }
    return pdf->finish();
}

}  // namespace oc::print
