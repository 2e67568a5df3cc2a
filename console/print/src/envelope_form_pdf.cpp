// The envelope form: every field of Guidelines I.2 (a)-(g), a diagram so the position can be set up
// without a computer, a box for the human's hand-written sealed move (or the computer's electronic seal
// and its fingerprint), and the signatures. Every field is worded in the UI language (issue 12): in Polish
// as the Laws 2005 word the envelope ("koperta") of Appendix A, dates as 30.11.2026.
#include <fmt/format.h>

#include <array>
#include <optional>
#include <string_view>

#include "i18n/tr.hpp"
#include "paper_words.hpp"
#include "pdf_canvas.hpp"
#include "print/documents.hpp"

namespace oc::print {
namespace {

using session::AdjournmentFormData;

using detail::Align;
using detail::Flow;
using detail::kMargin;
using detail::kPageWidth;
using detail::PdfCanvas;
using detail::sideInText;
using detail::sideLabel;
using detail::Weight;
using i18n::tr;
using i18n::trc;
using i18n::trf;
using i18n::trnf;

using Board = std::array<std::array<char, 8>, 8>;  // [rank 8..1][file a..h], '.' for empty

// The placement field of a FEN (only what the diagram needs; the rules module validated the position).
std::optional<Board> parsePlacement(std::string_view fen) {
    Board board{};
    for (auto& rank : board) rank.fill('.');
    std::size_t row = 0, col = 0;
    for (const char c : fen.substr(0, fen.find(' '))) {
        if (c == '/') {
            if (col != 8 || ++row > 7) return std::nullopt;
            col = 0;
        } else if (c >= '1' && c <= '8') {
            col += static_cast<std::size_t>(c - '0');
        } else if (std::string_view("KQRBNPkqrbnp").find(c) != std::string_view::npos && col < 8) {
            board[row][col++] = c;
        } else {
            return std::nullopt;
        }
        if (col > 8) return std::nullopt;
    }
    if (row != 7 || col != 8) return std::nullopt;
    return board;
}

// The solid figurine of the piece's kind (U+265A..U+265F); its colour comes from the drawing.
std::string_view figurine(char piece) {
    switch (piece) {
        case 'K':
        case 'k':
            return "♚";
        case 'Q':
        case 'q':
            return "♛";
        case 'R':
        case 'r':
            return "♜";
        case 'B':
        case 'b':
            return "♝";
        case 'N':
        case 'n':
            return "♞";
        case 'P':
        case 'p':
            return "♟";
        default:
            return "";
    }
}

// The board is never mirrored (a right-to-left page puts it on the right, as it is).
void drawDiagram(PdfCanvas& pdf, const Board& board, double x_given, double y, double square) {
    const double x = pdf.spanLeft(x_given, 8 * square);
    const PdfCanvas::Unmirrored board_as_it_is(pdf);
    for (int r = 0; r < 8; ++r) {
        for (int f = 0; f < 8; ++f) {
            const double sx = x + f * square, sy = y + r * square;
            if ((r + f) % 2 == 1) pdf.fill(sx, sy, square, square, 0.72);
            const char piece = board[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
            if (piece != '.')
                pdf.piece(sx + square / 2, sy + square * 0.8, figurine(piece), piece >= 'A' && piece <= 'Z',
                          square * 0.8);
        }
        pdf.text(x - 6, y + r * square + square * 0.65, std::to_string(8 - r), 8, Weight::Normal,
                 Align::Center, 0, Flow::Ltr);
    }
    for (int f = 0; f < 8; ++f) {
        pdf.text(x + f * square + square / 2, y + 8 * square + 10, std::string(1, static_cast<char>('a' + f)),
                 8, Weight::Normal, Align::Center, 0, Flow::Ltr);
    }
    pdf.box(x, y, 8 * square, 8 * square, 1.0);
}

// (c) how the times relate to the table clock (E.III 1.1): set to it N times, or never.
std::string clockSync(const session::EnvelopeClockSync& sync) {
    if (sync.count == 0) return tr("Console's count: never set to the table clock during the game.");
    const char* to_move = sync.white_to_move ? trc("paper", "White to move") : trc("paper", "Black to move");
    return trnf(
        "As the table clock read: set to it {} time, last during move {} ({}); corrections (table minus "
        "console) White {}, Black {}.",
        "As the table clock read: set to it {} times, last during move {} ({}); corrections (table minus "
        "console) White {}, Black {}.",
        sync.count, sync.count, sync.move, to_move, sync.white_correction, sync.black_correction);
}

// The sealed move is move N: White has completed N-1 moves; when Black seals, White's move N too.
std::string movesCompleted(const AdjournmentFormData& d) {
    const long done = d.sealed_move_number - 1;
    if (d.sealer_white) return trnf("{} move completed", "{} moves completed", done, done);
    return trnf("{} move completed and White's move {}", "{} moves completed and White's move {}", done, done,
                d.sealed_move_number);
}

// (c) used + remaining is shown too: it must equal the base times plus the increments, which the
// arbiter can check against the control; the syncs with the table clock are named below.
double drawClockTable(PdfCanvas& pdf, const AdjournmentFormData& d, double x, double y, double w) {
    pdf.text(x, y, tr("(c) Time used by each player"), 9, Weight::Bold, Align::Left, w);
    const std::array<double, 3> col{x + w * 0.2, x + w * 0.44, x + w * 0.68};
    const std::array<const char*, 3> head{trc("paper", "Time used"), trc("paper", "Remaining"),
                                          trc("paper", "Used + remaining")};
    for (std::size_t c = 0; c < col.size(); ++c)
        pdf.text(col[c], y + 16, head[c], 8, Weight::Normal, Align::Left, w * 0.23);
    const std::array<std::array<const std::string*, 3>, 2> rows{
        {{&d.white_time_used, &d.white_time_remaining, &d.white_time_total},
         {&d.black_time_used, &d.black_time_remaining, &d.black_time_total}}};
    for (std::size_t i = 0; i < 2; ++i) {
        const double ry = y + 32 + static_cast<double>(i) * 16;
        pdf.text(x, ry, sideLabel(i == 0), 10, Weight::Normal, Align::Left, w * 0.19);
        for (std::size_t c = 0; c < col.size(); ++c)
            pdf.text(col[c], ry, *rows[i][c], 10, Weight::Normal, Align::Left, w * 0.23, Flow::Ltr);
    }
    const double next = pdf.paragraph(x, y + 66, clockSync(d.clock_sync), 8, w);
    const std::string details =
        trf("time control {}; {}; edition {}", d.time_control, movesCompleted(d), d.edition_year);
    return pdf.paragraph(x, next + 3, details, 8, w);
}

// (d) "Name (Black)" or "Name (Black, computer)".
std::string sealer(const AdjournmentFormData& d) {
    if (d.sealed_by_computer) return trf("{} ({}, computer)", d.sealing_player, sideInText(d.sealer_white));
    return fmt::format("{} ({})", detail::isolated(d.sealing_player), sideInText(d.sealer_white));
}

void drawHeader(PdfCanvas& pdf, const AdjournmentFormData& d) {
    const double w = kPageWidth - 2 * kMargin, x = kMargin;
    pdf.text(kPageWidth / 2, 56, tr("ADJOURNED GAME - SEALED MOVE ENVELOPE"), 15, Weight::Bold, Align::Center,
             w);
    pdf.field(x, 74, w * 0.5, trc("paper", "Event"), d.event);
    pdf.field(x + w * 0.53, 74, w * 0.23, trc("paper", "Site"), d.site);
    pdf.field(x + w * 0.79, 74, w * 0.08, trc("paper", "Round"), detail::countText(d.round));
    pdf.field(x + w * 0.89, 74, w * 0.11, trc("paper", "Board"), detail::countText(d.board));
    pdf.field(x, 104, w * 0.48, tr("(a) White"), d.white);
    pdf.field(x + w * 0.52, 104, w * 0.48, tr("(a) Black"), d.black);
    pdf.field(x, 134, w * 0.4, tr("(d) Player who sealed"), sealer(d));
    pdf.field(x + w * 0.43, 134, w * 0.17, tr("(e) Sealed move number"),
              std::to_string(d.sealed_move_number));
    pdf.field(x + w * 0.63, 134, w * 0.37, tr("Adjourned at (local time)"),
              detail::localizeLeadingDate(d.adjourned_at));
}

// The sealed move's framed box with its heading; returns the box's width.
double sealBox(PdfCanvas& pdf, double y, const std::string& heading) {
    const double w = kPageWidth - 2 * kMargin;
    pdf.box(kMargin, y, w, 74, 1.4);
    pdf.text(kMargin + 8, y + 16, heading, 10, Weight::Bold, Align::Left, w - 16);
    return w;
}

// The human's sealed move is written by hand in the box (Guidelines I.1).
void drawHandwrittenBox(PdfCanvas& pdf, const AdjournmentFormData& d, double y) {
    const double w =
        sealBox(pdf, y,
                trf("Sealed move {} of {} ({}), written by hand, unambiguously:", d.sealed_move_number,
                    d.sealing_player, sideInText(d.sealer_white)));
    pdf.line(kMargin + 8, y + 58, kMargin + w * 0.6, y + 58, 0.6);
    const double note_x = kMargin + w * 0.63, note_w = w * 0.37 - 8;
    pdf.text(note_x, y + 40, tr("The console does not print the sealed move."), 7.5, Weight::Normal,
             Align::Left, note_w);
    if (d.envelope_fingerprint.empty()) return;
    pdf.text(note_x, y + 52, tr("Electronic envelope fingerprint:"), 7.5, Weight::Normal, Align::Left,
             note_w);
    pdf.text(note_x, y + 64, d.envelope_fingerprint, 9, Weight::Bold, Align::Left, 0, Flow::Ltr);
}

// E.III CMP-3.5: the computer's move is sealed electronically; nobody writes it, so there is no box for
// it. The fingerprint ties this paper to the journal's encrypted envelope.
void drawElectronicSeal(PdfCanvas& pdf, const AdjournmentFormData& d, double y) {
    const double w = sealBox(pdf, y,
                             trf("Sealed move {} of {} ({}, computer): sealed electronically",
                                 d.sealed_move_number, d.sealing_player, sideInText(d.sealer_white)));
    pdf.paragraph(kMargin + 8, y + 30,
                  tr("The console keeps the move encrypted under the arbiter's passphrase; nobody writes it "
                     "down and the console never prints it. The arbiter opens it at the resumption."),
                  7.5, w * 0.55);
    pdf.text(kMargin + w * 0.6, y + 36, trc("paper", "Envelope fingerprint:"), 8, Weight::Normal, Align::Left,
             w * 0.4 - 8);
    pdf.text(kMargin + w * 0.6, y + 56,
             d.envelope_fingerprint.empty() ? std::string(trc("paper", "(none)")) : d.envelope_fingerprint,
             13, Weight::Bold, Align::Left, w * 0.4 - 8, Flow::Data);
}

void drawSignatures(PdfCanvas& pdf, double y) {
    const double w = (kPageWidth - 2 * kMargin - 20) / 3;
    const std::array<const char*, 3> who{tr("Player who sealed (operator for the computer)"),
                                         trc("paper", "Opponent"), trc("paper", "Arbiter")};
    for (std::size_t i = 0; i < who.size(); ++i) {
        const double x = kMargin + static_cast<double>(i) * (w + 10);
        pdf.line(x, y, x + w, y, 0.6);
        pdf.paragraph(x, y + 10, who[i], 7.5, w);
    }
}

// (f) Art. 9.1(b): an offer made before the adjournment that still stands, or none.
std::string drawOffer(const session::EnvelopeDrawOffer& o) {
    if (!o.standing) return trc("draw offer", "none");
    if (o.by_white)
        return o.by_computer ? tr("White (computer) offered a draw: still valid")
                             : tr("White (human) offered a draw: still valid");
    return o.by_computer ? tr("Black (computer) offered a draw: still valid")
                         : tr("Black (human) offered a draw: still valid");
}

// The right-hand column beside the diagram: (c), (f), (g).
void drawFacts(PdfCanvas& pdf, const AdjournmentFormData& d, double x, double y) {
    const double w = kPageWidth - kMargin - x;
    const double below = drawClockTable(pdf, d, x, y, w);
    pdf.field(x, below + 8, w, tr("(f) Draw offer still valid"), drawOffer(d.draw_offer));
    pdf.field(x, below + 40, w, tr("(g) Resumption: date, time, venue"),
              detail::localizeLeadingDate(d.resumption));
}

// An archive keeps every envelope of a game: each page says which adjournment it records.
void drawNumber(PdfCanvas& pdf, const AdjournmentFormData& d) {
    if (d.adjournment <= 0) return;
    const std::string label = d.adjournments > 0 ? trf("Adjournment {} of {}", d.adjournment, d.adjournments)
                                                 : trf("Adjournment {}", d.adjournment);
    pdf.text(kPageWidth - kMargin, 36, label, 9, Weight::Bold, Align::Right);
}

void drawForm(PdfCanvas& pdf, const AdjournmentFormData& data, const Board& board) {
    drawNumber(pdf, data);
    drawHeader(pdf, data);
    const double diagram_top = 186, square = 26, page_w = kPageWidth - 2 * kMargin;
    pdf.text(kMargin, diagram_top - 10, tr("(b) Position immediately before the sealed move"), 9,
             Weight::Bold, Align::Left, page_w);
    drawDiagram(pdf, board, kMargin + 10, diagram_top, square);
    drawFacts(pdf, data, kMargin + 10 + 8 * square + 24, diagram_top + 4);
    pdf.text(kMargin, diagram_top + 8 * square + 28, "FEN: " + data.fen, 8.5, Weight::Normal, Align::Left,
             page_w, Flow::Ltr);
    if (data.sealed_by_computer)
        drawElectronicSeal(pdf, data, diagram_top + 8 * square + 44);
    else
        drawHandwrittenBox(pdf, data, diagram_top + 8 * square + 44);
    pdf.paragraph(
        kMargin, diagram_top + 8 * square + 140,
        tr("Both scoresheets go into this envelope. The arbiter keeps it and opens it only when the "
           "player who must reply to the sealed move is present (I.5-I.7)."),
        8, page_w);
    // Issue 35: the journal's key, as `journal verify` names it, ties this paper to the signed journal.
    if (!data.journal_key.empty())
        pdf.text(kMargin, diagram_top + 8 * square + 182, trf("Journal key: {}", data.journal_key), 8,
                 Weight::Normal, Align::Left, page_w);
    drawSignatures(pdf, diagram_top + 8 * square + 200);
}

}  // namespace

tl::expected<void, PdfError> writeSealedMoveFormPdf(const AdjournmentFormData& data,
                                                    const std::filesystem::path& path) {
    return writeSealedMoveFormsPdf({data}, path);
}

tl::expected<void, PdfError> writeSealedMoveFormsPdf(const std::vector<AdjournmentFormData>& forms,
                                                     const std::filesystem::path& path) {
    std::vector<Board> boards;
    for (const auto& data : forms) {
        const auto board = parsePlacement(data.fen);
        if (!board) {
            return tl::unexpected(
                PdfError{fmt::format("the position \"{}\" is not a FEN board (8 ranks of pieces "
                                     "KQRBNPkqrbnp and digits 1-8 separated by '/')",
                                     data.fen)});
        }
        boards.push_back(*board);
    }
    auto pdf = PdfCanvas::open(path);
    if (!pdf) return tl::unexpected(pdf.error());
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (i > 0) pdf->nextPage();
        drawForm(*pdf, forms[i], boards[i]);
    }
    return pdf->finish();
}

}  // namespace oc::print
