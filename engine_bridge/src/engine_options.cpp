// Option checks and time arithmetic for the controller: pure functions, tested through Engine.
#include <algorithm>
#include <cctype>

#include "engine_impl.hpp"
#include "uci_tokens.hpp"

namespace oc::engine {
namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string offeredNames(const std::vector<Option>& offered) {
    std::string names;
    for (const auto& option : offered) names += (names.empty() ? "" : ", ") + option.name;
    return names.empty() ? "none" : names;
}

tl::expected<void, std::string> checkSpin(const Option& option, const std::string& value) {
    const auto number = detail::toNumber<std::int64_t>(detail::trim(value));
    if (!number)
        return tl::unexpected("option " + option.name + " needs a whole number, not '" + value + "'");
    if ((option.min && *number < *option.min) || (option.max && *number > *option.max)) {
        return tl::unexpected("option " + option.name + "=" + value + " is outside " +
                              std::to_string(option.min.value_or(0)) + ".." +
                              std::to_string(option.max.value_or(0)));
    }
    return {};
}

tl::expected<void, std::string> checkValue(const Option& option, const std::string& value) {
    switch (option.type) {
        case OptionType::Spin:
            return checkSpin(option, value);
        case OptionType::Check:
            if (value == "true" || value == "false") return {};
            return tl::unexpected("option " + option.name + " is a check: use true or false, not '" + value +
                                  "'");
        case OptionType::Combo:
            if (std::any_of(option.vars.begin(), option.vars.end(),
                            [&](const std::string& v) { return equalsIgnoreCase(v, value); })) {
                return {};
            }
            return tl::unexpected("option " + option.name + " accepts only its listed choices, not '" +
                                  value + "'");
        case OptionType::Button:
        case OptionType::String:
            return {};
    }
    return {};
}

tl::expected<std::string, std::string> commandFor(const OptionSetting& wanted,
                                                  const std::vector<Option>& offered) {
    const auto it = std::find_if(offered.begin(), offered.end(),
                                 [&](const Option& o) { return equalsIgnoreCase(o.name, wanted.name); });
    if (it == offered.end()) {
        return tl::unexpected("the engine offers no option '" + wanted.name +
                              "' (it offers: " + offeredNames(offered) + ")");
    }
    if (auto ok = checkValue(*it, wanted.value); !ok) return tl::unexpected(ok.error());
    // UCI option names are case-insensitive; send the engine's own spelling anyway.
    if (it->type == OptionType::Button) return formatSetOption(it->name, std::nullopt);
    return formatSetOption(it->name, wanted.value);
}

bool whiteToMove(const GameRecord& game) {
    const auto fields = detail::tokenize(game.start_fen);
    const bool white_starts = fields.size() < 2 || fields[1] != "b";
    return white_starts == (game.moves.size() % 2 == 0);
}

}  // namespace

tl::expected<std::vector<std::string>, std::string> optionCommands(const std::vector<OptionSetting>& wanted,
                                                                   const std::vector<Option>& offered,
                                                                   bool ponder) {
    std::vector<std::string> lines;
    for (const auto& setting : wanted) {
        auto line = commandFor(setting, offered);
        if (!line) return tl::unexpected(line.error());
        lines.push_back(std::move(*line));
    }
    const bool offers_ponder = std::any_of(
        offered.begin(), offered.end(), [](const Option& o) { return equalsIgnoreCase(o.name, "Ponder"); });
    // UCI: the GUI announces that it will ponder through the Ponder option, when the engine has one.
    if (offers_ponder) lines.push_back(*formatSetOption("Ponder", ponder ? "true" : "false"));
    return lines;
}

GoParams paramsAfter(const SearchJob& job, Millis elapsed) {
    GoParams params = job.params;
    if (elapsed <= Millis{0}) return params;
    auto& own = whiteToMove(job.game) ? params.wtime : params.btime;
    if (own) own = std::max(Millis{0}, *own - elapsed);
    // movetime is what the engine may still use of the time it was given; never ask for zero.
    if (params.movetime) params.movetime = std::max(Millis{1}, *params.movetime - elapsed);
    return params;
}

// A node-, depth- or mate-limited search has no clock to measure it by, yet a hung engine must still be
// caught (operator-cli play's `go nodes N` waited forever): it gets the fixed real-time allowance.
std::optional<TimePoint> searchDeadline(const SearchJob& job, const Timeouts& timeouts) {
    if (job.ponder || job.params.infinite) return std::nullopt;
    const bool white = whiteToMove(job.game);
    const auto& own = white ? job.params.wtime : job.params.btime;
    const auto& inc = white ? job.params.winc : job.params.binc;
    std::optional<Millis> budget = job.params.movetime;
    if (own) budget = std::min(budget.value_or(Millis::max() / 2), *own + inc.value_or(Millis{0}));
    if (!budget) budget = timeouts.unclocked_search;
    return job.started + *budget + timeouts.search_margin;
}

}  // namespace oc::engine
