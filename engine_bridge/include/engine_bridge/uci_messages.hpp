#pragma once
// Typed messages an engine sends over UCI, as produced by parseEngineLine() (uci_parser.hpp).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace oc::engine {

// `id name ...` or `id author ...`.
struct Id {
    enum class Field { Name, Author };
    Field field = Field::Name;
    std::string value;
};

struct UciOk {};
struct ReadyOk {};

// `bestmove <move> [ponder <move>]`; the move text is unchecked here (the controller validates it).
struct BestMove {
    std::string move;
    std::optional<std::string> ponder;
};

// `score cp|mate N [lowerbound|upperbound]`.
struct Score {
    enum class Unit { Centipawns, Mate };
    enum class Bound { Exact, Lower, Upper };
    Unit unit = Unit::Centipawns;
    int value = 0;
    Bound bound = Bound::Exact;
};

// `wdl W D L` in permille.
struct Wdl {
    int win = 0;
    int draw = 0;
    int loss = 0;
};

// One `info` line; every field is optional because engines send any subset.
// GCC 12 at -O3 warns that a disengaged std::optional member "may be used uninitialized" when the
// implicit move of Info is inlined into a std::variant's move (GCC bug 80635: the payload of an empty
// optional is never read). The warning is reported at this definition, so it is silenced here only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
struct Info {
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<int> multipv;
    std::optional<Score> score;
    std::optional<Wdl> wdl;
    std::optional<std::uint64_t> nodes;
    std::optional<std::uint64_t> nps;
    std::optional<std::chrono::milliseconds> time;
    std::optional<int> hashfull;
    std::optional<std::uint64_t> tbhits;
    std::optional<std::string> currmove;
    std::optional<int> currmovenumber;
    std::vector<std::string> pv;
    std::optional<std::string> string;        // `string ...`: the rest of the line
    std::vector<std::string> ignored_tokens;  // unknown or malformed tokens that were skipped
};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

enum class OptionType { Check, Spin, Combo, Button, String };

// `option name N type T [default D] [min m] [max M] [var V]...`.
struct Option {
    std::string name;
    OptionType type = OptionType::String;
    std::optional<std::string> default_value;  // absent for buttons; may be "" for strings
    std::optional<std::int64_t> min;
    std::optional<std::int64_t> max;
    std::vector<std::string> vars;  // combo choices
};

// A line that is not a UCI message (banner, garbage, broken message) with the reason it was not parsed.
struct Unparsed {
    std::string line;
    std::string reason;
};

// E.III 3.4 (the console's own convention, docs/engine.md; UCI has none): the engine asks the operator to
// change a resource option (opening book, tablebases, network, hash file), sent as
// `info string request-option name <NAME> value <VALUE>`. The name may contain spaces; the value is the
// rest of the line.
struct OptionRequest {
    std::string name;
    std::string value;
};

using EngineMessage = std::variant<Id, UciOk, ReadyOk, BestMove, Info, Option, Unparsed, OptionRequest>;

// "check", "spin", "combo", "button", "string".
[[nodiscard]] const char* toString(OptionType type);

}  // namespace oc::engine
