// Game record: repetition counting (Art. 9.2.3), automatic endings and claims (Art. 5, 9.2, 9.3, 9.6).
#include "rules/game.hpp"

#include "text.hpp"

namespace oc::rules {

namespace {

constexpr int kFiftyMoveHalfMoves = 100;        // Art. 9.3: 50 moves by each player
constexpr int kSeventyFiveMoveHalfMoves = 150;  // E2023 Art. 9.6.2: 75 moves by each player

}  // namespace

std::string_view terminationName(Termination t) {
    switch (t) {
        case Termination::None:
            return "none";
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::DeadPosition:
            return "dead-position";
        case Termination::Fivefold:
            return "fivefold";
        case Termination::SeventyFive:
            return "seventy-five";
    }
    return "none";
}

Termination terminationOf(const Position& pos, Edition edition) {
    if (!pos.hasLegalMove()) return pos.inCheck() ? Termination::Checkmate : Termination::Stalemate;
    // E2023 9.6.2: after checkmate was excluded above, so a mate on the 75th move stands.
    if (edition == Edition::E2023 && pos.halfmoveClock() >= kSeventyFiveMoveHalfMoves)
        return Termination::SeventyFive;
    if (isDeadPosition(pos)) return Termination::DeadPosition;
    return Termination::None;
}

Game::Game(Position start, Edition edition) : edition_(edition) {
    hashes_.push_back(start.repetitionHash());
    positions_.push_back(start);
}

tl::expected<void, std::string> Game::play(Move m) {
    if (!current().isLegal(m))
        return tl::unexpected(detail::cat("move ", toUci(m), " is not legal in ", current().fen()));
    playLegal(m);
    return {};
}

void Game::playLegal(Move m) {
    positions_.push_back(current().play(m));
    hashes_.push_back(current().repetitionHash());
    moves_.push_back(m);
}

bool Game::undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    hashes_.pop_back();
    return true;
}

int Game::countUpTo(const Position& pos, std::uint64_t hash, std::size_t last_ply) const {
    // A position cannot recur across a capture or pawn move, so only the plies since the last one are
    // compared (the whole record counts, as DRW-03 requires, but earlier plies cannot match).
    const std::size_t window = static_cast<std::size_t>(pos.halfmoveClock());
    const std::size_t first = last_ply > window ? last_ply - window : 0;
    int count = 0;
    for (std::size_t i = first; i <= last_ply; ++i)
        if (hashes_[i] == hash && positions_[i].sameForRepetition(pos)) ++count;
    return count;
}

int Game::repetitionCount(std::size_t ply) const {
    return countUpTo(positions_[ply], hashes_[ply], ply);
}

std::vector<std::size_t> Game::occurrences(std::size_t ply) const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i <= ply; ++i)
        if (hashes_[i] == hashes_[ply] && positions_[i].sameForRepetition(positions_[ply])) out.push_back(i);
    return out;
}

Termination Game::termination() const {
    const Termination t = terminationOf(current(), edition_);
    if (t == Termination::Checkmate || t == Termination::Stalemate) return t;
    if (edition_ == Edition::E2023 && repetitionCount() >= 5) return Termination::Fivefold;  // Art. 9.6.1
    return t;
}

Claims Game::claimsNow() const {
    return Claims{repetitionCount() >= 3, current().halfmoveClock() >= kFiftyMoveHalfMoves};
}

Claims Game::claimsWithMove(Move intended) const {
    Claims c = claimsNow();
    if (!current().isLegal(intended)) return c;  // an illegal written move supports no claim
    const Position after = current().play(intended);
    // Art. 9.2.1: the position is about to appear for (at least) the third time.
    c.threefold |= countUpTo(after, after.repetitionHash(), plies()) + 1 >= 3;
    // Art. 9.3.1: the written move completes 50 moves without pawn move or capture (even if it mates).
    c.fifty |= after.halfmoveClock() >= kFiftyMoveHalfMoves;
    return c;
}

}  // namespace oc::rules
