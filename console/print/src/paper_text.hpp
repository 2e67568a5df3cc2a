#pragma once
// Private to console/print: every word on every paper is drawn here, through pangocairo (issue 26 item 7),
// in DejaVu Sans as on the screen. Pango shapes (Persian's joined letters, lam-alef), runs the bidi
// algorithm with the base direction set explicitly (right to left for Persian, never guessed from the
// first letter: a line starting "12. Nxe5+" would turn left to right), wraps, and keeps the PDF's text
// layer in logical order so that copying and searching work. One text path for every language.

#include <cairo.h>

#include <string>
#include <string_view>

namespace oc::print::detail {

enum class Weight { Normal, Bold };
// Where x is: the text's left edge, its centre, or its right edge.
enum class Align { Left, Center, Right };
// The paragraph direction of one piece of text: the UI language's (labels, sentences); left to right for
// data that is left to right whatever language surrounds it (moves, a FEN, a fingerprint, a clock
// reading); or, for data in an unknown script (a name, an event, a time control), the direction of its
// first strong letter, the UI language's when it has none (a date).
enum class Flow { Ui, Ltr, Data };

// True when the UI language is written right to left (Persian): the papers mirror their layout.
bool rightToLeft();

// The text wrapped in first-strong isolates (U+2068 ... U+2069) in a right-to-left language, as is;
// for a left-to-right piece (a name, a move) placed by the code into a Persian sentence outside trf.
std::string isolated(std::string_view utf8);

struct TextStyle {
    double size = 10;
    Weight weight = Weight::Normal;
    Flow flow = Flow::Ui;
};

// The advance width of one line of text, in points.
double lineWidth(cairo_t* cr, std::string_view utf8, const TextStyle& style);
// One line with its baseline at y, x placed by `align`.
void showLine(cairo_t* cr, double x, double y, std::string_view utf8, const TextStyle& style, Align align);
// The line's outline as the current path (the pieces' halo is stroked along it).
void lineOutline(cairo_t* cr, double x, double y, std::string_view utf8, const TextStyle& style);

// Text wrapped by Pango to the column [x, x + width], lines 1.3 x size apart, the first baseline at y;
// each line starts at the column's left edge, or at its right edge in a right-to-left language. Returns
// the baseline after the last line.
double showParagraph(cairo_t* cr, double x, double y, double width, std::string_view utf8,
                     const TextStyle& style);

}  // namespace oc::print::detail
