// One pass over the records: what every check needs to know about the game's course.
#include "timeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "clock/tc_format.hpp"
#include "i18n/mark.hpp"
#include "session/journal_header.hpp"
#include "session/journal_sink.hpp"

namespace oc::audit::detail {
namespace {

// Half-moves played after record `r`, given `ply` before it (the session's own rules for each record:
// an executed or entered move adds one; the arbiter's ruling on an illegal move reinstates the
// position before it, Art. 7.5.1).
int plyAfter(const Timeline& tl, const journal::Record& r, int ply) {
    const json& p = r.payload;
    const std::string& type = r.type;
    if (type == "human_move" || type == "made") return ply + 1;
    if (type == "illegal") return std::max(0, p.value("ply", ply + 1) - 1);
    if (type == "illegal_kind")  // IRR-04: the computer's unpromoted pawn stands as a queen (E2023 7.5.2)
        return p.value("kind", "") == "unpromoted" && p.contains("uci") &&
                       p.value("side", "") == tl.computerName()
                   ? ply + 1
                   : ply;
    if (type == "claim")  // Art. 9.2.1 / 9.3.1: a correct claim with a written move adds that move
        return p.value("verdict", "") == "correct" && p.contains("intended") && !p["intended"].is_null()
                   ? ply + 1
                   : ply;
    if (type == "resume")  // the human's sealed move as written is played at resumption
        return p.contains("written") && p.contains("uci") && !p["uci"].is_null() ? ply + 1 : ply;
    return ply;
}

std::int64_t computerTime(const Timeline& tl, const json& p) {
    return p.value(tl.computer == rules::Color::White ? "wtime" : "btime", std::int64_t{0});
}

// The locked setup, read as every tool reads it (session::journalSetup): the checks judge the game by
// the setup in force from its first move (E.III 2.2, 3.4), never by an earlier draft of it.
void readSetup(Timeline& tl) {
    auto setup = session::journalSetup(tl.session_records);
    if (!setup) {
        tl.setup_error = setup.error();
        return;
    }
    tl.setup = *setup;
    tl.computer = setup->computer_side;
}

// The last search that has not yet produced a move, if any.
Search* openSearch(Timeline& tl) {
    if (tl.searches.empty() || tl.searches.back().move_record) return nullptr;
    return &tl.searches.back();
}

// The last search whose move was produced but whose clock is not yet pressed.
Search* movedSearch(Timeline& tl) {
    if (tl.searches.empty() || !tl.searches.back().move_record || tl.searches.back().press_t) return nullptr;
    return &tl.searches.back();
}

struct WalkState {
    bool faster = false;
    bool made = false;
    std::int64_t ponder_given = 0;
};

void noteEngineMove(Timeline& tl, std::size_t i, const json& p, std::int64_t t) {
    Search* s = openSearch(tl);
    if (!s) return;
    s->move_record = i;
    s->move_t = t;
    s->shown_t = t;
    s->uci = p.value("uci", "");
    if (p.contains("mate")) {
        int mate = p["mate"].get<int>();
        s->eval_cp = event::Evaluation{0, mate}.effectiveCp();
    } else if (p.contains("cp")) {
        s->eval_cp = p["cp"].get<int>();
    }
}

// The records that start a search (a go, a ponder hit) or set what the next one is given.
void noteSearchStart(Timeline& tl, WalkState& w, std::size_t i, const journal::Record& r, int ply) {
    const json& p = r.payload;
    if (r.type == "ponder_start") w.ponder_given = computerTime(tl, p);
    if (r.type == "faster") w.faster = p.value("on", false);
    if (r.type != "go" && r.type != "ponder_hit") return;
    const std::int64_t given = r.type == "go" ? computerTime(tl, p) : w.ponder_given;
    tl.searches.push_back(Search{i, ply, timeOf(r), given, w.faster, {}, {}, {}, {}, {}, {}, {}, {}});
    w.made = false;
}

// The records that follow a search: its move, when the move was shown, sealed and its clock pressed.
void noteSearchProgress(Timeline& tl, WalkState& w, std::size_t i, const journal::Record& r) {
    const json& p = r.payload;
    std::int64_t t = timeOf(r);
    if (r.type == "engine_move") {
        noteEngineMove(tl, i, p, t);
    } else if (r.type == "engine_move_withheld") {
        if (Search* s = openSearch(tl)) s->move_record = i, s->move_t = t;
    } else if (r.type == "recorded") {
        // REC-03: a move held until the previous one was recorded is shown only now.
        if (Search* s = movedSearch(tl); s && !w.made) s->shown_t = t;
    } else if (r.type == "made") {
        w.made = true;
    } else if (r.type == "sealed") {
        if (Search* s = movedSearch(tl)) s->sealed_t = t;
    } else if (r.type == "pressed") {
        if (Search* s = movedSearch(tl)) s->press_t = p.value("at", t), s->press_record = i;
    }
}

}  // namespace

void EngineLines::keep(std::size_t index, const json& lines) {
    if (io_.size() <= index) io_.resize(index + 1);
    Io& io = io_[index];
    for (const json& l : lines) {
        // A line that is no string is refused by the session's replay before any check reads it.
        if (l.is_string()) io.text += l.get_ref<const std::string&>();
        io.ends.push_back(static_cast<std::uint32_t>(io.text.size()));
    }
}

void EngineLines::take(std::size_t index, journal::Record& record) {
    if (record.type != "engine_io" || !record.payload.is_object()) return;
    auto it = record.payload.find("lines");
    // Lines of another kind stay where they are, for the session's replay to refuse (an integrity breach).
    if (it == record.payload.end() || !it->is_array() ||
        !std::all_of(it->begin(), it->end(), [](const json& l) { return l.is_string(); }))
        return;
    keep(index, *it);
    *it = json::array();
}

void EngineLines::copy(const std::vector<journal::Record>& records) {
    for (std::size_t i = 0; i < records.size(); ++i) {
        const journal::Record& r = records[i];
        if (r.type != "engine_io" || !r.payload.is_object()) continue;
        auto it = r.payload.find("lines");
        if (it != r.payload.end() && it->is_array()) keep(i, *it);
    }
}

std::vector<std::string_view> EngineLines::at(std::size_t index) const {
    std::vector<std::string_view> out;
    if (index >= io_.size()) return out;
    const Io& io = io_[index];
    std::uint32_t from = 0;
    for (std::uint32_t end : io.ends) {
        out.emplace_back(io.text.data() + from, end - from);
        from = end;
    }
    return out;
}

std::int64_t timeOf(const journal::Record& r) {
    return r.payload.value("t", std::int64_t{0});
}

std::string clockText(std::int64_t ms) {
    return clock::formatClock(std::chrono::milliseconds{ms}, clock::ClockStyle::HmsTenths);
}

std::string moveLabel(int ply) {
    return fmt::format(i18n::N_("move {}{}"), ply / 2 + 1, ply % 2 == 0 ? "" : "...");
}

Timeline buildTimeline(const journal::JournalContents& contents, const EngineLines& engine_lines,
                       std::vector<json> session_records) {
    Timeline tl;
    tl.records = &contents.records;
    tl.engine_lines = &engine_lines;
    tl.session_records = std::move(session_records);
    readSetup(tl);
    const json& header = contents.records.front().payload;
    const auto version = header.find("journal_version");
    tl.journal_version = version != header.end() && version->is_number_integer() ? version->get<int>() : 0;
    tl.app = header.contains("app") && header["app"].is_string() ? header["app"].get<std::string>() : "";
    tl.written_by = session::headerFacts(header).program.value_or("");
    tl.ply_before.reserve(contents.records.size());
    WalkState w;
    int ply = 0;
    for (std::size_t i = 0; i < contents.records.size(); ++i) {
        const journal::Record& r = contents.records[i];
        tl.ply_before.push_back(ply);
        if (r.type == "start" && !tl.start) tl.start = i;
        if ((r.type == "human_move" || r.type == "made") && !tl.first_move) tl.first_move = i;
        noteSearchStart(tl, w, i, r, ply);
        noteSearchProgress(tl, w, i, r);
        ply = plyAfter(tl, r, ply);
    }
    return tl;
}

bool Timeline::resumedAt(std::size_t i) const {
    return at(i).type == "console_resumed" ||
           std::binary_search(unannounced_resumes.begin(), unannounced_resumes.end(), i);
}

namespace {

// Record i is the new process's handshake: "> uci" first, after the game's searches began, and the next
// record is a `go` counted again from search 1 at the time of the record before the handshake (the
// resumed console starts at the journal's last time). A fault's restart keeps the console's count.
bool newProcessAt(const Timeline& tl, std::size_t i, bool searched) {
    if (!searched || tl.at(i).type != "engine_io" || tl.at(i + 1).type != "go") return false;
    const auto lines = tl.lines(i);
    const journal::Record& go = tl.at(i + 1);
    return !lines.empty() && lines.front() == "> uci" && go.payload.value("search", json()) == json(1) &&
           timeOf(go) == timeOf(tl.at(i - 1));
}

}  // namespace

std::vector<std::size_t> unannouncedResumes(const Timeline& tl) {
    std::vector<std::size_t> out;
    bool searched = false;
    for (std::size_t i = 1; i + 1 < tl.size(); ++i) {
        if (newProcessAt(tl, i, searched)) out.push_back(i);
        searched = searched || tl.at(i).type == "go";
    }
    return out;
}

bool judgedBefore(const std::string& type) {
    static const char* const kTypes[] = {
        "sync",         "faster",    "computer_offer",    "claim", "resign", "correct",
        "answer_human", "qpf_claim", "increment_request", "eboard"};
    return std::any_of(std::begin(kTypes), std::end(kTypes), [&](const char* t) { return type == t; });
}

bool judgedAfter(const std::string& type) {
    return type == "correct" || type == "resume";
}

const Before* beforeRecord(const Timeline& tl, std::size_t index) {
    auto it = std::lower_bound(tl.before.begin(), tl.before.end(), index,
                               [](const auto& b, std::size_t i) { return b.first < i; });
    return it != tl.before.end() && it->first == index ? &it->second : nullptr;
}

std::string scoresheetMoveBefore(const Timeline& tl, std::size_t index, const std::string& fallback) {
    const Before* before = beforeRecord(tl, index);
    return !before || before->last_move.empty() ? fallback : before->last_move;
}

}  // namespace oc::audit::detail
