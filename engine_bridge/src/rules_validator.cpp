// The rules-backed validator: engines do not validate their input (architecture.md §3), so the
// console replays the game with oc::rules before `position` and before showing a bestmove.
#include "engine_bridge/validator.hpp"
#include "rules/position.hpp"

namespace oc::engine {
namespace {

class RulesValidator final : public MoveValidator {
  public:
    tl::expected<void, std::string> checkGame(const GameRecord& game) const override {
        auto position = replay(game);
        if (!position) return tl::unexpected(position.error());
        if (!position->hasLegalMove()) {
            return tl::unexpected(std::string("the side to move has no legal move (the game is over)"));
        }
        return {};
    }

    tl::expected<void, std::string> checkMove(const GameRecord& game, std::string_view move) const override {
        auto position = replay(game);
        if (!position) return tl::unexpected("the searched game is invalid: " + position.error());
        auto parsed = rules::parseUci(*position, move);
        if (!parsed) return tl::unexpected(parsed.error());
        return {};
    }

  private:
    static tl::expected<rules::Position, std::string> replay(const GameRecord& game) {
        auto start = game.start_fen.empty()
                         ? tl::expected<rules::Position, rules::FenError>(rules::Position::startpos())
                         : rules::Position::fromFen(game.start_fen);
        if (!start) return tl::unexpected("start FEN refused: " + start.error().message);
        rules::Position position = *start;
        for (std::size_t i = 0; i < game.moves.size(); ++i) {
            auto move = rules::parseUci(position, game.moves[i]);
            if (!move) {
                return tl::unexpected("move " + std::to_string(i + 1) + " '" + game.moves[i] +
                                      "': " + move.error());
            }
            position = position.play(*move);
        }
        return position;
    }
};

}  // namespace

std::shared_ptr<const MoveValidator> makeRulesValidator() {
    return std::make_shared<RulesValidator>();
}

}  // namespace oc::engine
