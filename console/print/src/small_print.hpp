#pragma once
// Private to console/print: the small print at the foot of every page of every paper, naming the
// program that printed it (issue 39), so an arbiter holding a paper knows which console, at which
// release and commit, drew it. The same words are the PDF's Creator.

#include <cairo.h>

#include <string>

namespace oc::print::detail {

// "operator-console 1.0.0 (commit 6a34db6f)": the program's name, not translated, as the journal's
// header and `--version` give it.
[[nodiscard]] std::string smallPrintText();

// The PDF's Creator metadata (what a viewer's "document properties" shows).
void setCreator(cairo_surface_t* pdf_surface);

// Draws the small print on the current page: 6 pt grey, its baseline 20 pt above the page's foot (inside
// what every printer prints), ending at the right margin, or starting at the left one on a right-to-left
// page, the end where that page's lines end. Each paper keeps that corner free.
void drawSmallPrint(cairo_t* cr, double page_width, double page_height, double margin);

// The small print's width, for a paper that shares its baseline (the scoresheet's footnote).
[[nodiscard]] double smallPrintWidth(cairo_t* cr);

// How far above the page's foot the small print's baseline sits.
inline constexpr double kSmallPrintRise = 20.0;

}  // namespace oc::print::detail
