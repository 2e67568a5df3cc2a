#pragma once
// The one step between a catalogue's text and ImGui (issue 26 item 1, docs/i18n.md "Right to left").
// Dear ImGui 1.86 draws one glyph per codepoint, left to right, with no shaping. For a right-to-left UI
// language every text goes through FriBidi first: the Unicode bidi algorithm, Arabic joining and shaping
// into presentation forms (U+FB50-U+FEFF), reordering into the order ImGui draws, and then the invisible
// controls (ZWNJ, LRM/RLM, isolates, embeddings, U+FEFF) are removed, which no font draws. In a
// left-to-right language it is the identity. Shaped texts are cached: a frame never reshapes a text it
// drew before.

#include <string>
#include <string_view>

namespace oc::ui {

// One line of logical text as ImGui must draw it in a right-to-left UI. A line with a right-to-left
// letter is a right-to-left paragraph; a line without one (a move, a name, "1. e4", "1:29:58") keeps its
// order, so "1. e4" does not become "e4 .1". Controls are removed either way. Pure: no ImGui, no cache.
std::string shapeRtlLine(std::string_view logical);

// The text as ImGui must draw it now: the identity when the UI language is left to right, else each
// '\n'-separated line through shapeRtlLine, from the cache. The reference stays valid for at least the
// next 4096 new texts.
const std::string& displayText(std::string_view logical);

// Whether `logical` has a right-to-left letter (Persian, Arabic, Hebrew): text ImGui cannot draw as it reads.
bool hasRightToLeft(std::string_view logical);

// The text shaped and reordered whatever the UI language (each line through shapeRtlLine, from the same
// cache): a Persian name typed at an English or Polish screen is shown joined too. Same lifetime as
// displayText's.
const std::string& shapedText(std::string_view logical);

// As displayWrapped, shaped whatever the UI language. Needs an ImGui frame.
const std::string& shapedWrapped(std::string_view logical, float width);

// A game's result as the screens show it: "½-½" for PGN's "1/2-1/2", as the scoresheet prints it (issue 36:
// the screens said "1/2-1/2" beside a paper's "½-½"); "1-0", "0-1" and "*" as they are.
std::string shownResult(std::string_view result);

// An ImGui label "shown###id" or "shown##id" with only the shown part through displayText: the ID after
// the hashes stays the English one in every language.
std::string displayLabel(std::string_view label);

// The logical text broken at spaces so that no line's *shaped* width in the current ImGui font exceeds
// `width`, then each line shaped (identity shaping in left-to-right languages). Needs an ImGui frame.
const std::string& displayWrapped(std::string_view logical, float width);

// How many texts have been shaped since the process started (tests: a frame drawn twice shapes nothing
// the second time).
std::size_t shapedCount();

// Whether the UI language in force is right to left (text is right-aligned then).
bool rightToLeftUi();

}  // namespace oc::ui
