// The small print is drawn as its own left-to-right line (Flow::Ltr): the name is Latin, and on a
// Persian page a right-to-left paragraph would move its closing parenthesis to the wrong end.
#include "small_print.hpp"

#include <cairo-pdf.h>

#include "paper_text.hpp"
#include "version/version.hpp"

namespace oc::print::detail {
namespace {

constexpr TextStyle kStyle{6.0, Weight::Normal, Flow::Ltr};
constexpr double kGrey = 0.45;  // readable, yet plainly not part of the form

}  // namespace

std::string smallPrintText() {
    return version::describe();
}

void setCreator(cairo_surface_t* pdf_surface) {
    cairo_pdf_surface_set_metadata(pdf_surface, CAIRO_PDF_METADATA_CREATOR, smallPrintText().c_str());
}

double smallPrintWidth(cairo_t* cr) {
    return lineWidth(cr, smallPrintText(), kStyle);
}

void drawSmallPrint(cairo_t* cr, double page_width, double page_height, double margin) {
    const bool rtl = rightToLeft();
    cairo_save(cr);
    cairo_set_source_rgb(cr, kGrey, kGrey, kGrey);
    showLine(cr, rtl ? margin : page_width - margin, page_height - kSmallPrintRise, smallPrintText(), kStyle,
             rtl ? Align::Left : Align::Right);
    cairo_restore(cr);
}

}  // namespace oc::print::detail
