// The scoresheet in the usual FIDE paper layout: event data on top, two columns of 30 numbered move
// lines (1-30 | 31-60), result boxes and both players' signature lines (Art. 8.7) at the bottom.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "pdf_canvas.hpp"
#include "print/documents.hpp"

namespace oc::print {
namespace {

using session::ScoresheetData;
using session::ScoresheetLabels;
using session::ScoresheetRow;

using detail::Align;
using detail::kMargin;
using detail::kPageHeight;
using detail::kPageWidth;
using detail::PdfCanvas;
using detail::Weight;

constexpr int kRowsPerColumn = 30;
constexpr int kMovesPerPage = 2 * kRowsPerColumn;
constexpr double kTableTop = 172;
constexpr double kHeadRow = 16;
constexpr double kRowHeight = 17.2;
constexpr double kColumnGap = 14;
constexpr double kFooterTop = 720;

using RowMap = std::map<int, const ScoresheetRow*>;

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
    pdf.field(x, 136, w * 0.48, d.labels.white, d.white);
    pdf.field(x + w * 0.52, 136, w * 0.48, d.labels.black, d.black);
}

// One column of 30 numbered lines starting at move `first`.
void drawColumn(PdfCanvas& pdf, double x, double width, int first, const RowMap& rows,
                const ScoresheetLabels& labels) {
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
        if (auto it = rows.find(number); it != rows.end()) {
            pdf.text(x + num_w + 4, base, it->second->white, 11, Weight::Normal, Align::Left, move_w - 8);
            pdf.text(x + num_w + move_w + 4, base, it->second->black, 11, Weight::Normal, Align::Left,
                     move_w - 8);
        }
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
    const double sig_y = kFooterTop + 62;
    const double half = (kPageWidth - 2 * kMargin) / 2;
    for (int side = 0; side < 2; ++side) {
        const double x = kMargin + side * (half + 10);
        pdf.line(x, sig_y, x + half - 10, sig_y, 0.6);
        pdf.text(x, sig_y + 10, side == 0 ? d.labels.white_signature : d.labels.black_signature, 8);
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
    const int last = rows->empty() ? 1 : rows->rbegin()->first;
    const int pages = (last + kMovesPerPage - 1) / kMovesPerPage;
    auto pdf = PdfCanvas::open(path);
    if (!pdf) return tl::unexpected(pdf.error());
    const double col_w = (kPageWidth - 2 * kMargin - kColumnGap) / 2;
    for (int page = 0; page < pages; ++page) {
        if (page > 0) pdf->nextPage();
        drawHeader(*pdf, data, page + 1, pages);
        const int first = page * kMovesPerPage + 1;
        drawColumn(*pdf, kMargin, col_w, first, *rows, data.labels);
        drawColumn(*pdf, kMargin + col_w + kColumnGap, col_w, first + kRowsPerColumn, *rows, data.labels);
        drawFooter(*pdf, data);
    }
    return pdf->finish();
}

}  // namespace oc::print
