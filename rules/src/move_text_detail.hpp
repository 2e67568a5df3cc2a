#pragma once
// Private: the language-independent part of move input.

#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

#include "rules/notation.hpp"

namespace oc::rules::detail {

// What a move text says, in English letters.
struct MoveSpec {
    std::optional<CastleSide> castle;
    std::optional<PieceType> piece;  // nullopt: no letter (a pawn, or any piece for a coordinate move)
    int from_file = -1;
    int from_rank = -1;
    int to = -1;
    std::optional<PieceType> promo;
    bool ep_mark = false;
};

std::string_view stripSuffixes(std::string_view s, bool& draw_offer, bool& ep_mark);
std::optional<CastleSide> castlingOf(std::string_view s);
tl::expected<std::string, std::string> toEnglish(std::string_view s, Language lang);
// Parses English SAN / long form / UCI (no suffixes); the error says what was not understood.
tl::expected<MoveSpec, std::string> parseCanonical(std::string_view s);
// The single legal move matching `spec`, or why there is none or more than one.
tl::expected<Move, MoveTextError> resolve(const Position& pos, const MoveSpec& spec, std::string_view text,
                                          Language lang);
// "Sf3, exd5, e8H, 0-0, Sg1-f3 or g1f3" in `lang`.
std::string exampleMoves(Language lang);

}  // namespace oc::rules::detail
