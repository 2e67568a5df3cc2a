// Pango lays out each piece of text on the cairo context it is drawn on (pango_cairo_create_layout picks
// up the context's transformation, so a rotated axis label is laid out rotated). Sizes are absolute, in
// the PDF's points, as cairo's toy API had them; lines are placed baseline by baseline, so the papers keep
// the geometry they had before Pango.
#include "paper_text.hpp"

#include <glib-object.h>
#include <pango/pangocairo.h>

#include <memory>

#include "i18n/tr.hpp"

namespace oc::print::detail {
namespace {

struct Unref {
    void operator()(PangoLayout* layout) const { g_object_unref(layout); }
};
using Layout = std::unique_ptr<PangoLayout, Unref>;

constexpr double kLineSpacing = 1.3;  // baseline to baseline, in sizes

PangoDirection direction(Flow flow) {
    return flow == Flow::Ltr || !rightToLeft() ? PANGO_DIRECTION_LTR : PANGO_DIRECTION_RTL;
}
// The base direction is set, never guessed (auto-dir off): a Persian line that begins with a move or a
// number stays a right-to-left paragraph. Only data of unknown script (Flow::Data) takes the direction
// of its first strong letter, the UI language's when it has none.
Layout makeLayout(cairo_t* cr, std::string_view utf8, const TextStyle& style) {
    Layout layout(pango_cairo_create_layout(cr));
    PangoContext* context = pango_layout_get_context(layout.get());
    // A PDF's unit is the point: glyphs placed on a whole-point grid (Pango's default rounding) or with
    // hinted advances open gaps inside joined Persian words, which a reader's text layer then splits.
    pango_context_set_round_glyph_positions(context, FALSE);
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_base_dir(context, direction(style.flow));
    pango_layout_context_changed(layout.get());
    pango_layout_set_auto_dir(layout.get(), style.flow == Flow::Data ? TRUE : FALSE);
    PangoFontDescription* font = pango_font_description_from_string("DejaVu Sans");
    pango_font_description_set_weight(font,
                                      style.weight == Weight::Bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(font, style.size * PANGO_SCALE);
    pango_layout_set_font_description(layout.get(), font);
    pango_font_description_free(font);
    pango_layout_set_text(layout.get(), utf8.data(), static_cast<int>(utf8.size()));
    return layout;
}

// The first line's logical box: its left edge relative to the drawing point, and its width.
PangoRectangle firstLine(PangoLayout* layout) {
    PangoRectangle logical;
    pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, 0), nullptr, &logical);
    return logical;
}

double points(int pango_units) {
    return static_cast<double>(pango_units) / PANGO_SCALE;
}

// Where to put the drawing point so that the line's logical box sits at x as `align` says.
double origin(const PangoRectangle& box, double x, Align align) {
    const double width = points(box.width);
    const double left = align == Align::Left ? x : align == Align::Center ? x - width / 2 : x - width;
    return left - points(box.x);
}

}  // namespace

bool rightToLeft() {
    return i18n::isRightToLeft(i18n::uiLanguage());
}

std::string isolated(std::string_view utf8) {
    if (!rightToLeft()) return std::string(utf8);
    return "\u2068" + std::string(utf8) + "\u2069";
}

double lineWidth(cairo_t* cr, std::string_view utf8, const TextStyle& style) {
    const Layout layout = makeLayout(cr, utf8, style);
    return points(firstLine(layout.get()).width);
}

void showLine(cairo_t* cr, double x, double y, std::string_view utf8, const TextStyle& style, Align align) {
    const Layout layout = makeLayout(cr, utf8, style);
    cairo_move_to(cr, origin(firstLine(layout.get()), x, align), y);
    pango_cairo_show_layout_line(cr, pango_layout_get_line_readonly(layout.get(), 0));
}

void lineOutline(cairo_t* cr, double x, double y, std::string_view utf8, const TextStyle& style) {
    const Layout layout = makeLayout(cr, utf8, style);
    cairo_move_to(cr, origin(firstLine(layout.get()), x, Align::Left), y);
    pango_cairo_layout_line_path(cr, pango_layout_get_line_readonly(layout.get(), 0));
}

double showParagraph(cairo_t* cr, double x, double y, double width, std::string_view utf8,
                     const TextStyle& style) {
    const Layout layout = makeLayout(cr, utf8, style);
    pango_layout_set_width(layout.get(), static_cast<int>(width * PANGO_SCALE));
    pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
    const bool rtl = direction(style.flow) == PANGO_DIRECTION_RTL;
    pango_layout_set_alignment(layout.get(), rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    if (utf8.empty()) return y;
    PangoLayoutIter* iter = pango_layout_get_iter(layout.get());
    do {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, nullptr, &logical);
        PangoLayoutLine* line = pango_layout_iter_get_line_readonly(iter);
        PangoRectangle own;  // the line's own box, whose x is relative to its drawing point
        pango_layout_line_get_extents(line, nullptr, &own);
        cairo_move_to(cr, x + points(logical.x) - points(own.x), y);
        pango_cairo_show_layout_line(cr, line);
        y += style.size * kLineSpacing;
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    return y;
}

}  // namespace oc::print::detail
