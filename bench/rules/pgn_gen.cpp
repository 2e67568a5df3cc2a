// rules_pgn_gen GAMES [SEED]: writes GAMES random legal games (PGN export format) to stdout, for the
// PGN throughput benchmark. Seeded, so every run produces the same file.
#include <cstdio>
#include <random>
#include <string>

#include "rules/pgn.hpp"

int main(int argc, char** argv) {
    using namespace oc::rules;
    if (argc < 2) {
        std::fprintf(stderr, "usage: rules_pgn_gen GAMES [SEED]\n");
        return 2;
    }
    const long games = std::stol(argv[1]);
    std::mt19937_64 rng(argc > 2 ? std::stoull(argv[2]) : 2026);
    for (long i = 0; i < games; ++i) {
        Game game;
        const auto max_plies = std::uniform_int_distribution<int>(40, 160)(rng);
        for (int ply = 0; ply < max_plies; ++ply) {
            const MoveList moves = game.current().legalMoves();
            if (moves.empty()) break;
            (void)game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
        std::vector<PgnTag> tags{{"Event", "Random playout"},
                                 {"Round", std::to_string(i + 1)},
                                 {"White", "Random A"},
                                 {"Black", "Random B"}};
        const std::string text = writePgn(makePgnGame(game, tags, {}, "*"));
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    return 0;
}
