#include "engine_bridge/validator.hpp"

#include "engine_bridge/uci_parser.hpp"
#include "uci_tokens.hpp"

namespace oc::engine {
namespace {

// Shape only: six FEN fields with a board of eight ranks, and UCI-shaped moves. The rules-backed
// validator replaces this in play; tests of the process layer use it with scripted engines.
class SyntaxValidator final : public MoveValidator {
  public:
    tl::expected<void, std::string> checkGame(const GameRecord& game) const override {
        if (!game.start_fen.empty()) {
            const auto fields = detail::tokenize(game.start_fen);
            if (fields.size() < 4 || fields.size() > 6) {
                return tl::unexpected("FEN '" + game.start_fen + "' must have 4 to 6 fields");
            }
        }
        for (std::size_t i = 0; i < game.moves.size(); ++i) {
            if (!looksLikeUciMove(game.moves[i])) {
                return tl::unexpected("move " + std::to_string(i + 1) + " '" + game.moves[i] +
                                      "' is not a UCI move");
            }
        }
        return {};
    }

    tl::expected<void, std::string> checkMove(const GameRecord& /*game*/,
                                              std::string_view move) const override {
        if (looksLikeUciMove(move)) return {};
        return tl::unexpected("'" + std::string(move.substr(0, 40)) +
                              "' is not a UCI move (like e2e4, e7e8q)");
    }
};

}  // namespace

std::shared_ptr<const MoveValidator> makeSyntaxValidator() {
    return std::make_shared<SyntaxValidator>();
}

}  // namespace oc::engine
