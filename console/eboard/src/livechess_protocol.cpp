#include "eboard/livechess_protocol.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

namespace oc::eboard::livechess {

using json = nlohmann::json;

namespace {

// A field's problem, for the Malformed message.
struct Bad {
    std::string what;
};

template <class T>
using Read = tl::expected<T, Bad>;

tl::unexpected<Bad> bad(std::string what) {
    return tl::unexpected(Bad{std::move(what)});
}

std::optional<int> intOf(const json& j) {
    if (!j.is_number_integer()) return std::nullopt;
    const auto v = j.get<std::int64_t>();
    if (v < INT32_MIN || v > INT32_MAX) return std::nullopt;
    return static_cast<int>(v);
}

// The optional field `key` of `obj` as a string ("" when absent or null).
Read<std::string> stringField(const json& obj, const char* key) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::string();
    if (!it->is_string()) return bad(fmt::format("\"{}\" is not a string", key));
    return it->get<std::string>();
}

Read<std::optional<bool>> boolField(const json& obj, const char* key) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::optional<bool>();
    if (!it->is_boolean()) return bad(fmt::format("\"{}\" is not true or false", key));
    return std::optional<bool>(it->get<bool>());
}

// Seconds (LiveChess may send fractions) as milliseconds.
Read<Ms> secondsField(const json& obj, const char* key) {
    const auto it = obj.find(key);
    if (it == obj.end() || !it->is_number() || it->get<double>() < 0 || it->get<double>() > 1e7)
        return bad(fmt::format("the clock's \"{}\" is not a number of seconds", key));
    return Ms{std::llround(it->get<double>() * 1000.0)};
}

Read<std::optional<ClockState>> clockOf(const json& j) {
    if (j.is_null()) return std::optional<ClockState>();
    if (!j.is_object()) return bad("\"clock\" is neither an object nor null");
    ClockState c;
    auto white = secondsField(j, "white");
    if (!white) return tl::unexpected(white.error());
    auto black = secondsField(j, "black");
    if (!black) return tl::unexpected(black.error());
    auto run = boolField(j, "run");
    if (!run) return tl::unexpected(run.error());
    c.white = *white;
    c.black = *black;
    c.run = *run;
    if (const auto it = j.find("time"); it != j.end() && it->is_number_integer())
        c.time = it->get<std::int64_t>();
    return std::optional<ClockState>(c);
}

Read<BoardInfo> boardOf(const json& j) {
    if (!j.is_object()) return bad("a board in the list is not an object");
    BoardInfo b;
    for (auto [key, field] :
         {std::pair{"serialnr", &b.serialnr}, std::pair{"state", &b.state}, std::pair{"source", &b.source},
          std::pair{"comment", &b.comment}, std::pair{"board", &b.board}}) {
        auto v = stringField(j, key);
        if (!v) return tl::unexpected(v.error());
        *field = std::move(*v);
    }
    if (b.serialnr.empty()) return bad("a board in the list has no \"serialnr\"");
    auto flipped = boolField(j, "flipped");
    if (!flipped) return tl::unexpected(flipped.error());
    b.flipped = *flipped;
    if (const auto it = j.find("battery"); it != j.end()) b.battery = intOf(*it);
    if (const auto it = j.find("clock"); it != j.end()) {
        auto clock = clockOf(*it);
        if (!clock) return tl::unexpected(clock.error());
        b.clock = *clock;
    }
    return b;
}

Read<std::vector<std::string>> sanOf(const json& j) {
    if (!j.is_array()) return bad("\"san\" is not a list");
    std::vector<std::string> out;
    for (const json& m : j) {
        if (!m.is_string()) return bad("a move in \"san\" is not a string");
        out.push_back(m.get<std::string>());
    }
    return out;
}

// The optional string fields of a feed's param.
Read<bool> feedStrings(const json& p, FeedUpdate& u) {
    for (auto [key, field] : {std::pair{"board", &u.board}, std::pair{"start", &u.start}}) {
        const auto it = p.find(key);
        if (it == p.end()) continue;
        if (!it->is_string()) return bad(fmt::format("the feed's \"{}\" is not a FEN string", key));
        *field = it->get<std::string>();
    }
    return true;
}

Read<bool> feedFlags(const json& p, FeedUpdate& u) {
    auto flipped = boolField(p, "flipped");
    if (!flipped) return tl::unexpected(flipped.error());
    u.flipped = *flipped;
    auto match = boolField(p, "match");
    if (!match) return tl::unexpected(match.error());
    u.match = *match;
    return true;
}

Read<FeedUpdate> feedOf(int feed_id, const json& p) {
    if (!p.is_object()) return bad("the feed's \"param\" is not an object");
    FeedUpdate u;
    u.feed_id = feed_id;
    auto serial = stringField(p, "serialnr");
    if (!serial) return tl::unexpected(serial.error());
    u.serialnr = std::move(*serial);
    if (auto ok = feedStrings(p, u); !ok) return tl::unexpected(ok.error());
    if (auto ok = feedFlags(p, u); !ok) return tl::unexpected(ok.error());
    if (const auto it = p.find("clock"); it != p.end()) {
        auto clock = clockOf(*it);
        if (!clock) return tl::unexpected(clock.error());
        u.clock = *clock;
    }
    if (const auto it = p.find("san"); it != p.end() && !it->is_null()) {
        auto san = sanOf(*it);
        if (!san) return tl::unexpected(san.error());
        u.san = std::move(*san);
    }
    return u;
}

Read<Answer> callOf(int id, const json& msg) {
    const auto it = msg.find("param");
    if (it == msg.end() || !it->is_array()) return Answer{CallAnswer{id}};
    BoardList list{id, {}};
    for (const json& b : *it) {
        auto board = boardOf(b);
        if (!board) return tl::unexpected(board.error());
        list.boards.push_back(std::move(*board));
    }
    return Answer{std::move(list)};
}

Answer errorOf(const json& msg) {
    ErrorAnswer e;
    if (const auto it = msg.find("id"); it != msg.end()) e.id = intOf(*it);
    const auto p = msg.find("param");
    if (p != msg.end() && p->is_object() && p->contains("message") && (*p)["message"].is_string())
        e.message = (*p)["message"].get<std::string>();
    else if (p != msg.end() && p->is_string())
        e.message = p->get<std::string>();
    else
        e.message = "LiveChess gave no reason";
    return e;
}

Read<Answer> answerOf(const json& msg) {
    if (!msg.is_object()) return bad("the message is not a JSON object");
    auto response = stringField(msg, "response");
    if (!response) return tl::unexpected(response.error());
    if (*response == "error") return errorOf(msg);
    const auto id_it = msg.find("id");
    const std::optional<int> id = id_it == msg.end() ? std::nullopt : intOf(*id_it);
    if (!id) return bad(fmt::format("the \"{}\" answer has no whole-number \"id\"", *response));
    if (*response == "call") return callOf(*id, msg);
    if (*response != "feed")
        return bad(fmt::format("\"response\" is \"{}\", not \"call\", \"error\" or \"feed\"", *response));
    const auto p = msg.find("param");
    if (p == msg.end()) return bad("the feed message has no \"param\"");
    auto feed = feedOf(*id, *p);
    if (!feed) return tl::unexpected(feed.error());
    return Answer{std::move(*feed)};
}

std::string snippet(std::string_view text) {
    return std::string(text.substr(0, 80)) + (text.size() > 80 ? "..." : "");
}

json clockJson(const std::optional<ClockState>& c) {
    if (!c) return nullptr;
    json j{{"white", static_cast<double>(c->white.count()) / 1000.0},
           {"black", static_cast<double>(c->black.count()) / 1000.0},
           {"run", c->run ? json(*c->run) : json(nullptr)}};
    if (c->time) j["time"] = *c->time;
    if (c->white.count() % 1000 == 0 && c->black.count() % 1000 == 0) {
        j["white"] = c->white.count() / 1000;  // whole seconds, as LiveChess sends them
        j["black"] = c->black.count() / 1000;
    }
    return j;
}

json boardJson(const BoardInfo& b) {
    json j{{"serialnr", b.serialnr},
           {"source", b.source},
           {"state", b.state},
           {"comment", b.comment},
           {"board", b.board},
           {"clock", clockJson(b.clock)},
           {"flipped", b.flipped ? json(*b.flipped) : json(false)}};
    j["battery"] = b.battery ? json(*b.battery) : json(nullptr);
    return j;
}

Read<Call> callFrom(const json& j) {
    if (!j.is_object()) return bad("the call is not a JSON object");
    Call c;
    const auto id = j.contains("id") ? intOf(j["id"]) : std::nullopt;
    if (!id) return bad("the call has no whole-number \"id\"");
    c.id = *id;
    auto name = stringField(j, "call");
    if (!name || name->empty()) return bad("the call has no \"call\" name");
    c.name = std::move(*name);
    const auto p = j.find("param");
    if (p == j.end() || !p->is_object()) return c;
    if (auto feed = stringField(*p, "feed")) c.feed = std::move(*feed);
    if (p->contains("id")) c.feed_id = intOf((*p)["id"]);
    const auto inner = p->find("param");
    if (inner != p->end() && inner->is_object())
        if (auto serial = stringField(*inner, "serialnr")) c.serialnr = std::move(*serial);
    return c;
}

}  // namespace

std::string eboardsCall(int id) {
    return json{{"id", id}, {"call", "eboards"}}.dump();
}

std::string subscribeCall(int id, int feed_id, std::string_view serialnr) {
    const json param{{"feed", "eboardevent"}, {"id", feed_id}, {"param", {{"serialnr", serialnr}}}};
    return json{{"id", id}, {"call", "subscribe"}, {"param", param}}.dump();
}

Answer parseAnswer(std::string_view text) {
    const json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded())
        return Malformed{fmt::format("LiveChess sent text that is not JSON: {}", snippet(text))};
    try {
        auto answer = answerOf(msg);
        if (answer) return std::move(*answer);
        return Malformed{fmt::format("LiveChess sent a message of an unexpected shape ({}): {}",
                                     answer.error().what, snippet(text))};
    } catch (const json::exception& e) {  // a check above missed a type: still a value, never a throw
        return Malformed{fmt::format("LiveChess sent a message this console cannot read ({})", e.what())};
    }
}

tl::expected<Call, std::string> parseCall(std::string_view text) {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) return tl::unexpected(std::string("the call is not JSON"));
    try {
        auto call = callFrom(j);
        if (!call) return tl::unexpected(call.error().what);
        return std::move(*call);
    } catch (const json::exception& e) {
        return tl::unexpected(std::string(e.what()));
    }
}

std::string boardListAnswer(int id, const std::vector<BoardInfo>& boards, std::int64_t time) {
    json list = json::array();
    for (const BoardInfo& b : boards) list.push_back(boardJson(b));
    return json{{"response", "call"}, {"id", id}, {"param", list}, {"time", time}}.dump();
}

std::string callAnswer(int id, std::int64_t time) {
    return json{{"response", "call"}, {"id", id}, {"param", nullptr}, {"time", time}}.dump();
}

std::string errorAnswer(int id, std::string_view message) {
    return json{{"response", "error"}, {"id", id}, {"param", {{"message", message}}}}.dump();
}

std::string feedMessage(const FeedUpdate& u, std::int64_t time) {
    json p{{"serialnr", u.serialnr}};
    if (u.flipped) p["flipped"] = *u.flipped;
    if (u.board) p["board"] = *u.board;
    if (u.clock) p["clock"] = clockJson(*u.clock);
    if (u.start) p["start"] = *u.start;
    if (u.san) p["san"] = *u.san;
    if (u.match) p["match"] = *u.match;
    return json{{"response", "feed"}, {"id", u.feed_id}, {"param", p}, {"time", time}}.dump();
}

FeedUpdate changes(const std::optional<FeedUpdate>& before, const FeedUpdate& now) {
    if (!before) return now;
    FeedUpdate u;
    u.feed_id = now.feed_id;
    u.serialnr = now.serialnr;
    auto keep = [](const auto& was, const auto& is, auto& out) {
        if (is && is != was) out = is;
    };
    keep(before->flipped, now.flipped, u.flipped);
    keep(before->board, now.board, u.board);
    keep(before->clock, now.clock, u.clock);
    keep(before->start, now.start, u.start);
    keep(before->san, now.san, u.san);
    keep(before->match, now.match, u.match);
    return u;
}

tl::expected<Placement, std::string> placementOfFen(const std::string& fen) {
    if (auto p = parsePlacementFen(fen)) return *p;
    return tl::unexpected(fmt::format("LiveChess's board \"{}\" is not a FEN placement", snippet(fen)));
}

ClockFace clockFaceOf(const ClockState& clock, Hand white_hand) {
    ClockFace f;
    f.left = white_hand == Hand::Left ? clock.white : clock.black;
    f.right = white_hand == Hand::Left ? clock.black : clock.white;
    f.running = clock.run.value_or(false);
    return f;
}

}  // namespace oc::eboard::livechess
