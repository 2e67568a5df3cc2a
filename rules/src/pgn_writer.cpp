// PGN export format (PGN standard 8.2): Seven Tag Roster first, SAN, wrapped under 80 columns.
#include <algorithm>
#include <array>

#include "rules/notation.hpp"
#include "rules/pgn.hpp"
#include "text.hpp"

namespace oc::rules {

using detail::cat;

namespace {

constexpr std::array<std::string_view, 7> kSevenTagRoster{"Event", "Site",  "Date",  "Round",
                                                          "White", "Black", "Result"};

std::string escapeTag(std::string_view v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string defaultFor(std::string_view name, const PgnGame& g) {
    if (name == "Date") return "????.??.??";
    if (name == "Result") return g.result;
    return "?";
}

// Brace comments may not contain '}' (PGN 8.2.5).
std::string commentText(std::string_view s) {
    std::string out(s);
    std::replace(out.begin(), out.end(), '}', ')');
    return out;
}

struct MovetextWriter {
    std::vector<std::string> tokens;
    bool need_number = true;  // black's move needs "N..." after a comment, NAG or variation

    void line(Position pos, const PgnLine& moves) {
        need_number = true;
        for (const PgnNode& node : moves) {
            move(pos, node);
            pos = pos.play(node.move);
        }
    }

    void move(const Position& pos, const PgnNode& node) {
        if (pos.sideToMove() == Color::White)
            tokens.push_back(cat(pos.fullmoveNumber(), '.'));
        else if (need_number)
            tokens.push_back(cat(pos.fullmoveNumber(), "..."));
        tokens.push_back(toSan(pos, node.move));
        need_number = false;
        const MoveAnnotations& a = node.annotations;
        for (int nag : a.nags) tokens.push_back(cat('$', nag));
        if (a.draw_offer) tokens.push_back("{(=)}");  // NOT-09
        std::string c;
        if (a.clock) c += cat("[%clk ", formatClock(*a.clock), "]");
        if (a.elapsed) c += cat(c.empty() ? "" : " ", "[%emt ", formatClock(*a.elapsed), "]");
        if (!a.comment.empty()) c += cat(c.empty() ? "" : " ", commentText(a.comment));
        if (!c.empty()) tokens.push_back(cat('{', c, '}'));
        need_number = !a.nags.empty() || a.draw_offer || !c.empty();
        for (const PgnLine& v : node.variations) {
            tokens.push_back("(");
            line(pos, v);
            tokens.push_back(")");
            need_number = true;
        }
    }

    // Joins tokens with single spaces (none inside parentheses), breaking lines before 80 columns.
    std::string wrap() const {
        std::string out, current;
        auto flush = [&] {
            out += current;
            out += '\n';
            current.clear();
        };
        std::string_view prev;
        for (const std::string& t : tokens) {
            // Split at spaces so long comments can break too.
            for (std::size_t i = 0; i < t.size();) {
                const std::size_t sp = t.find(' ', i);
                const std::string_view word =
                    std::string_view(t).substr(i, sp == std::string::npos ? std::string::npos : sp - i);
                i = sp == std::string::npos ? t.size() : sp + 1;
                const bool glue = prev == "(" || word == ")";
                if (!current.empty() && current.size() + word.size() + (glue ? 0 : 1) > 79) flush();
                if (!current.empty() && !glue) current += ' ';
                current += word;
                prev = word;
            }
        }
        if (!current.empty()) flush();
        return out;
    }
};

}  // namespace

std::optional<std::string> PgnGame::tag(std::string_view name) const {
    for (const auto& t : tags)
        if (t.name == name) return t.value;
    return std::nullopt;
}

void PgnGame::setTag(std::string_view name, std::string value) {
    for (auto& t : tags) {
        if (t.name == name) {
            t.value = std::move(value);
            return;
        }
    }
    tags.push_back(PgnTag{std::string(name), std::move(value)});
}

Game PgnGame::toGame(Edition edition) const {
    Game g(start, edition);
    for (const PgnNode& n : moves) g.playLegal(n.move);  // validated when read or built
    return g;
}

std::string formatClock(std::chrono::milliseconds t) {
    const long long ms = std::max<long long>(0, t.count());
    const long long s = ms / 1000;
    const auto two = [](long long v) { return cat(v < 10 ? "0" : "", v); };
    std::string out = cat(s / 3600, ':', two(s / 60 % 60), ':', two(s % 60));
    if (ms % 1000) out += cat('.', ms % 1000 / 100);
    return out;
}

std::string writePgn(const PgnGame& game) {
    std::string out;
    for (std::string_view name : kSevenTagRoster) {
        std::string value = name == "Result" ? game.result : game.tag(name).value_or(defaultFor(name, game));
        out += cat('[', name, " \"", escapeTag(value), "\"]\n");
    }
    if (game.start != Position::startpos()) out += cat("[SetUp \"1\"]\n[FEN \"", game.start.fen(), "\"]\n");
    // TimeControl is always exported ("?" when unknown, PGN 9.6) so a scoresheet's rate is never silent.
    if (!game.tag("TimeControl")) out += "[TimeControl \"?\"]\n";
    std::vector<PgnTag> rest;
    for (const auto& t : game.tags)
        if (std::find(kSevenTagRoster.begin(), kSevenTagRoster.end(), t.name) == kSevenTagRoster.end() &&
            t.name != "SetUp" && t.name != "FEN")
            rest.push_back(t);
    std::stable_sort(rest.begin(), rest.end(),
                     [](const PgnTag& a, const PgnTag& b) { return a.name < b.name; });
    for (const auto& t : rest) out += cat('[', t.name, " \"", escapeTag(t.value), "\"]\n");
    out += '\n';
    MovetextWriter w;
    if (!game.pre_comment.empty()) w.tokens.push_back(cat('{', commentText(game.pre_comment), '}'));
    w.line(game.start, game.moves);
    w.tokens.push_back(game.result);
    out += w.wrap();
    out += '\n';
    return out;
}

PgnGame makePgnGame(const Game& game, std::vector<PgnTag> tags,
                    const std::vector<MoveAnnotations>& annotations, std::string result) {
    PgnGame g;
    g.tags = std::move(tags);
    g.start = game.start();
    g.result = std::move(result);
    g.setTag("Result", g.result);
    g.setTag("FIDERuleset", game.edition() == Edition::E2005 ? "E2005" : "E2023");
    for (std::size_t i = 0; i < game.plies(); ++i) {
        PgnNode node;
        node.move = game.moves()[i];
        if (i < annotations.size()) node.annotations = annotations[i];
        g.moves.push_back(std::move(node));
    }
    return g;
}

}  // namespace oc::rules
