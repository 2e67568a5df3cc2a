#pragma once
// Every document the console prints, drawn from plain data the session fills (scoresheet, envelope form,
// quickplay-finish claim). This part is the only user of cairo; it never sees the session's state machine.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "session/adjournment_form.hpp"
#include "session/quickplay.hpp"
#include "session/scoresheet_data.hpp"

namespace oc::print {

struct PdfError {
    std::string message;  // what went wrong, naming the file
};

// The printable scoresheet (Art. 8, REC-01..08) as an A4 PDF: moves 1-30 and 31-60 side by side, more
// pages past move 60. Never any evaluation (REC-07).
[[nodiscard]] tl::expected<void, PdfError> writeScoresheetPdf(const session::ScoresheetData& data,
                                                              const std::filesystem::path& path);

// The envelope's adjournment form (Guidelines I.2, ADJ-03): one A4 page with a diagram of the FEN's
// position and a box for the handwritten sealed move; fails on an unreadable FEN board.
[[nodiscard]] tl::expected<void, PdfError> writeSealedMoveFormPdf(const session::AdjournmentFormData& data,
                                                                  const std::filesystem::path& path);
// Several envelopes' forms in one PDF, one page each (every adjournment of a game, for the archive).
[[nodiscard]] tl::expected<void, PdfError> writeSealedMoveFormsPdf(
    const std::vector<session::AdjournmentFormData>& forms, const std::filesystem::path& path);

// QPF-04: the no-arbiter claim export as plain text: claim data, a diagram, the FEN, the scoresheet and
// signature lines.
[[nodiscard]] std::string quickplayClaimText(const session::QuickplayClaimExport& e);
// QPF-04: the same as the scoresheet PDF titled as a claim, with the FEN and clocks.
[[nodiscard]] tl::expected<void, PdfError> writeQuickplayClaimPdf(const session::QuickplayClaimExport& e,
                                                                  const std::filesystem::path& path);

}  // namespace oc::print
