// Pango resolves "DejaVu Sans" through fontconfig (Debian's fonts-dejavu-core), which covers Latin with
// Polish letters, Cyrillic, Persian (with the Arabic presentation forms) and the chess figurines
// U+2654..U+265F.
#include "pdf_canvas.hpp"

#include <cairo-pdf.h>
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "small_print.hpp"

namespace oc::print::detail {

namespace {

// Written under a temporary name and renamed when complete, so a failed print never leaves a
// truncated PDF where the arbiter expects the scoresheet.
std::filesystem::path partialName(const std::filesystem::path& path) {
    auto partial = path;
    partial += ".part";
    return partial;
}

}  // namespace

tl::expected<PdfCanvas, PdfError> PdfCanvas::open(const std::filesystem::path& path) {
    errno = 0;
    cairo_surface_t* surface = cairo_pdf_surface_create(partialName(path).c_str(), kPageWidth, kPageHeight);
    const int err = errno;
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        std::string why = cairo_status_to_string(cairo_surface_status(surface));
        if (err != 0) why += fmt::format(" ({})", std::strerror(err));
        cairo_surface_destroy(surface);
        return tl::unexpected(PdfError{fmt::format("cannot write PDF {}: {}", path.string(), why)});
    }
    setCreator(surface);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0, 0, 0);
    PdfCanvas canvas(surface, cr, path);
    canvas.mirrored_ = rightToLeft();
    return canvas;
}

PdfCanvas::PdfCanvas(cairo_surface_t* surface, cairo_t* cr, std::filesystem::path path)
    : surface_(surface), cr_(cr), path_(std::move(path)) {}

PdfCanvas::PdfCanvas(PdfCanvas&& other) noexcept
    : surface_(std::exchange(other.surface_, nullptr)),
      cr_(std::exchange(other.cr_, nullptr)),
      path_(std::move(other.path_)),
      mirrored_(other.mirrored_) {}

PdfCanvas::~PdfCanvas() {
    if (cr_ != nullptr) cairo_destroy(cr_);
    if (surface_ != nullptr) {
        cairo_surface_destroy(surface_);
        std::error_code ignored;
        std::filesystem::remove(partialName(path_), ignored);
    }
}

void PdfCanvas::text(double x, double y, std::string_view utf8, double size, Weight weight, Align align,
                     double max_width, Flow flow) {
    TextStyle style{size, weight, flow};
    // Long names or annotated moves shrink rather than run into the next column.
    if (const double w = lineWidth(cr_, utf8, style); max_width > 0 && w > max_width)
        style.size = size * max_width / w;
    showLine(cr_, pageX(x), y, utf8, style, pageAlign(align));
}

double PdfCanvas::paragraph(double x, double y, std::string_view utf8, double size, double max_width,
                            Weight weight) {
    return showParagraph(cr_, spanLeft(x, max_width), y, max_width, utf8, TextStyle{size, weight, Flow::Ui});
}

double PdfCanvas::pageX(double x) const {
    return mirrored_ ? kPageWidth - x : x;
}

double PdfCanvas::spanLeft(double x, double w) const {
    return mirrored_ ? kPageWidth - x - w : x;
}

Align PdfCanvas::pageAlign(Align align) const {
    if (!mirrored_ || align == Align::Center) return align;
    return align == Align::Left ? Align::Right : Align::Left;
}

// The piece is drawn twice: a wide stroke of the opposite colour around the solid figurine (a black rim
// for a white piece, a white halo that separates a black piece from a grey square), then the figurine
// itself as text (so the diagram stays searchable). The hollow outline figurines (U+2654..) printed as
// thin grey-on-grey lines.
void PdfCanvas::piece(double x, double y, std::string_view solid, bool white, double size) {
    const TextStyle style{size, Weight::Normal, Flow::Ltr};
    const double left = pageX(x) - lineWidth(cr_, solid, style) / 2, ink = white ? 1.0 : 0.0;
    lineOutline(cr_, left, y, solid, style);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_set_source_rgb(cr_, 1 - ink, 1 - ink, 1 - ink);
    cairo_set_line_width(cr_, size * (white ? 0.08 : 0.06));
    cairo_stroke(cr_);
    cairo_set_source_rgb(cr_, ink, ink, ink);
    showLine(cr_, left, y, solid, style, Align::Left);
    cairo_set_source_rgb(cr_, 0, 0, 0);
}

void PdfCanvas::line(double x1, double y1, double x2, double y2, double width) {
    cairo_set_line_width(cr_, width);
    cairo_move_to(cr_, pageX(x1), y1);
    cairo_line_to(cr_, pageX(x2), y2);
    cairo_stroke(cr_);
}

void PdfCanvas::box(double x, double y, double w, double h, double width) {
    cairo_set_line_width(cr_, width);
    cairo_rectangle(cr_, spanLeft(x, w), y, w, h);
    cairo_stroke(cr_);
}

void PdfCanvas::fill(double x, double y, double w, double h, double grey) {
    cairo_set_source_rgb(cr_, grey, grey, grey);
    cairo_rectangle(cr_, spanLeft(x, w), y, w, h);
    cairo_fill(cr_);
    cairo_set_source_rgb(cr_, 0, 0, 0);
}

// PGN writes an unknown tag as "?" (a date as "????.??.??"); on a paper form the same is a blank line for
// the arbiter's hand, never question marks.
namespace {
bool unknownValue(std::string_view value) {
    return value.find('?') != std::string_view::npos &&
           value.find_first_not_of("?. ") == std::string_view::npos;
}

// Whether the text holds a right-to-left character (Hebrew, Arabic, Persian letters and digits, RLM).
bool holdsRightToLeft(std::string_view utf8) {
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        const auto b = static_cast<unsigned char>(utf8[i]);
        if (b >= 0xD6 && b <= 0xDF) return true;  // U+0580..U+07FF
        if (utf8.substr(i, 3) == "\u200F") return true;
        if (b == 0xEF && i + 1 < utf8.size() && static_cast<unsigned char>(utf8[i + 1]) >= 0xAC &&
            static_cast<unsigned char>(utf8[i + 1]) <= 0xBB)
            return true;  // the presentation forms U+FB00..U+FEFF
    }
    return false;
}

// Issue 36 item 4: a field's paragraph takes the paper's direction, so "(رایانه، سیاه)" after a Latin
// name reads from the right. A value without right-to-left text (a name, a time control alone) is
// isolated whole, so it keeps its own order inside that paragraph.
std::string fieldValue(std::string_view value) {
    return holdsRightToLeft(value) ? std::string(value) : detail::isolated(value);
}
}  // namespace

void PdfCanvas::field(double x, double y, double w, std::string_view label, std::string_view value) {
    text(x, y, label, 7, Weight::Normal, Align::Left, w);  // a longer label in another language shrinks
    if (!unknownValue(value))
        text(x + 2, y + 14, fieldValue(value), 11, Weight::Normal, Align::Left, w - 4, Flow::Ui);
    line(x, y + 17, x + w, y + 17, 0.4);
}

double PdfCanvas::smallPrintWidth() const {
    return detail::smallPrintWidth(cr_);
}

void PdfCanvas::nextPage() {
    drawSmallPrint(cr_, kPageWidth, kPageHeight, kMargin);
    cairo_show_page(cr_);
}

tl::expected<void, PdfError> PdfCanvas::finish() {
    drawSmallPrint(cr_, kPageWidth, kPageHeight, kMargin);
    cairo_show_page(cr_);
    cairo_destroy(std::exchange(cr_, nullptr));
    cairo_surface_finish(surface_);
    const cairo_status_t status = cairo_surface_status(surface_);
    cairo_surface_destroy(std::exchange(surface_, nullptr));
    std::error_code ec;
    if (status == CAIRO_STATUS_SUCCESS) std::filesystem::rename(partialName(path_), path_, ec);
    if (status != CAIRO_STATUS_SUCCESS || ec) {
        std::error_code ignored;
        std::filesystem::remove(partialName(path_), ignored);
        const std::string why = ec ? ec.message() : cairo_status_to_string(status);
        return tl::unexpected(PdfError{fmt::format("cannot write PDF {}: {}", path_.string(), why)});
    }
    return {};
}

}  // namespace oc::print::detail
