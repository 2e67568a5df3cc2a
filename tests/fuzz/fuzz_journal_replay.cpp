// Journal records through everything that reads them after the reader: the input's lines (journal
// lines; "type", "payload", "wall" and "mono_ms" are used, hashes are not) are written as a real journal
// with the journal's own writer, so the chain verifies and the fuzzer reaches past it. Then, as
// `journal verify`, `journal replay` and `audit` do: the reader must read back every record written; the
// session replays them (a record it refuses is an error, never a crash); the audit gives a report.
#include <cstddef>
#include <cstdint>
#include <string>

#include "audit/audit.hpp"
#include "fuzz_input.hpp"
#include "journal/journal.hpp"
#include "session/journal_sink.hpp"
#include "session/no_engine.hpp"
#include "session/record_sink.hpp"
#include "session/session.hpp"

namespace {

using namespace oc;
using json = nlohmann::json;

constexpr std::size_t kMaxRecords = 400;  // keeps one run short; real scenario journals are below this

struct Line {
    std::string type;
    json payload = json::object();
    journal::WallTime wall{};
    journal::MonoTime mono{};
};

// One input line as a record to write; nullopt for a line that is not a JSON object with a type.
std::optional<Line> toLine(std::string_view text, const Line& previous) {
    auto parsed = journal::parseJsonBounded(text);
    if (!parsed || !parsed->is_object()) return std::nullopt;
    const json& j = *parsed;
    Line line;
    line.wall = previous.wall + std::chrono::seconds{1};
    line.mono = previous.mono + std::chrono::seconds{1};
    if (!j.contains("type") || !j["type"].is_string()) return std::nullopt;
    line.type = j["type"].get<std::string>();
    if (j.contains("payload") && j["payload"].is_object()) line.payload = j["payload"];
    if (j.contains("wall") && j["wall"].is_string())
        if (auto w = journal::parseWallTime(j["wall"].get<std::string>())) line.wall = *w;
    if (j.contains("mono_ms") && j["mono_ms"].is_number_integer())
        line.mono = journal::MonoTime{j["mono_ms"].get<std::int64_t>()};
    return line;
}

// Writes the lines as a journal (the first one is the header when its type is "header"); returns the
// number of records written, header included.
std::size_t writeJournal(const std::filesystem::path& path, const std::vector<std::string_view>& lines) {
    std::filesystem::remove(path);
    Line previous;
    previous.wall = journal::WallTime{std::chrono::milliseconds{1'800'000'000'000}};
    std::size_t first = 0;
    json header = {{"event", "fuzz"}};
    if (!lines.empty())
        if (auto h = toLine(lines[0], previous); h && h->type == journal::kJournalHeaderType) {
            header = h->payload;
            previous = *h;
            first = 1;
        }
    auto writer = journal::JournalWriter::create(path, header, previous.wall, previous.mono);
    if (!writer) return 0;
    std::size_t written = 1;
    for (std::size_t i = first; i < lines.size() && written < kMaxRecords; ++i) {
        auto line = toLine(lines[i], previous);
        if (!line) continue;
        if (writer->append(line->type, line->payload, line->wall, line->mono)) ++written;
        previous = *line;
    }
    return written;
}

void replay(const journal::JournalContents& contents) {
    const auto records = session::sessionRecords(contents);
    session::MemorySink sink;
    session::NoEngine engine;
    session::Session::RestoreFailure failure;
    auto s = session::Session::restore(records, sink, engine, &failure);
    if (!s) {
        if (s.error().empty() || failure.index >= records.size() + 1) __builtin_trap();
        return;
    }
    auto& game = **s;
    (void)game.snapshot(game.lastRecordTime());
    (void)game.pgn();
    (void)game.scoresheetText();
    (void)game.resultsJson().dump();
    if (!sink.records.empty()) __builtin_trap();  // a replay writes nothing
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = fuzz::scratchDir() / "replay.journal";
    const std::size_t written = writeJournal(path, fuzz::splitLines(fuzz::asText(data, size)));
    if (written == 0) return 0;  // a header the writer refuses (said so, nothing written)
    auto contents = journal::readJournal(path);
    if (!contents || contents->records.size() != written) __builtin_trap();  // it reads what it wrote
    replay(*contents);
    auto report = audit::auditJournal(path);
    if (!report) __builtin_trap();  // a verified journal always gets a report
    (void)audit::toJson(*report).dump();
    (void)audit::checkLines(*report);
    return 0;
}
