// ChessGame over rules/: positions, notation, automatic endings and claims (Art. 5, 6.9, 9).
#include "chess_game.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace oc::session {

using rules::Move;
using rules::PieceType;
using rules::Position;

struct ChessGame::Impl {
    int edition = 2023;
    rules::Language lang = rules::Language::En;
    std::vector<Position> positions{Position::startpos()};  // positions[i]: before move i
    std::vector<Move> moves;

    const Position& now() const { return positions.back(); }
    int occurrences(const Position& p, std::size_t upto) const {
        return static_cast<int>(std::count_if(positions.begin(),
                                              positions.begin() + static_cast<std::ptrdiff_t>(upto),
                                              [&](const Position& q) { return q.sameForRepetition(p); }));
    }
};

const char* endingName(Ending e) {
    switch (e) {
        case Ending::None:
            return "none";
        case Ending::Checkmate:
            return "checkmate";
        case Ending::Stalemate:
            return "stalemate";
        case Ending::DeadPosition:
            return "dead position";
        case Ending::Fivefold:
            return "fivefold repetition";
        case Ending::SeventyFive:
            return "seventy-five-move rule";
    }
    return "?";
}

namespace {

MoveText describeMove(const Position& pos, Move m, rules::Language lang) {
    rules::NotationStyle local{};
    local.language = lang;
    rules::NotationStyle long_form = local;
    long_form.long_form = true;
    return {rules::toUci(m), rules::toSan(pos, m), rules::formatMove(pos, m, local),
            rules::formatMove(pos, m, long_form)};
}

int count(rules::Bitboard b) {
    return __builtin_popcountll(b);
}

bool lightSquares(rules::Bitboard b) {
    return (b & 0x55AA55AA55AA55AAULL) != 0;
}
bool darkSquares(rules::Bitboard b) {
    return (b & 0xAA55AA55AA55AA55ULL) != 0;
}

// Dead positions the console proves (Art. 5.2.2): K v K, K+minor v K, bishops all on one colour.
bool dead(const Position& p) {
    if (p.pieces(PieceType::Pawn) | p.pieces(PieceType::Rook) | p.pieces(PieceType::Queen)) return false;
    int knights = count(p.pieces(PieceType::Knight));
    rules::Bitboard bishops = p.pieces(PieceType::Bishop);
    if (knights + count(bishops) <= 1) return true;
    return knights == 0 && !(lightSquares(bishops) && darkSquares(bishops));
}

}  // namespace

ChessGame::ChessGame(int edition, std::string language) : impl_(std::make_unique<Impl>()) {
    impl_->edition = edition;
    impl_->lang = rules::parseLanguage(language).value_or(rules::Language::En);
}
ChessGame::~ChessGame() = default;
ChessGame::ChessGame(const ChessGame& o) : impl_(std::make_unique<Impl>(*o.impl_)) {}
ChessGame& ChessGame::operator=(const ChessGame& o) {
    impl_ = std::make_unique<Impl>(*o.impl_);
    return *this;
}

tl::expected<MoveText, std::string> ChessGame::parse(const std::string& text) const {
    auto m = rules::parseMoveText(impl_->now(), text, impl_->lang);
    if (!m) return tl::make_unexpected(m.error().message);
    return describeMove(impl_->now(), m->move, impl_->lang);
}

tl::expected<MoveText, std::string> ChessGame::describe(const std::string& uci) const {
    auto m = rules::parseUci(impl_->now(), uci);
    if (!m) return tl::make_unexpected(m.error());
    return describeMove(impl_->now(), *m, impl_->lang);
}

void ChessGame::play(const std::string& uci) {
    Move m = *rules::parseUci(impl_->now(), uci);
    impl_->positions.push_back(impl_->now().play(m));
    impl_->moves.push_back(m);
}

void ChessGame::truncate(std::size_t plies) {
    if (plies >= impl_->moves.size()) return;
    impl_->moves.resize(plies);
    impl_->positions.resize(plies + 1);
}

std::size_t ChessGame::plies() const {
    return impl_->moves.size();
}

std::vector<std::string> ChessGame::uciMoves() const {
    std::vector<std::string> out;
    for (Move m : impl_->moves) out.push_back(rules::toUci(m));
    return out;
}

std::vector<std::string> ChessGame::legalMoves() const {
    std::vector<std::string> out;
    for (Move m : impl_->now().legalMoves()) out.push_back(rules::toUci(m));
    std::sort(out.begin(), out.end());
    return out;
}

std::string ChessGame::fen() const {
    return impl_->now().fen();
}
rules::Color ChessGame::toMove() const {
    return impl_->now().sideToMove();
}
int ChessGame::moveNumber() const {
    return impl_->now().fullmoveNumber();
}

Ending ChessGame::ending() const {
    const Position& p = impl_->now();
    if (!p.hasLegalMove()) return p.inCheck() ? Ending::Checkmate : Ending::Stalemate;
    if (dead(p)) return Ending::DeadPosition;
    if (impl_->edition < 2023) return Ending::None;  // 9.6 fivefold/75 exist only since 2014 (DRW-08)
    if (impl_->occurrences(p, impl_->positions.size()) >= 5) return Ending::Fivefold;
    if (p.halfmoveClock() >= 150) return Ending::SeventyFive;
    return Ending::None;
}

ClaimVerdict ChessGame::claim(cmd::ClaimKind kind, const std::optional<std::string>& intended) const {
    Position p = impl_->now();
    std::size_t upto = impl_->positions.size();
    if (intended) {
        auto m = rules::parseUci(p, *intended);
        if (!m) return {false, "the written move is illegal: " + m.error()};
        p = p.play(*m);
    }
    if (kind == cmd::ClaimKind::Fifty) {
        bool ok = p.halfmoveClock() >= 100;
        return {ok, fmt::format("{} half-moves without a pawn move or capture (Art. 9.3 needs 100)",
                                p.halfmoveClock())};
    }
    int n = impl_->occurrences(p, upto) + (intended ? 1 : 0);
    return {n >= 3, fmt::format("the position {} occurred {} time(s) (Art. 9.2 needs 3)", p.fen(), n)};
}

// Art. 6.9: material from which some series of legal moves mates (helpmate), as a sufficient test.
bool ChessGame::canMate(rules::Color side) const {
    const Position& p = impl_->now();
    auto mine = [&](PieceType t) { return count(p.pieces(side, t)); };
    if (mine(PieceType::Pawn) + mine(PieceType::Rook) + mine(PieceType::Queen) > 0) return true;
    int minors = mine(PieceType::Knight) + mine(PieceType::Bishop);
    if (minors >= 2) {
        rules::Bitboard b = p.pieces(side, PieceType::Bishop);
        return mine(PieceType::Knight) > 0 || (lightSquares(b) && darkSquares(b)) ||
               count(p.pieces(~side)) > 1;
    }
    // A lone minor piece mates only with the opponent's own men blocking his king.
    return minors == 1 && count(p.pieces(~side)) > 1;
}

std::string ChessGame::pgn(const std::vector<std::pair<std::string, std::string>>& tags,
                           const std::vector<std::string>& comments, const std::string& result) const {
    std::string out;
    for (const auto& [k, v] : tags) out += fmt::format("[{} \"{}\"]\n", k, v);
    out += "\n";
    std::string line;
    auto emit = [&](const std::string& tok) {
        if (!line.empty() && line.size() + 1 + tok.size() > 79) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + tok;
    };
    for (std::size_t i = 0; i < impl_->moves.size(); ++i) {
        const Position& before = impl_->positions[i];
        if (before.sideToMove() == rules::Color::White || i == 0)
            emit(fmt::format("{}.{}", before.fullmoveNumber(),
                             before.sideToMove() == rules::Color::White ? "" : ".."));
        emit(rules::toSan(before, impl_->moves[i]));
        if (i < comments.size() && !comments[i].empty()) emit("{" + comments[i] + "}");
    }
    emit(result);
    return out + line + "\n";
}

}  // namespace oc::session
