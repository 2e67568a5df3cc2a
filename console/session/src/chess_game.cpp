// ChessGame over rules/: the game record, notation, automatic endings, claims, Art. 6.9 and PGN.
#include "chess_game.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "i18n/mark.hpp"
#include "rules/endings.hpp"
#include "rules/game.hpp"
#include "rules/notation.hpp"
#include "rules/pgn.hpp"
#include "rules/position.hpp"

namespace oc::session {

using rules::Move;
using rules::Position;

struct ChessGame::Impl {
    rules::Edition edition = rules::Edition::E2023;
    rules::Language lang = rules::Language::En;
    rules::Game game{Position::startpos(), rules::Edition::E2023};
    const Position& now() const { return game.current(); }
};

const char* terminationText(rules::Termination t) {
    switch (t) {
        case rules::Termination::None:
            return "none";
        case rules::Termination::Checkmate:
            return i18n::N_("checkmate");
        case rules::Termination::Stalemate:
            return i18n::N_("stalemate");
        case rules::Termination::DeadPosition:
            return i18n::N_("dead position");
        case rules::Termination::Fivefold:
            return i18n::N_("fivefold repetition");
        case rules::Termination::SeventyFive:
            return i18n::N_("seventy-five-move rule");
    }
    return "?";
}

namespace {

// CMP-1.4: the moves an operator executes in more than one step, spelled out. Art. 4.1 (one hand),
// Art. 3.8.2 / 4.4 (castling: the king first), 3.7.5 / 4.4.4 (promotion: the new piece on the square).
std::string executionHint(const Position& pos, Move m) {
    using rules::squareName;
    const std::string from = squareName(m.from()), to = squareName(m.to());
    switch (m.kind()) {
        case Move::Kind::Castling: {
            const bool king_side = rules::fileOf(m.to()) == 6;
            const int rank = rules::rankOf(m.from());
            const std::string rook_from = squareName(rules::makeSquare(king_side ? 7 : 0, rank)),
                              rook_to = squareName(rules::makeSquare(king_side ? 5 : 3, rank));
            return king_side
                       ? fmt::format(i18n::N_("Short castling: king {}->{}, then rook {}->{}, with ONE hand"),
                                     from, to, rook_from, rook_to)
                       : fmt::format(i18n::N_("Long castling: king {}->{}, then rook {}->{}, with ONE hand"),
                                     from, to, rook_from, rook_to);
        }
        case Move::Kind::EnPassant:
            return fmt::format(i18n::N_("En passant: pawn {}->{}, and remove the pawn on {}"), from, to,
                               squareName(rules::makeSquare(rules::fileOf(m.to()), rules::rankOf(m.from()))));
        case Move::Kind::Promotion: {
            static const char* kNames[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
            const char* piece = kNames[static_cast<int>(*m.promotion())];
            if (pos.pieceAt(m.to()))
                return fmt::format(
                    i18n::N_(
                        "Promotion: pawn {}->{} capturing, and put a {} in its place (the pawn is removed)"),
                    from, to, piece);
            return fmt::format(
                i18n::N_("Promotion: pawn {}->{}, and put a {} in its place (the pawn is removed)"), from, to,
                piece);
        }
        case Move::Kind::Normal:
            break;
    }
    return "";
}

MoveText describeMove(const Position& pos, Move m, rules::Language lang) {
    rules::NotationStyle local{};
    local.language = lang;
    rules::NotationStyle long_form = local;
    long_form.long_form = true;
    return {rules::toUci(m), rules::toSan(pos, m), rules::formatMove(pos, m, local),
            rules::formatMove(pos, m, long_form), executionHint(pos, m)};
}

}  // namespace

ChessGame::ChessGame(rules::Edition edition, std::string language) : impl_(std::make_unique<Impl>()) {
    impl_->edition = edition;
    impl_->lang = rules::parseLanguage(language).value_or(rules::Language::En);
    impl_->game = rules::Game(Position::startpos(), impl_->edition);
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
    MoveText d = describeMove(impl_->now(), m->move, impl_->lang);
    d.draw_offer = m->draw_offer;
    return d;
}

tl::expected<MoveText, std::string> ChessGame::describe(const std::string& uci) const {
    auto m = rules::parseUci(impl_->now(), uci);
    if (!m) return tl::make_unexpected(m.error());
    return describeMove(impl_->now(), *m, impl_->lang);
}

void ChessGame::play(const std::string& uci) {
    Move m = *rules::parseUci(impl_->now(), uci);
    (void)impl_->game.play(m);
}

void ChessGame::truncate(std::size_t plies) {
    while (impl_->game.plies() > plies && impl_->game.undo()) {
    }
}

std::size_t ChessGame::plies() const {
    return impl_->game.plies();
}

std::vector<std::string> ChessGame::uciMoves() const {
    std::vector<std::string> out;
    for (Move m : impl_->game.moves()) out.push_back(rules::toUci(m));
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

// Art. 5 and 9.6 from rules/ (fivefold and 75 moves only under the 2023 Laws).
rules::Termination ChessGame::ending() const {
    return impl_->game.termination();
}

// Each verdict is one marked pattern (the screens translate it whole), so "now" and "after Ng1" are two.
ClaimVerdict ChessGame::claim(cmd::ClaimKind kind, const std::optional<std::string>& intended) const {
    const Position& p = impl_->now();
    if (!intended) return verdict(kind, impl_->game.claimsNow(), p.halfmoveClock(), "");
    auto m = rules::parseUci(p, *intended);
    if (!m) return {false, fmt::format(i18n::N_("the written move is illegal: {}"), m.error())};
    return verdict(kind, impl_->game.claimsWithMove(*m), p.halfmoveClock() + 1, rules::toSan(p, *m));
}

ClaimVerdict ChessGame::verdict(cmd::ClaimKind kind, const rules::Claims& c, int halfmoves,
                                const std::string& after) const {
    if (kind == cmd::ClaimKind::Fifty)
        return {
            c.fifty,
            after.empty()
                ? fmt::format(i18n::N_("{} half-moves without pawn move or capture now (Art. 9.3 needs 100)"),
                              halfmoves)
                : fmt::format(
                      i18n::N_("{} half-moves without pawn move or capture after {} (Art. 9.3 needs 100)"),
                      halfmoves, after)};
    const std::string plies =
        fmt::format("{}", fmt::join(impl_->game.occurrences(impl_->game.plies()), ", "));
    return {c.threefold,
            after.empty()
                ? fmt::format(i18n::N_("threefold now: current position seen at plies {} (Art. 9.2)"), plies)
                : fmt::format(i18n::N_("threefold after {}: current position seen at plies {} (Art. 9.2)"),
                              after, plies)};
}

bool ChessGame::canMate(rules::Color side) const {
    return rules::canCheckmate(impl_->now(), side) == rules::MatePossibility::Possible;
}

std::vector<std::size_t> ChessGame::repetitionReport() const {
    return impl_->game.occurrences(impl_->game.plies());
}

std::string ChessGame::pgn(const std::vector<std::pair<std::string, std::string>>& tags,
                           const std::vector<Annotation>& annotations, const std::string& result) const {
    std::vector<rules::PgnTag> t;
    for (const auto& [k, v] : tags) t.push_back({k, v});
    std::vector<rules::MoveAnnotations> a;
    for (const auto& x : annotations) {
        rules::MoveAnnotations m;
        m.clock = x.clock;
        m.elapsed = x.elapsed;
        m.draw_offer = x.draw_offer;
        a.push_back(m);
    }
    return rules::writePgn(rules::makePgnGame(impl_->game, t, a, result));
}

}  // namespace oc::session
