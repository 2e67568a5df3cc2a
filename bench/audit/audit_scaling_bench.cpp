// The audit's time and peak memory against the journal's size (issue 37 item 5: it was quadratic in
// some records, 20,000 `sync` records took 268 s, 20,000 `faster` records 134 s). A short real game is
// played with operator-cli (built-in engine); N records of one kind are inserted after its first clock
// press, the hash chain recomputed and re-signed (docs/arbiter-journal.md §2), as a dishonest operator
// holding the console's key could. Each
// journal is audited in a child process (its own peak RSS); the figures are printed as ratios to the
// smallest journal of the same kind in the same run: a linear audit grows like the record count.
// Usage: audit_scaling_bench [SIZES...]   (default 1000 5000 20000)
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "journal/journal.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

fs::path playGame(const fs::path& dir) {
    const fs::path path = dir / "game.jsonl";
    const std::string cmd = fmt::format(
        "{} play --engine fake --engine-side black --tc 90m+30s --human random --seed 5 --max-plies 30 "
        "--operator-delay 2,6 --journal {} >/dev/null",
        OC_OPERATOR_CLI, path.string());
    if (std::system(cmd.c_str()) != 0) fmt::print(stderr, "could not play the game: {}\n", cmd);
    return path;
}

std::vector<json> readRecords(const fs::path& path) {
    std::ifstream in(path);
    std::vector<json> out;
    for (std::string line; std::getline(in, line);) out.push_back(json::parse(line));
    return out;
}

// The key that signs record `r` of a signed journal (the header's, or a key change's), from this
// computer's key folder, as the operator holding the console has it; none for versions 1 and 2.
void takeKey(const json& r, std::optional<oc::journal::SigningKey>& key) {
    if (r["seq"] != 0 && r["type"] != oc::journal::kSigningKeyChangedType) return;
    key.reset();
    const std::string hex = r["payload"].value("signing_key", "");
    if (hex.empty()) return;
    auto loaded = oc::journal::SigningKey::load(hex);
    if (!loaded) return fmt::print(stderr, "cannot re-sign: {}\n", loaded.error());
    key.emplace(std::move(*loaded));
}

// seq renumbered, prev and hash recomputed over the canonical form (keys sorted, no spaces), each record
// re-signed by the key in force (version 3).
void writeRechained(const fs::path& path, const std::vector<json>& records) {
    std::ofstream out(path, std::ios::trunc);
    std::string prev(64, '0');
    std::optional<oc::journal::SigningKey> key;
    for (std::size_t i = 0; i < records.size(); ++i) {
        json r = records[i];
        r.erase("hash");
        r.erase("sig");
        r["seq"] = i;
        r["prev"] = prev;
        takeKey(r, key);
        const std::string canonical = r.dump();
        prev = oc::journal::blake2bHex(canonical);
        const std::string sig = key ? "\"sig\":\"" + key->sign(prev) + "\"," : "";
        out << "{\"hash\":\"" << prev << "\"," << sig << canonical.substr(1) << "\n";
    }
}

// The `i`-th inserted record of `kind`: table-clock readings a second apart, or faster-rate switches.
json payloadOf(const std::string& kind, std::size_t i, std::int64_t t) {
    if (kind == "sync")
        return json{{"white", 5'300'000 - static_cast<std::int64_t>(i % 1000)}, {"black", nullptr}, {"t", t}};
    return json{{"on", i % 2 == 0}, {"t", t}};
}

void writeInserted(const fs::path& path, const std::vector<json>& game, const std::string& kind,
                   std::size_t n) {
    std::vector<json> records;
    bool done = false;
    for (const json& r : game) {
        records.push_back(r);
        if (done || r["type"] != "pressed") continue;
        done = true;
        const std::int64_t t = r["payload"].value("t", std::int64_t{0});
        for (std::size_t i = 0; i < n; ++i)
            records.push_back(json{{"type", kind},
                                   {"payload", payloadOf(kind, i, t)},
                                   {"wall", r["wall"]},
                                   {"mono_ms", r["mono_ms"]}});
    }
    writeRechained(path, records);
}

struct Run {
    double ms = 0, peak_mb = 0;
    bool ok = false;
};

// `f` in a child process, so that its memory is its own: the wall time, the child's peak resident memory
// and whether `f` returned true. The parent stays small (a forked child starts with the parent's pages).
template <typename F>
Run inChild(F f) {
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) _exit(f() ? 0 : 3);
    int status = 0;
    rusage usage{};
    wait4(child, &status, 0, &usage);
    Run run;
    run.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    run.peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

// A record whose payload holds `n` items of `item` ("{}", "1234", ...) or, for item "string", one string
// of `n` bytes (an engine line).
std::string lineOf(const std::string& item, std::size_t n) {
    std::string line = R"({"type":"note","payload":{"t":0,"a":[)";
    if (item == "string") return line + '"' + std::string(n, 'x') + "\"]}}";
    line.reserve(line.size() + n * (item.size() + 1) + 3);
    for (std::size_t i = 0; i < n; ++i) (line += i == 0 ? "" : ",") += item;
    return line + "]}}";
}

// Issue 37 item 5: one record of each shape, as every reader parses a line (the bounds' pass, then the
// value): time, peak memory, and the peak against the line's length. Before the memory bound, 800,000
// empty objects (2.4 MB) took 94 MB, 39 times the line; a line denser than 8 times is now refused by the
// first pass, which builds nothing.
void parseScaling() {
    fmt::print("\n{:<8} {:>9} {:>9} {:>10} {:>9} {:>14}\n", "item", "count", "line MB", "time ms", "peak MB",
               "peak per byte");
    for (const std::string item : {"string", "12345678", "{}"})
        for (const std::size_t n : {100'000UL, 900'000UL, 3'000'000UL}) {
            const std::string line = lineOf(item, item == "string" ? n * 5 : n);
            // A forked child starts with the parent's pages: its peak before parsing, for reference.
            const Run before = inChild([] { return true; });
            const Run run = inChild([&] { return oc::journal::parseJsonBounded(line).has_value(); });
            fmt::print("{:<8} {:>9} {:>9.1f} {:>10.0f} {:>9.1f} {:>14.1f}{}\n", item, n,
                       static_cast<double>(line.size()) / 1e6, run.ms, run.peak_mb - before.peak_mb,
                       (run.peak_mb - before.peak_mb) * 1e6 / static_cast<double>(line.size()),
                       run.ok ? "" : "  (refused)");
        }
    fmt::print("(peak: the child's peak resident memory less a child's that only forked, with the line)\n");
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::size_t> sizes;
    for (int i = 1; i < argc; ++i) sizes.push_back(std::stoul(argv[i]));
    if (sizes.empty()) sizes = {1000, 5000, 20000};
    const fs::path dir = fs::temp_directory_path() / fmt::format("oc_audit_scaling_{}", getpid());
    fs::create_directories(dir);
    const std::vector<json> game = readRecords(playGame(dir));
    fmt::print("base game: {} records; N records inserted after the first clock press, re-hashed\n",
               game.size());
    fmt::print("{:<7} {:>7} {:>9} {:>10} {:>9} {:>9} {:>12}\n", "kind", "N", "records", "time ms", "peak MB",
               "N ratio", "time ratio");
    for (const std::string kind : {"sync", "faster"}) {
        Run first;
        for (std::size_t n : sizes) {
            const fs::path journal = dir / fmt::format("{}_{}.jsonl", kind, n);
            inChild([&] {
                writeInserted(journal, game, kind, n);
                return true;
            });
            const Run run = inChild([&] {
                auto report = oc::audit::auditJournal(journal);
                return report && report->verified;
            });
            if (n == sizes.front()) first = run;
            fmt::print("{:<7} {:>7} {:>9} {:>10.0f} {:>9.1f} {:>9.1f} {:>12.1f}  memory x{:.2f}{}\n", kind, n,
                       game.size() + n, run.ms, run.peak_mb,
                       static_cast<double>(n) / static_cast<double>(sizes.front()), run.ms / first.ms,
                       run.peak_mb / first.peak_mb, run.ok ? "" : "  (audit failed)");
        }
    }
    fs::remove_all(dir);
    parseScaling();
    return 0;
}
