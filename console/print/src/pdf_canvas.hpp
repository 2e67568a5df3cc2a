#pragma once
// Private drawing helper shared by the scoresheet and the adjournment envelope form: an A4 PDF page
// stream with DejaVu Sans text drawn by Pango (paper_text.hpp), so both documents look alike and handle
// every notation's and every UI language's letters. In a right-to-left UI language (Persian) the page is
// mirrored: every x the documents give is read from the right edge and a text's alignment is flipped, so
// labels and columns start on the right; a diagram is drawn unmirrored (Unmirrored below).

#include <cairo.h>

#include <filesystem>
#include <string_view>
#include <tl/expected.hpp>

#include "paper_text.hpp"
#include "print/documents.hpp"

namespace oc::print::detail {

inline constexpr double kPageWidth = 595.28;  // A4 in points
inline constexpr double kPageHeight = 841.89;
inline constexpr double kMargin = 36.0;

class PdfCanvas {
  public:
    // Opens `path` for writing; the error names the file.
    [[nodiscard]] static tl::expected<PdfCanvas, PdfError> open(const std::filesystem::path& path);

    // Draws UTF-8 text with its baseline at y; shrinks it to fit max_width when that is > 0. Flow::Ltr
    // keeps data (a move, a FEN) left to right inside a right-to-left page.
    void text(double x, double y, std::string_view utf8, double size, Weight weight = Weight::Normal,
              Align align = Align::Left, double max_width = 0, Flow flow = Flow::Ui);
    // Text wrapped by Pango to lines of at most max_width; returns the baseline after the last line.
    double paragraph(double x, double y, std::string_view utf8, double size, double max_width,
                     Weight weight = Weight::Normal);
    // A chess piece centred on x, baseline y, readable on white and grey squares alike: the solid
    // figurine filled white (white pieces) or black, ringed by a contrasting outline.
    void piece(double x, double y, std::string_view solid, bool white, double size);
    void line(double x1, double y1, double x2, double y2, double width = 0.6);
    void box(double x, double y, double w, double h, double width = 0.6);
    void fill(double x, double y, double w, double h, double grey);
    // A labelled field: small label, then the value over a rule, as on a paper form.
    void field(double x, double y, double w, std::string_view label, std::string_view value);
    // Ends the page; it and finish() put the program's small print at the page's foot (small_print.hpp).
    void nextPage();
    // The small print's width: a line sharing its baseline (kPageHeight - kSmallPrintRise) stays clear.
    [[nodiscard]] double smallPrintWidth() const;
    // The left edge, on the page, of the span [x, x + w] as the documents give it (mirrored or not).
    [[nodiscard]] double spanLeft(double x, double w) const;

    // While one lives, coordinates are the page's own: for a chess diagram, which no language mirrors.
    class Unmirrored {
      public:
        explicit Unmirrored(PdfCanvas& pdf) : pdf_(pdf), was_(pdf.mirrored_) { pdf.mirrored_ = false; }
        ~Unmirrored() { pdf_.mirrored_ = was_; }
        Unmirrored(const Unmirrored&) = delete;
        Unmirrored& operator=(const Unmirrored&) = delete;

      private:
        PdfCanvas& pdf_;
        bool was_;
    };
    // Finishes the document and reports any write error (disk full, unwritable path).
    [[nodiscard]] tl::expected<void, PdfError> finish();

    PdfCanvas(PdfCanvas&& other) noexcept;
    PdfCanvas& operator=(PdfCanvas&&) = delete;
    PdfCanvas(const PdfCanvas&) = delete;
    PdfCanvas& operator=(const PdfCanvas&) = delete;
    ~PdfCanvas();

  private:
    PdfCanvas(cairo_surface_t* surface, cairo_t* cr, std::filesystem::path path);
    [[nodiscard]] double pageX(double x) const;
    [[nodiscard]] Align pageAlign(Align align) const;

    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
    std::filesystem::path path_;
    bool mirrored_ = false;
};

}  // namespace oc::print::detail
