// Text and chart primitives for the audit's PDF.
#include "audit_pdf_draw.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "i18n/tr.hpp"
#include "paper_words.hpp"

namespace oc::print::chart {

void color(cairo_t* cr, Rgb c) {
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

namespace {

using detail::Align;
using detail::Flow;
using detail::rightToLeft;
using detail::TextStyle;
using detail::Weight;

TextStyle style(double size, bool bold, Flow flow = Flow::Ui) {
    return TextStyle{size, bold ? Weight::Bold : Weight::Normal, flow};
}

// Round tick steps (1, 2, 5 x 10^k) giving about `count` ticks over the span.
double tickStep(double span, int count) {
    double raw = span / count;
    double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= raw) return m * mag;
    return 10 * mag;
}

// A tick's value in the UI language's digits and decimal separator (0,5 in Polish, ۰٫۵ in Persian).
std::string number(double v) {
    return detail::decimalText(std::abs(v - std::round(v)) < 1e-9 ? fmt::format("{}", std::llround(v))
                                                                  : fmt::format("{:g}", v));
}

// A tick's number, left to right in every language (a minus sign stays before its digits).
void tickLabel(cairo_t* cr, double x, double y, const std::string& label, Align align) {
    color(cr, kBlack);
    detail::showLine(cr, x, y, label, style(6.5, false, Flow::Ltr), align);
}

void yTicks(cairo_t* cr, const Frame& f) {
    std::vector<double> ticks;
    if (f.log_y) {
        for (double v = std::pow(10.0, std::floor(std::log10(f.y0))); v <= f.y1 * 1.001; v *= 10)
            if (v >= f.y0 * 0.999) ticks.push_back(v);
    } else {
        double step = tickStep(f.y1 - f.y0, 4);
        for (double v = std::ceil(f.y0 / step) * step; v <= f.y1 + 1e-9; v += step) ticks.push_back(v);
    }
    for (double v : ticks) {
        color(cr, {0.88, 0.88, 0.88});
        cairo_move_to(cr, f.x, f.py(v));
        cairo_line_to(cr, f.x + f.w, f.py(v));
        cairo_stroke(cr);
        tickLabel(cr, f.x - 3, f.py(v) + 2.3, number(v), Align::Right);
    }
}

void xTicks(cairo_t* cr, const Frame& f) {
    double step = std::max(1.0, tickStep(f.x1 - f.x0, 8));
    for (double v = std::ceil(f.x0 / step) * step; v <= f.x1 + 1e-9; v += step) {
        color(cr, kBlack);
        cairo_move_to(cr, f.px(v), f.y + f.h);
        cairo_line_to(cr, f.px(v), f.y + f.h + 2.5);
        cairo_stroke(cr);
        tickLabel(cr, f.px(v), f.y + f.h + 9.5, number(v), Align::Center);
    }
}

}  // namespace

void text(cairo_t* cr, double x, double y, const std::string& utf8, double size, bool bold, Rgb c) {
    color(cr, c);
    detail::showLine(cr, x, y, utf8, style(size, bold), Align::Left);
}

void pageText(cairo_t* cr, double x, double y, const std::string& utf8, double size, bool bold, Rgb c,
              bool data) {
    color(cr, c);
    const bool rtl = rightToLeft();
    detail::showLine(cr, rtl ? kPageWidth - x : x, y, utf8, style(size, bold, data ? Flow::Data : Flow::Ui),
                     rtl ? Align::Right : Align::Left);
}

double textWidth(cairo_t* cr, const std::string& utf8, double size, bool bold) {
    return detail::lineWidth(cr, utf8, style(size, bold));
}

double fittingSize(cairo_t* cr, const std::string& utf8, double size, double width, bool bold) {
    const double w = textWidth(cr, utf8, size, bold);
    return w > width ? size * width / w : size;
}

double wrapped(cairo_t* cr, double x, double y, double width, const std::string& utf8, double size, Rgb c) {
    if (utf8.find_first_not_of(' ') == std::string::npos) return y + size * 1.3;  // an empty line, as before
    color(cr, c);
    const double left = rightToLeft() ? kPageWidth - x - width : x;
    return detail::showParagraph(cr, left, y, width, utf8, style(size, false));
}

double Frame::px(double v) const {
    return x + (v - x0) / (x1 - x0) * w;
}

double Frame::py(double v) const {
    double t = log_y ? (std::log10(std::max(v, y0)) - std::log10(y0)) / (std::log10(y1) - std::log10(y0))
                     : (v - y0) / (y1 - y0);
    return y + h - std::clamp(t, 0.0, 1.0) * h;
}

void axes(cairo_t* cr, const Frame& f, const std::string& title, const std::string& y_label) {
    cairo_set_line_width(cr, 0.4);
    yTicks(cr, f);
    xTicks(cr, f);
    color(cr, kBlack);
    cairo_rectangle(cr, f.x, f.y, f.w, f.h);
    cairo_stroke(cr);
    if (rightToLeft())
        detail::showLine(cr, f.x + f.w, f.y - 5, title, style(9, true), Align::Right);
    else
        text(cr, f.x, f.y - 5, title, 9, true);
    const std::string x_label = i18n::trc("paper", "half-move");
    text(cr, f.x + f.w - textWidth(cr, x_label, 6.5), f.y + f.h + 18, x_label, 6.5, false, kGrey);
    cairo_save(cr);
    cairo_move_to(cr, f.x - 24, f.y + f.h / 2 + textWidth(cr, y_label, 6.5) / 2);
    cairo_rotate(cr, -M_PI / 2);
    color(cr, kGrey);
    double x = 0, y = 0;
    cairo_get_current_point(cr, &x, &y);
    detail::showLine(cr, x, y, y_label, style(6.5, false), Align::Left);
    cairo_restore(cr);
}

void polyline(cairo_t* cr, const Frame& f, const std::vector<std::pair<double, double>>& points, Rgb c,
              double width, bool dashed) {
    if (points.empty()) return;
    color(cr, c);
    cairo_set_line_width(cr, width);
    double dash[] = {3.0, 2.0};
    cairo_set_dash(cr, dash, dashed ? 2 : 0, 0);
    cairo_move_to(cr, f.px(points.front().first), f.py(points.front().second));
    for (const auto& [x, y] : points) cairo_line_to(cr, f.px(x), f.py(y));
    cairo_stroke(cr);
    cairo_set_dash(cr, dash, 0, 0);
    if (points.size() > 1) return;
    // A series of one point (a short journal) is a line of no length: it is shown as a dot.
    cairo_arc(cr, f.px(points.front().first), f.py(points.front().second), std::max(1.5, 1.5 * width), 0,
              2 * M_PI);
    cairo_fill(cr);
}

void clipToFrame(cairo_t* cr, const Frame& f) {
    cairo_save(cr);
    cairo_rectangle(cr, f.x - 4, f.y - 4, f.w + 8, f.h + 8);
    cairo_clip(cr);
}

void hline(cairo_t* cr, const Frame& f, double y, Rgb c, const std::string& label, bool left) {
    polyline(cr, f, {{f.x0, y}, {f.x1, y}}, c, 0.7, true);
    if (label.empty()) return;
    if (left)
        text(cr, f.x + 3, f.py(y) - 2, label, 6, false, c);
    else
        text(cr, f.x + f.w + 2, f.py(y) + 2.3, label, 6, false, c);
}

// Left to right from x; in a right-to-left language from the frame's mirror image of x leftwards, each
// swatch right of its label.
void legend(cairo_t* cr, double x, double y, const std::vector<std::pair<std::string, Rgb>>& items) {
    if (rightToLeft()) {
        double right = kPageWidth - x;
        for (const auto& [label, c] : items) {
            color(cr, c);
            cairo_rectangle(cr, right - 7, y - 5, 7, 5);
            cairo_fill(cr);
            detail::showLine(cr, right - 9, y, label, style(6.5, false), Align::Right);
            right -= 16 + textWidth(cr, label, 6.5);
        }
        return;
    }
    for (const auto& [label, c] : items) {
        color(cr, c);
        cairo_rectangle(cr, x, y - 5, 7, 5);
        cairo_fill(cr);
        text(cr, x + 9, y, label, 6.5);
        x += 16 + textWidth(cr, label, 6.5);
    }
}

}  // namespace oc::print::chart
