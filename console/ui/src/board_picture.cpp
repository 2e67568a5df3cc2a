#include "ui/board_picture.hpp"

#include <utility>

#include "rules/position.hpp"

namespace oc::ui {

namespace {

char fenLetter(rules::Piece piece) {
    constexpr const char* kLetters = "PNBRQK";
    const char upper = kLetters[static_cast<int>(piece.type)];
    return piece.color == rules::Color::White ? upper : static_cast<char>(upper - 'A' + 'a');
}

}  // namespace

std::pair<int, int> uciSquares(const std::string& uci) {
    if (uci.size() < 4) {
        return {-1, -1};
    }
    const auto from = rules::parseSquare(std::string_view(uci).substr(0, 2));
    const auto to = rules::parseSquare(std::string_view(uci).substr(2, 2));
    if (!from || !to) {
        return {-1, -1};
    }
    return {rules::index(*from), rules::index(*to)};
}

BoardPicture boardPicture(const session::Snapshot& snap, bool flip, bool public_display) {
    BoardPicture picture;
    picture.squares.fill('.');
    // An unreadable FEN leaves the board empty rather than guessing; the session only hands out valid ones.
    const auto position = snap.fen.empty()
                              ? tl::expected<rules::Position, rules::FenError>(rules::Position::startpos())
                              : rules::Position::fromFen(snap.fen);
    for (int i = 0; position && i < 64; ++i) {
        if (const auto piece = position->pieceAt(rules::squareAt(i))) {
            picture.squares[static_cast<std::size_t>(i)] = fenLetter(*piece);
        }
    }
    const bool computer_white = snap.setup.computer_side == rules::Color::White;
    picture.white_at_bottom = computer_white != flip;
    if (!snap.moves.empty()) {
        std::tie(picture.highlight_from, picture.highlight_to) = uciSquares(snap.moves.back().uci);
    }
    if (snap.engine_move && !public_display && !snap.engine_move->made) {
        std::tie(picture.pending_from, picture.pending_to) = uciSquares(snap.engine_move->uci);
    }
    // Issue 24: the move the e-board proposes for the human (operator's view only: not yet entered).
    if (snap.eboard && !public_display && snap.phase == session::Phase::HumanToMove)
        std::tie(picture.proposed_from, picture.proposed_to) = uciSquares(snap.eboard->proposed_uci);
    return picture;
}

BoardPicture publicBoardPicture(const session::Snapshot& snap, PublicOrientation orientation) {
    const bool computer_white = snap.setup.computer_side == rules::Color::White;
    const bool white_at_bottom = orientation == PublicOrientation::WhiteAtBottom || !computer_white;
    return boardPicture(snap, computer_white != white_at_bottom, true);
}

}  // namespace oc::ui
