#pragma once
// Private to the audit's PDF: text and chart primitives over a cairo context, and the four pictures,
// drawn from the audit report's plain data (its series). Text goes through Pango (paper_text.hpp). In a
// right-to-left UI language the pages' text columns start at the right edge (pageText, wrapped); the
// charts keep their axes left to right, as charts in Persian do, with titles and legends on the right.

#include <cairo.h>

#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "paper_text.hpp"

namespace oc::print::chart {

using audit::Mark;
using audit::PolicyLines;
using audit::Series;

inline constexpr double kPageWidth = 595.28;  // A4 in points
inline constexpr double kPageHeight = 841.89;
inline constexpr double kMargin = 40.0;

struct Rgb {
    double r = 0, g = 0, b = 0;
};
inline constexpr Rgb kBlack{0, 0, 0};
inline constexpr Rgb kGrey{0.55, 0.55, 0.55};
inline constexpr Rgb kBlue{0.12, 0.35, 0.75};
inline constexpr Rgb kRed{0.80, 0.10, 0.10};
inline constexpr Rgb kGreen{0.10, 0.55, 0.20};
inline constexpr Rgb kOrange{0.90, 0.50, 0.05};

void color(cairo_t* cr, Rgb c);
// Text with its baseline at y, in DejaVu Sans, starting at x (never mirrored: a chart's labels).
void text(cairo_t* cr, double x, double y, const std::string& utf8, double size, bool bold = false,
          Rgb c = kBlack);
// A line of a page's text column: starting at x, or ending at the page's width minus x in a right-to-left
// language. Data (a check's identifier, an article) keeps its own direction.
void pageText(cairo_t* cr, double x, double y, const std::string& utf8, double size, bool bold = false,
              Rgb c = kBlack, bool data = false);
double textWidth(cairo_t* cr, const std::string& utf8, double size, bool bold = false);
// The size at most `size` at which the text fits `width` (a longer line in another language shrinks).
double fittingSize(cairo_t* cr, const std::string& utf8, double size, double width, bool bold = false);
// Text wrapped at `width` (the column mirrored in a right-to-left language); returns the baseline after
// the last line.
double wrapped(cairo_t* cr, double x, double y, double width, const std::string& utf8, double size,
               Rgb c = kBlack);

// A plot area and the value ranges it shows.
struct Frame {
    double x = 0, y = 0, w = 0, h = 0;  // on the page (y = top)
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    bool log_y = false;
    double px(double v) const;
    double py(double v) const;
};

// The frame's box, title, axis ticks and labels.
void axes(cairo_t* cr, const Frame& f, const std::string& title, const std::string& y_label);
void polyline(cairo_t* cr, const Frame& f, const std::vector<std::pair<double, double>>& points, Rgb c,
              double width = 1.0, bool dashed = false);
// Until the matching cairo_restore, nothing drawn runs past the frame (but for a symbol's half at its edge).
void clipToFrame(cairo_t* cr, const Frame& f);
// A horizontal reference line; its label right of the frame, or inside at the left when `left`.
void hline(cairo_t* cr, const Frame& f, double y, Rgb c, const std::string& label, bool left = false);
void legend(cairo_t* cr, double x, double y, const std::vector<std::pair<std::string, Rgb>>& items);

// The four pictures of the issue, each in its box.
void drawClocks(cairo_t* cr, const Series& s, Frame f);
void drawHandling(cairo_t* cr, const Series& s, Frame f);
void drawEngineTime(cairo_t* cr, const Series& s, Frame f);
void drawEvaluation(cairo_t* cr, const Series& s, Frame f);

}  // namespace oc::print::chart
