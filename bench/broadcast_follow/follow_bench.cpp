// The hub's cost per appended journal record as the journal grows (issue 35 item 10): the same 40 records
// of a game are appended one at a time to journals of about 0.1, 3 and 20 MB (the bulk being engine
// output, as in a long game's journal), and after each append the hub refreshes, as the server does when
// inotify or its 100 ms poll wakes it. Per record it measures the hub's CPU time (the process's) and the
// time from the append to the hub holding the new board (append -> observed, without the poll's wait).
// Figures are medians, and ratios to the 0.1 MB run in the same process. For comparison it prints what
// verifying the whole file once costs at each size: what every record cost before.
// Usage: broadcast_follow_bench [DIR]   (DIR: where the journals are written; default the temp folder)
//        broadcast_follow_bench --write DIR   writes DIR/<bytes>.journal (all but the last 40 records) and
//        DIR/<bytes>.tail (those 40 lines) for each size and stops: serve_latency.py's input.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <vector>

#include "../played_game.hpp"
#include "../timing.hpp"
#include "broadcast/hub.hpp"

namespace {

using namespace oc;
using namespace std::chrono_literals;

constexpr std::size_t kMeasured = 40;  // records appended and timed at each size
const journal::WallTime kT0{std::chrono::sys_days{std::chrono::year{2026} / 12 / 1}};

// Journal lines for a header and `records`, chained, hashed and signed as the console's writer makes them
// (version 3: the hub checks every record's Ed25519 signature, which is part of what a record costs). The
// salts are fixed; the key is a fresh one, in the key folder (OC_JOURNAL_KEYS).
class JournalText {
  public:
    explicit JournalText(const journal::SigningKey& key) : key_(key) {
        add("header",
            {{"journal_format", "oc-journal"},
             {"journal_version", 3},
             {"signing_key", key.publicHex()},
             {"event", "bench"}},
            0);
    }
    void add(const nlohmann::json& session_record) {
        nlohmann::json payload = session_record;
        payload.erase("type");
        add(session_record.at("type").get<std::string>(), payload,
            session_record.value("t", std::int64_t{0}));
    }
    std::vector<std::string> lines;
    std::size_t bytes = 0;

  private:
    void add(const std::string& type, const nlohmann::json& payload, std::int64_t mono_ms) {
        const nlohmann::json r = {{"seq", lines.size()},
                                  {"type", type},
                                  {"payload", payload},
                                  {"prev", prev_},
                                  {"mono_ms", mono_ms},
                                  {"wall", journal::formatWallTime(kT0 + std::chrono::milliseconds(mono_ms))},
                                  {"salt", fmt::format("{:064x}", lines.size())}};
        const std::string canonical = r.dump();
        prev_ = journal::blake2bHex(canonical);
        // "hash" then "sig" lead the line; the rest is the canonical form the hash covers.
        lines.push_back(fmt::format("{{\"hash\":\"{}\",\"sig\":\"{}\",{}\n", prev_, key_.sign(prev_),
                                    canonical.substr(1)));
        bytes += lines.back().size();
    }
    const journal::SigningKey& key_;
    std::string prev_ = std::string(64, '0');
};

// The key every journal of the bench is signed with.
const journal::SigningKey& benchKey() {
    static const journal::SigningKey key = [] {
        auto k = journal::SigningKey::generate();
        if (!k) {
            fmt::print("cannot make a signing key: {}\n", k.error());
            std::exit(1);
        }
        return std::move(*k);
    }();
    return key;
}

// An engine_io record of about 2 KB of search lines at time `t`: what fills a long game's journal.
nlohmann::json engineOutput(std::int64_t t, std::size_t n) {
    nlohmann::json lines = nlohmann::json::array();
    for (int i = 0; i < 16; ++i)
        lines.push_back(
            fmt::format("info depth {} seldepth {} score cp {} nodes {} nps 1234567 pv e2e4 e7e5 "
                        "g1f3 b8c6 f1b5 a7a6",
                        i + 1, i + 4, static_cast<int>(n % 97) - 40, n * 1000 + static_cast<std::size_t>(i)));
    return {{"type", "engine_io"}, {"t", t}, {"lines", lines}};
}

// The game's records but its last kMeasured, with engine output after them up to `target` bytes; then the
// last kMeasured records, to be appended one by one.
JournalText journalOf(const std::vector<nlohmann::json>& game, std::size_t target) {
    JournalText j(benchKey());
    const std::size_t head = game.size() - kMeasured;
    for (std::size_t i = 0; i < head; ++i) j.add(game[i]);
    const std::int64_t t = game[head - 1].value("t", std::int64_t{0});
    for (std::size_t n = 0; j.bytes < target; ++n) j.add(engineOutput(t, n));
    for (std::size_t i = head; i < game.size(); ++i) j.add(game[i]);
    return j;
}

double cpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

void appendLine(const std::filesystem::path& file, const std::string& line) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0 || ::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) std::abort();
    ::close(fd);
}

struct Figures {
    double size_mb = 0, first_ms = 0, cpu_ms = 0, cpu_p90_ms = 0, latency_ms = 0, whole_read_ms = 0;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double p90(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() * 9 / 10];
}

// Writes the journal but its last kMeasured lines, lets a hub read it, then appends and times those.
Figures measure(const JournalText& j, const std::filesystem::path& file) {
    Figures f;
    const std::size_t head = j.lines.size() - kMeasured;
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        for (std::size_t i = 0; i < head; ++i) out << j.lines[i];
    }
    f.size_mb = static_cast<double>(std::filesystem::file_size(file)) / 1e6;
    broadcast::Hub hub({file}, broadcast::Delay{0});
    const auto now = kT0 + 24h;
    f.first_ms = bench::sortedTimesMs([&] { (void)hub.refresh(now); }, 1)[0];
    std::vector<double> cpu, latency;
    for (std::size_t i = head; i < j.lines.size(); ++i) {
        const auto start = std::chrono::steady_clock::now();
        appendLine(file, j.lines[i]);
        const double c0 = cpuMs();
        if (hub.refresh(now).size() != 1) std::abort();  // every record changes the board's journal_head
        cpu.push_back(cpuMs() - c0);
        latency.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    if (hub.views()[0].status == broadcast::Status::JournalBroken ||
        hub.views()[0].journal_seq + 1 != j.lines.size()) {
        fmt::print("the journal did not follow: {}\n", hub.views()[0].problem);
        std::exit(1);
    }
    f.cpu_ms = median(cpu);
    f.cpu_p90_ms = p90(cpu);
    f.latency_ms = median(latency);
    f.whole_read_ms = median(bench::sortedTimesMs([&] { (void)journal::readJournal(file); }, 5));
    return f;
}

}  // namespace

// The journals without the measured records, and those records apart, for a test of the real server.
int writeOnly(const std::filesystem::path& dir, const std::vector<nlohmann::json>& game) {
    std::filesystem::create_directories(dir);
    for (std::size_t target : {100'000u, 3'000'000u, 20'000'000u}) {
        const JournalText j = journalOf(game, target);
        std::ofstream head(dir / fmt::format("{}.journal", target), std::ios::binary | std::ios::trunc);
        std::ofstream tail(dir / fmt::format("{}.tail", target), std::ios::binary | std::ios::trunc);
        for (std::size_t i = 0; i < j.lines.size(); ++i)
            (i + kMeasured < j.lines.size() ? head : tail) << j.lines[i];
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 2 && std::string_view(argv[1]) == "--write") return writeOnly(argv[2], bench::playGame(80));
    const std::filesystem::path dir =
        (argc > 1 ? std::filesystem::path(argv[1]) : std::filesystem::temp_directory_path()) /
        "oc-follow-bench";
    std::filesystem::create_directories(dir);
    const auto game = bench::playGame(80);
    if (game.size() < kMeasured + 20) {
        fmt::print("the simulated game has only {} records\n", game.size());
        return 1;
    }
    // A first run warms the caches and the allocator, so that the reference run is not the cold one.
    (void)measure(journalOf(game, 100'000), dir / "warm.journal");
    std::vector<Figures> runs;
    // 0.1 MB again last: how much of a difference is the order of the runs.
    for (std::size_t target : {100'000u, 3'000'000u, 20'000'000u, 100'000u})
        runs.push_back(measure(journalOf(game, target), dir / fmt::format("j{}.journal", target)));
    std::filesystem::remove_all(dir);
    const Figures& ref = runs.front();
    fmt::print("{} records of a game appended one at a time; medians per record (p90 of CPU in brackets)\n",
               kMeasured);
    fmt::print("{:>8} {:>12} {:>16} {:>18} {:>14} {:>22}\n", "journal", "hub CPU ms", "CPU ratio",
               "append->hub ms", "latency ratio", "whole verify ms (before)");
    for (const Figures& f : runs)
        fmt::print("{:>6.1f}MB {:>6.3f} [{:.3f}] {:>16.2f} {:>18.3f} {:>14.2f} {:>15.1f} (x{:.0f})\n",
                   f.size_mb, f.cpu_ms, f.cpu_p90_ms, f.cpu_ms / ref.cpu_ms, f.latency_ms,
                   f.latency_ms / ref.latency_ms, f.whole_read_ms, f.whole_read_ms / ref.whole_read_ms);
    fmt::print("first read of the whole journal by a fresh hub (once per board, at start):");
    for (const Figures& f : runs) fmt::print(" {:.0f} ms at {:.1f} MB;", f.first_ms, f.size_mb);
    fmt::print("\n");
    return 0;
}
