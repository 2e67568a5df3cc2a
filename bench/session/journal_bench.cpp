// Journal costs, each against the bare operation it cannot avoid, in the same process and directory:
//  1. append latency (canonical JSON + BLAKE2b + write + fsync) vs write+fsync of the same bytes;
//  2. replay of a 300-ply journal (read + full verification) vs reading and JSON-parsing its lines.
// Usage: journal_bench [DIR] (default: the system temp directory; use the disk the console will use).
#include <fcntl.h>
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "journal/journal.hpp"

namespace {

using namespace oc::journal;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

const WallTime kT0{std::chrono::sys_days{std::chrono::year{2026} / 11 / 29}};

double micros(Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count();
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

nlohmann::json engineLine(int i) {
    return {{"dir", "in"},
            {"line", fmt::format("info depth {} seldepth 33 multipv 1 score cp 31 nodes 12345678 nps 2345678 "
                                 "hashfull 432 tbhits 0 time 5234 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6",
                                 i % 40)}};
}

// The same bytes the journal wrote for `r` (its canonical line).
std::string lineOf(const Record& r) {
    nlohmann::json j = {{"hash", r.hash},
                        {"mono_ms", r.mono.count()},
                        {"payload", r.payload},
                        {"prev", r.prev_hash},
                        {"seq", r.seq},
                        {"type", r.type},
                        {"wall", formatWallTime(r.wall)}};
    if (!r.salt.empty()) j["salt"] = r.salt;
    return j.dump() + "\n";
}

void benchAppend(const fs::path& dir, int count) {
    auto writer = JournalWriter::create(dir / "append.journal", {{"bench", true}}, kT0, MonoTime{0});
    const int ref_fd =
        ::open((dir / "reference.bin").c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (!writer || ref_fd < 0) throw std::runtime_error("cannot create the bench files");
    std::vector<double> journal_us, bare_us;
    for (int i = 0; i < count; ++i) {
        // Interleaved so both see the same disk state and background load.
        const auto t0 = Clock::now();
        auto record = writer->append("engine_line", engineLine(i), kT0, MonoTime{i});
        const auto t1 = Clock::now();
        if (!record) throw std::runtime_error(record.error().message);
        const std::string line = lineOf(*record);
        const auto t2 = Clock::now();
        if (::write(ref_fd, line.data(), line.size()) < 0 || ::fsync(ref_fd) != 0)
            throw std::runtime_error("ref");
        const auto t3 = Clock::now();
        journal_us.push_back(micros(t1 - t0));
        bare_us.push_back(micros(t3 - t2));
    }
    ::close(ref_fd);
    for (double p : {0.5, 0.99}) {
        const double j = percentile(journal_us, p), b = percentile(bare_us, p);
        fmt::print("append p{:<2}: journal {:8.1f} us, bare write+fsync {:8.1f} us, ratio {:.2f}\n", p * 100,
                   j, b, j / b);
    }
}

// A 300-ply game as the session journals it: per engine move the position/go lines, a handful of
// info lines and bestmove; per ply the move, three operator confirmations and a clock reading.
void writeGameJournal(const fs::path& path, int plies) {
    auto writer =
        JournalWriter::create(path, {{"event", "Bench Open"}, {"white", "Human"}}, kT0, MonoTime{0});
    if (!writer) throw std::runtime_error(writer.error().message);
    auto put = [&](std::string_view type, const nlohmann::json& payload) {
        if (!writer->append(type, payload, kT0, MonoTime{0})) throw std::runtime_error("append failed");
    };
    for (int ply = 1; ply <= plies; ++ply) {
        if (ply % 2 == 0) {
            put("engine_line",
                {{"dir", "out"}, {"line", "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5"}});
            put("engine_line", {{"dir", "out"}, {"line", "go wtime 5400000 btime 5400000 movestogo 40"}});
            for (int i = 0; i < 8; ++i) put("engine_line", engineLine(i));
            put("engine_line", {{"dir", "in"}, {"line", "bestmove g8f6 ponder e4e5"}});
        }
        put("move", {{"ply", ply}, {"san", "Nf6"}, {"uci", "g8f6"}, {"draw_offer", false}});
        for (const char* step : {"made_on_board", "clock_pressed", "recorded"})
            put("confirm", {{"step", step}});
        put("clock_reading",
            {{"white_ms", 5'000'000 - ply}, {"black_ms", 5'100'000 - ply}, {"source", "table"}});
    }
}

// Reading the lines and parsing each as JSON: the least any replay must do.
std::size_t parseOnly(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::size_t objects = 0;
    for (std::string line; std::getline(in, line);)
        objects += nlohmann::json::parse(line).is_object() ? 1U : 0U;
    return objects;
}

void benchReplay(const fs::path& dir, int plies) {
    const fs::path path = dir / "game.journal";
    writeGameJournal(path, plies);
    std::vector<double> verify_ms, parse_ms;
    std::size_t records = 0;
    for (int run = 0; run < 7; ++run) {
        const auto t0 = Clock::now();
        auto contents = readJournal(path);
        const auto t1 = Clock::now();
        const std::size_t parsed = parseOnly(path);
        const auto t2 = Clock::now();
        if (!contents || contents->records.size() != parsed) throw std::runtime_error("replay mismatch");
        records = parsed;
        verify_ms.push_back(micros(t1 - t0) / 1000);
        parse_ms.push_back(micros(t2 - t1) / 1000);
    }
    const double v = percentile(verify_ms, 0.5), p = percentile(parse_ms, 0.5);
    fmt::print(
        "replay {} plies = {} records, {} KiB: read+verify {:.1f} ms, read+parse {:.1f} ms, ratio {:.2f}\n",
        plies, records, fs::file_size(path) / 1024, v, p, v / p);
}

}  // namespace

int main(int argc, char** argv) {
    const fs::path base = argc > 1 ? fs::path(argv[1]) : fs::temp_directory_path();
    std::string pattern = (base / "oc-journal-bench-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
        fmt::print(stderr, "cannot create a directory under {}\n", base.string());
        return 2;
    }
    const fs::path dir = pattern;
    try {
        fmt::print("journal bench in {} (fsync per record)\n", dir.string());
        benchAppend(dir, 2000);
        benchReplay(dir, 300);
    } catch (const std::exception& e) {
        fmt::print(stderr, "bench failed: {}\n", e.what());
        fs::remove_all(dir);
        return 1;
    }
    fs::remove_all(dir);
    return 0;
}
