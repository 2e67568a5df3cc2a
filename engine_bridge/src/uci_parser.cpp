#include "engine_bridge/uci_parser.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "uci_tokens.hpp"

namespace oc::engine {
namespace {

using detail::restFrom;
using detail::toNumber;
using Tokens = std::vector<std::string_view>;

Unparsed unparsed(std::string_view line, std::string reason) {
    return Unparsed{std::string(detail::trim(line)), std::move(reason)};
}

EngineMessage parseId(std::string_view line, const Tokens& tokens) {
    if (tokens.size() < 3) return unparsed(line, "id without a value");
    std::string value{restFrom(line, tokens[2])};
    if (tokens[1] == "name") return Id{Id::Field::Name, std::move(value)};
    if (tokens[1] == "author") return Id{Id::Field::Author, std::move(value)};
    return unparsed(line, "id field '" + std::string(tokens[1]) + "' is neither name nor author");
}

// A bestmove with an empty move is still a BestMove: the controller reports it as malformed.
EngineMessage parseBestMove(const Tokens& tokens) {
    BestMove best;
    if (tokens.size() >= 2) best.move = std::string(tokens[1]);
    if (tokens.size() >= 4 && tokens[2] == "ponder") best.ponder = std::string(tokens[3]);
    return best;
}

// ---- info ----------------------------------------------------------------------------------------

struct InfoCursor {
    std::string_view line;
    const Tokens& tokens;
    std::size_t i = 1;
    Info info;

    bool more() const { return i < tokens.size(); }
    std::string_view next() { return tokens[i++]; }
    void ignore(std::string_view token) { info.ignored_tokens.emplace_back(token); }

    // Reads the number after a keyword; a missing or malformed value is recorded, not fatal.
    template <typename T>
    std::optional<T> number(std::string_view keyword) {
        if (!more()) {
            ignore(keyword);
            return std::nullopt;
        }
        const auto token = tokens[i];
        auto value = toNumber<T>(token);
        if (!value) {
            ignore(keyword);
            return std::nullopt;
        }
        ++i;
        return value;
    }
};

void parseScore(InfoCursor& c) {
    if (!c.more() || (c.tokens[c.i] != "cp" && c.tokens[c.i] != "mate")) {
        c.ignore("score");
        return;
    }
    Score score;
    const auto unit = c.next();
    score.unit = unit == "cp" ? Score::Unit::Centipawns : Score::Unit::Mate;
    const auto value = c.number<int>(unit);
    if (!value) return;
    score.value = *value;
    if (c.more() && (c.tokens[c.i] == "lowerbound" || c.tokens[c.i] == "upperbound")) {
        score.bound = c.next() == "lowerbound" ? Score::Bound::Lower : Score::Bound::Upper;
    }
    c.info.score = score;
}

void parseWdl(InfoCursor& c) {
    const auto w = c.number<int>("wdl");
    const auto d = w ? c.number<int>("wdl") : std::nullopt;
    const auto l = d ? c.number<int>("wdl") : std::nullopt;
    if (l) c.info.wdl = Wdl{*w, *d, *l};
}

void parsePv(InfoCursor& c) {
    while (c.more() && looksLikeUciMove(c.tokens[c.i])) c.info.pv.emplace_back(c.next());
}

void parseCurrMove(InfoCursor& c) {
    if (c.more() && looksLikeUciMove(c.tokens[c.i])) {
        c.info.currmove = std::string(c.next());
    } else {
        c.ignore("currmove");
    }
}

// Returns false when the keyword is not one of the integer fields.
bool parseIntField(InfoCursor& c, std::string_view key) {
    if (key == "depth")
        c.info.depth = c.number<int>(key);
    else if (key == "seldepth")
        c.info.seldepth = c.number<int>(key);
    else if (key == "multipv")
        c.info.multipv = c.number<int>(key);
    else if (key == "hashfull")
        c.info.hashfull = c.number<int>(key);
    else if (key == "currmovenumber")
        c.info.currmovenumber = c.number<int>(key);
    else if (key == "nodes")
        c.info.nodes = c.number<std::uint64_t>(key);
    else if (key == "nps")
        c.info.nps = c.number<std::uint64_t>(key);
    else if (key == "tbhits")
        c.info.tbhits = c.number<std::uint64_t>(key);
    else if (key == "time") {
        if (auto ms = c.number<std::int64_t>(key)) c.info.time = std::chrono::milliseconds{*ms};
    } else
        return false;
    return true;
}

// `info string request-option name N... value V...` (E.III 3.4, docs/engine.md); the first `value`
// token after at least one name token ends the name.
EngineMessage parseOptionRequest(std::string_view line, const Tokens& tokens) {
    std::size_t v = 5;
    while (v < tokens.size() && tokens[v] != "value") ++v;
    if (tokens.size() < 7 || tokens[3] != "name" || v + 1 >= tokens.size())
        return unparsed(line, "request-option: expected 'info string request-option name NAME value VALUE'");
    std::string_view name = tokens[4];
    name = std::string_view(
        name.data(), static_cast<std::size_t>(tokens[v - 1].data() - name.data()) + tokens[v - 1].size());
    return OptionRequest{std::string(name), std::string(restFrom(line, tokens[v + 1]))};
}

EngineMessage parseInfo(std::string_view line, const Tokens& tokens) {
    if (tokens.size() >= 3 && tokens[1] == "string" && tokens[2] == "request-option")
        return parseOptionRequest(line, tokens);
    InfoCursor c{line, tokens, 1, {}};
    while (c.more()) {
        const auto key = c.next();
        if (parseIntField(c, key)) continue;
        if (key == "score")
            parseScore(c);
        else if (key == "wdl")
            parseWdl(c);
        else if (key == "pv")
            parsePv(c);
        else if (key == "currmove")
            parseCurrMove(c);
        else if (key == "string") {
            c.info.string = c.more() ? std::string(restFrom(line, tokens[c.i])) : std::string();
            break;
        } else
            c.ignore(key);
    }
    return c.info;
}

// ---- option --------------------------------------------------------------------------------------

bool isOptionKeyword(std::string_view t) {
    return t == "name" || t == "type" || t == "default" || t == "min" || t == "max" || t == "var";
}

// Joins tokens from `i` up to the next option keyword with single spaces; advances `i`.
std::string joinUntilKeyword(const Tokens& tokens, std::size_t& i) {
    std::string out;
    while (i < tokens.size() && !isOptionKeyword(tokens[i])) {
        if (!out.empty()) out += ' ';
        out += tokens[i++];
    }
    return out;
}

std::optional<OptionType> optionType(std::string_view t) {
    static constexpr std::array<std::pair<std::string_view, OptionType>, 5> kTypes{{
        {"check", OptionType::Check},
        {"spin", OptionType::Spin},
        {"combo", OptionType::Combo},
        {"button", OptionType::Button},
        {"string", OptionType::String},
    }};
    const auto* it = std::find_if(kTypes.begin(), kTypes.end(), [&](const auto& p) { return p.first == t; });
    if (it == kTypes.end()) return std::nullopt;
    return it->second;
}

void parseOptionField(Option& option, const Tokens& tokens, std::size_t& i) {
    const auto key = tokens[i++];
    if (key == "default") {
        option.default_value = joinUntilKeyword(tokens, i);
    } else if (key == "var") {
        option.vars.push_back(joinUntilKeyword(tokens, i));
    } else if ((key == "min" || key == "max") && i < tokens.size()) {
        const auto value = toNumber<std::int64_t>(tokens[i]);
        if (!value) return;
        (key == "min" ? option.min : option.max) = value;
        ++i;
    }
}

EngineMessage parseOption(std::string_view line, const Tokens& tokens) {
    std::size_t i = 1;
    if (i >= tokens.size() || tokens[i] != "name") return unparsed(line, "option without 'name'");
    ++i;
    Option option;
    option.name = joinUntilKeyword(tokens, i);
    if (option.name.empty()) return unparsed(line, "option with an empty name");
    if (i + 1 >= tokens.size() || tokens[i] != "type") return unparsed(line, "option without 'type'");
    const auto type = optionType(tokens[i + 1]);
    if (!type) return unparsed(line, "option type '" + std::string(tokens[i + 1]) + "' is not UCI");
    option.type = *type;
    i += 2;
    while (i < tokens.size()) {
        if (isOptionKeyword(tokens[i]))
            parseOptionField(option, tokens, i);
        else
            ++i;  // unknown token: skipped as the UCI spec asks
    }
    return option;
}

}  // namespace

bool looksLikeUciMove(std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return false;
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (!file(text[0]) || !rank(text[1]) || !file(text[2]) || !rank(text[3])) return false;
    return text.size() == 4 || std::string_view("qrbn").find(text[4]) != std::string_view::npos;
}

const char* toString(OptionType type) {
    switch (type) {
        case OptionType::Check:
            return "check";
        case OptionType::Spin:
            return "spin";
        case OptionType::Combo:
            return "combo";
        case OptionType::Button:
            return "button";
        case OptionType::String:
            return "string";
    }
    return "string";
}

EngineMessage parseEngineLine(std::string_view line) {
    const auto tokens = detail::tokenize(line);
    if (tokens.empty()) return unparsed(line, "blank line");
    const auto command = tokens[0];
    if (command == "info") return parseInfo(line, tokens);
    if (command == "bestmove") return parseBestMove(tokens);
    if (command == "readyok") return ReadyOk{};
    if (command == "uciok") return UciOk{};
    if (command == "id") return parseId(line, tokens);
    if (command == "option") return parseOption(line, tokens);
    return unparsed(line, "'" + std::string(command.substr(0, 40)) + "' is not a UCI engine message");
}

}  // namespace oc::engine
