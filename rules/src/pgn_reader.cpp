// PGN import: tags, movetext with comments, NAGs, variations (checked even when skipped), %clk/%emt and
// results. Errors carry game, line, column and move; after one, reading resumes at the next tag section.
#include <cctype>
#include <charconv>

#include "rules/notation.hpp"
#include "rules/pgn.hpp"
#include "text.hpp"

namespace oc::rules {

using detail::cat;

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool endsSan(char c) {
    return isSpace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$' || c == '[';
}

// "1:02:03", "2:03", "1:02:03.5" to milliseconds.
std::optional<std::chrono::milliseconds> parseClock(std::string_view s) {
    long long total = 0;
    int fields = 0;
    std::size_t i = 0;
    while (i < s.size() && s[i] != '.') {
        long long v = 0;
        auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), v);
        // A field over a billion is no clock (and would overflow below): the comment stays text.
        if (ec != std::errc{} || v < 0 || v > 1'000'000'000) return std::nullopt;
        total = total * 60 + v;
        ++fields;
        i = static_cast<std::size_t>(p - s.data());
        if (i < s.size() && s[i] == ':')
            ++i;
        else if (i < s.size() && s[i] != '.')
            return std::nullopt;
    }
    if (fields < 1 || fields > 3) return std::nullopt;
    long long ms = total * 1000;
    if (i < s.size()) {  // fraction of a second
        long long scale = 100;
        for (++i; i < s.size() && isDigit(s[i]) && scale > 0; ++i, scale /= 10) ms += (s[i] - '0') * scale;
    }
    return std::chrono::milliseconds(ms);
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    return s;
}

// Takes "[%clk ...]", "[%emt ...]" and "(=)" out of a comment into the annotations.
void absorbComment(std::string_view text, MoveAnnotations& a, bool keep_text) {
    std::string rest;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text.substr(i, 3) == "(=)") {
            a.draw_offer = true;
            i += 3;
            continue;
        }
        if (text.substr(i, 2) == "[%") {
            const std::size_t close = text.find(']', i);
            if (close != std::string_view::npos) {
                const std::string_view cmd = trimmed(text.substr(i + 2, close - i - 2));
                // Any whitespace separates the command from its argument: writers wrap lines there too.
                const std::size_t sp = cmd.find_first_of(" \t\r\n");
                const std::string_view name = cmd.substr(0, sp);
                const std::string_view arg =
                    sp == std::string_view::npos ? std::string_view{} : trimmed(cmd.substr(sp));
                auto t = parseClock(arg);
                if (name == "clk" && t)
                    a.clock = t;
                else if (name == "emt" && t)
                    a.elapsed = t;
                else
                    rest.append(text.substr(i, close + 1 - i));  // other commands are kept as text
                i = close + 1;
                continue;
            }
        }
        rest += text[i++];
    }
    if (!keep_text) return;
    const std::string_view r = trimmed(rest);
    if (r.empty()) return;
    if (!a.comment.empty()) a.comment += ' ';
    a.comment.append(r);
}

int nagForSuffix(std::string_view s) {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

std::string moveLabel(const Position& pos, std::string_view san) {
    return cat(pos.fullmoveNumber(), pos.sideToMove() == Color::White ? "." : "...", san);
}

}  // namespace

struct PgnReader::Impl {
    std::string_view text;
    PgnReadOptions options;
    std::size_t pos = 0, line = 1, line_start = 0, game_index = 0;
    bool in_tags = false;  // where the last failure happened, for resynchronisation

    struct Failure {
        std::size_t line, column;
        std::string move, message;
    };

    bool atEnd() const { return pos >= text.size(); }
    char peek() const { return pos < text.size() ? text[pos] : '\0'; }
    std::size_t column() const { return pos - line_start + 1; }
    void advance() {
        if (text[pos] == '\n') {
            ++line;
            line_start = pos + 1;
        }
        ++pos;
    }
    Failure fail(std::string message, std::string move = {}) const {
        return Failure{line, column(), std::move(move), std::move(message)};
    }

    // Skips whitespace and "%" escape lines (PGN 6).
    void skipSpace() {
        while (!atEnd()) {
            if (isSpace(peek())) {
                advance();
            } else if (peek() == '%' && pos == line_start) {
                while (!atEnd() && peek() != '\n') advance();
            } else {
                break;
            }
        }
    }

    // After a bad game: skip to the first tag line that follows some movetext (or the end).
    void resync(bool from_tags) {
        bool tags = from_tags;
        while (!atEnd()) {
            if (pos == line_start) {
                if (peek() == '[' && !tags) return;
                if (!isSpace(peek())) tags = peek() == '[';
            }
            advance();
        }
    }

    tl::expected<PgnTag, Failure> readTag() {
        advance();  // '['
        skipSpace();
        PgnTag tag;
        while (!atEnd() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')) {
            tag.name += peek();
            advance();
        }
        if (tag.name.empty()) return tl::unexpected(fail("expected a tag name after '['"));
        skipSpace();
        if (peek() != '"')
            return tl::unexpected(fail(cat("expected '\"' to open the value of tag ", tag.name)));
        advance();
        while (!atEnd() && peek() != '"' && peek() != '\n') {
            // A backslash escapes the next character, never the end of the line: a PGN string is one
            // line of printing characters (PGN standard 7), and a value holding a line break would be
            // written back as a tag no reader accepts (fuzz_pgn found "\\" before a newline).
            if (peek() == '\\' && pos + 1 < text.size() && text[pos + 1] != '\n') advance();
            tag.value += peek();
            advance();
        }
        if (peek() != '"') return tl::unexpected(fail(cat("unterminated value of tag ", tag.name)));
        advance();
        skipSpace();
        if (peek() != ']') return tl::unexpected(fail(cat("expected ']' to close tag ", tag.name)));
        advance();
        return tag;
    }

    tl::expected<std::string_view, Failure> readComment() {
        const char open = peek();
        advance();
        const std::size_t start = pos;
        const char close = open == '{' ? '}' : '\n';
        while (!atEnd() && peek() != close) advance();
        if (atEnd() && open == '{') return tl::unexpected(fail("unterminated comment: '{' without '}'"));
        const std::string_view body = text.substr(start, pos - start);
        if (!atEnd()) advance();
        return body;
    }

    bool tryResult(std::string& result) {
        for (std::string_view r : {"1-0", "0-1", "1/2-1/2", "*"}) {
            if (text.substr(pos, r.size()) != r) continue;
            const std::size_t after = pos + r.size();
            if (after < text.size() && !endsSan(text[after])) continue;
            for (std::size_t i = 0; i < r.size(); ++i) advance();
            result = r;
            return true;
        }
        return false;
    }

    // Movetext, one token at a time: each step says whether the line (game or variation) goes on.
    enum class LineEnd { more, done };
    using Step = tl::expected<LineEnd, Failure>;
    struct LineState {
        Position position;  // after the last move read
        Position before;    // before the last move: where a variation starts
        PgnLine& out;
        int depth;  // 0 for the game's main line
        PgnGame& game;
    };
    std::optional<Failure> readLine(Position position, PgnLine& out, int depth, PgnGame& game);
    Step readToken(LineState& s);
    Step readCommentToken(LineState& s);
    Step readVariation(LineState& s);
    Step closeVariation(const LineState& s);
    Step readNag(LineState& s);
    Step readNumberOrMove(LineState& s);
    Step readMoveToken(LineState& s);
    std::optional<Failure> readMove(Position& position, PgnLine& out);
    tl::expected<PgnGame, Failure> readGame();
};

std::optional<PgnReader::Impl::Failure> PgnReader::Impl::readMove(Position& position, PgnLine& out) {
    const std::size_t start = pos;
    const std::size_t col = column();
    while (!atEnd() && !endsSan(peek())) advance();
    std::string_view token = text.substr(start, pos - start);
    std::size_t strip = token.size();
    while (strip > 0 && (token[strip - 1] == '!' || token[strip - 1] == '?')) --strip;
    const int nag = nagForSuffix(token.substr(strip));
    const std::string_view san = token.substr(0, strip);
    auto located = [&](std::string message) {
        return Failure{line, col, moveLabel(position, token), std::move(message)};
    };
    if (san == "--" || san == "Z0") return located("null moves are not chess moves");
    auto move = parseSan(position, san);
    if (!move) return located(move.error().message);
    PgnNode node;
    node.move = *move;
    if (nag) node.annotations.nags.push_back(nag);
    position = position.play(*move);
    out.push_back(std::move(node));
    return std::nullopt;
}

std::optional<PgnReader::Impl::Failure> PgnReader::Impl::readLine(Position position, PgnLine& out, int depth,
                                                                  PgnGame& game) {
    LineState line_state{position, position, out, depth, game};
    while (true) {
        auto step = readToken(line_state);
        if (!step) return step.error();
        if (*step == LineEnd::done) return std::nullopt;
    }
}

PgnReader::Impl::Step PgnReader::Impl::readToken(LineState& s) {
    skipSpace();
    if (atEnd()) {
        if (s.depth == 0) return LineEnd::done;
        return tl::unexpected(fail("the text ends inside a variation: ')' missing"));
    }
    const char c = peek();
    if (c == '{' || c == ';') return readCommentToken(s);
    if (c == '(') return readVariation(s);
    if (c == ')') return closeVariation(s);
    if (c == '$') return readNag(s);
    if (c == '[') {
        if (s.depth > 0) return tl::unexpected(fail("a tag '[' inside a variation: ')' missing"));
        return LineEnd::done;  // the next game starts without a result token: treated as "*"
    }
    if (std::string result; tryResult(result)) {
        if (s.depth > 0)
            return tl::unexpected(fail(cat("the game ends (", result, ") inside a variation: ')' missing")));
        s.game.result = result;
        return LineEnd::done;
    }
    if (isDigit(c)) return readNumberOrMove(s);
    if (c == '.') {
        advance();
        return LineEnd::more;
    }
    return readMoveToken(s);
}

PgnReader::Impl::Step PgnReader::Impl::readCommentToken(LineState& s) {
    auto body = readComment();
    if (!body) return tl::unexpected(body.error());
    if (!s.out.empty()) {
        absorbComment(*body, s.out.back().annotations, options.keep_comments);
    } else if (s.depth == 0 && options.keep_comments) {  // before the first move: the game's comment
        MoveAnnotations a;
        absorbComment(*body, a, true);
        s.game.pre_comment += a.comment;
    }
    return LineEnd::more;
}

// A variation replaces the last move, so it starts from the position before that move.
PgnReader::Impl::Step PgnReader::Impl::readVariation(LineState& s) {
    if (s.out.empty()) return tl::unexpected(fail("a variation '(' must follow a move"));
    if (s.depth >= kMaxPgnVariationDepth)
        return tl::unexpected(fail(cat("variations nest deeper than ", kMaxPgnVariationDepth,
                                       " levels; close some with ')' or split the game")));
    advance();
    PgnLine variation;
    if (auto f = readLine(s.before, variation, s.depth + 1, s.game)) return tl::unexpected(*f);
    if (options.keep_variations) s.out.back().variations.push_back(std::move(variation));
    return LineEnd::more;
}

PgnReader::Impl::Step PgnReader::Impl::closeVariation(const LineState& s) {
    if (s.depth == 0) return tl::unexpected(fail("')' without a matching '('"));
    advance();
    return LineEnd::done;
}

PgnReader::Impl::Step PgnReader::Impl::readNag(LineState& s) {
    advance();
    int v = 0;
    const std::size_t first = pos;
    while (isDigit(peek()) && v <= 255) {
        v = v * 10 + (text[pos] - '0');
        advance();
    }
    if (pos == first || v > 255) return tl::unexpected(fail("a NAG is '$' followed by a number 0..255"));
    if (!s.out.empty()) s.out.back().annotations.nags.push_back(v);
    return LineEnd::more;
}

PgnReader::Impl::Step PgnReader::Impl::readNumberOrMove(LineState& s) {
    const std::size_t first = pos;
    while (isDigit(peek())) advance();
    if (peek() == '.' || isSpace(peek()) || atEnd()) {  // a move number
        while (peek() == '.') advance();
        return LineEnd::more;
    }
    pos = first;  // not a move number (e.g. 0-0): read it as a move; digits never cross a line
    return readMoveToken(s);
}

PgnReader::Impl::Step PgnReader::Impl::readMoveToken(LineState& s) {
    s.before = s.position;
    if (auto f = readMove(s.position, s.out)) return tl::unexpected(*f);
    return LineEnd::more;
}

tl::expected<PgnGame, PgnReader::Impl::Failure> PgnReader::Impl::readGame() {
    PgnGame game;
    in_tags = true;
    Failure fen_place{};
    while (peek() == '[') {
        const Failure here = fail({});
        auto tag = readTag();
        if (!tag) return tl::unexpected(tag.error());
        if (tag->name == "FEN") fen_place = here;
        game.tags.push_back(std::move(*tag));
        skipSpace();
    }
    if (auto fen = game.tag("FEN")) {
        auto start = Position::fromFen(*fen);
        if (!start) {
            fen_place.message = "bad FEN tag: " + start.error().message;
            return tl::unexpected(fen_place);
        }
        game.start = *start;
    }
    in_tags = false;
    if (auto f = readLine(game.start, game.moves, 0, game)) return tl::unexpected(*f);
    return game;
}

PgnReader::PgnReader(std::string_view text, PgnReadOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->text = text;
    impl_->options = options;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") impl_->pos = impl_->line_start = 3;  // UTF-8 byte order mark
}

PgnReader::~PgnReader() = default;

std::optional<tl::expected<PgnGame, PgnError>> PgnReader::next() {
    Impl& r = *impl_;
    r.skipSpace();
    if (r.atEnd()) return std::nullopt;
    if (r.game_index >= kMaxPgnGames) {
        PgnError e{r.game_index + 1, r.line, r.column(), {}, {}};
        e.message = cat("game ", e.game, ", line ", e.line, ": the text holds more than ", kMaxPgnGames,
                        " games; split the file");
        r.pos = r.text.size();  // nothing more is read
        return tl::expected<PgnGame, PgnError>(tl::unexpect, std::move(e));
    }
    ++r.game_index;
    auto game = r.readGame();
    if (game) return tl::expected<PgnGame, PgnError>(std::move(*game));
    const auto& f = game.error();
    PgnError e{r.game_index, f.line, f.column, f.move, {}};
    e.message = cat("game ", e.game, ", line ", e.line, ", column ", e.column);
    if (!f.move.empty()) e.message += cat(", move ", f.move);
    e.message += cat(": ", f.message);
    r.resync(r.in_tags);
    return tl::expected<PgnGame, PgnError>(tl::unexpect, std::move(e));
}

tl::expected<std::vector<PgnGame>, PgnError> parsePgn(std::string_view text, PgnReadOptions options) {
    std::vector<PgnGame> games;
    PgnReader reader(text, options);
    while (auto g = reader.next()) {
        if (!*g) return tl::unexpected(g->error());
        games.push_back(std::move(**g));
    }
    return games;
}

}  // namespace oc::rules
