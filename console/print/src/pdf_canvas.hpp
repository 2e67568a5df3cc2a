#pragma once
// Private drawing helper shared by the scoresheet and the adjournment envelope form: an A4 PDF page
// stream with DejaVu Sans text, so both documents look alike and handle every notation's letters.

#include <cairo.h>

#include <filesystem>
#include <string_view>
#include <tl/expected.hpp>

#include "print/documents.hpp"

namespace oc::print::detail {

inline constexpr double kPageWidth = 595.28;  // A4 in points
inline constexpr double kPageHeight = 841.89;
inline constexpr double kMargin = 36.0;

enum class Weight { Normal, Bold };
enum class Align { Left, Center, Right };

class PdfCanvas {
  public:
    // Opens `path` for writing; the error names the file.
    [[nodiscard]] static tl::expected<PdfCanvas, PdfError> open(const std::filesystem::path& path);

    // Draws UTF-8 text with its baseline at y; shrinks it to fit max_width when that is > 0.
    void text(double x, double y, std::string_view utf8, double size, Weight weight = Weight::Normal,
              Align align = Align::Left, double max_width = 0);
    // Wraps UTF-8 text at spaces to lines of at most max_width; returns the baseline after the last line.
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
    void nextPage();
    // Finishes the document and reports any write error (disk full, unwritable path).
    [[nodiscard]] tl::expected<void, PdfError> finish();

    PdfCanvas(PdfCanvas&& other) noexcept;
    PdfCanvas& operator=(PdfCanvas&&) = delete;
    PdfCanvas(const PdfCanvas&) = delete;
    PdfCanvas& operator=(const PdfCanvas&) = delete;
    ~PdfCanvas();

  private:
    PdfCanvas(cairo_surface_t* surface, cairo_t* cr, std::filesystem::path path);
    void font(double size, Weight weight);
    double width(const std::string& utf8);

    cairo_surface_t* surface_ = nullptr;
    cairo_t* cr_ = nullptr;
    std::filesystem::path path_;
};

}  // namespace oc::print::detail
