// The arbiter's audit of a 300-ply game (issue 14: at most 1 s), as a ratio to `journal verify` of the
// same file (readJournal: read, parse and check the hash chain) in the same process.
// Usage: audit_bench [JOURNAL]; without one it plays a 300-ply game with operator-cli (built-in engine,
// operator delays) into a temporary file.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "../timing.hpp"
#include "audit/audit.hpp"
#include "journal/journal.hpp"

namespace {

std::filesystem::path playGame() {
    auto path = std::filesystem::temp_directory_path() / "oc_audit_bench_300.jsonl";
    std::filesystem::remove(path);
    std::string cmd = fmt::format(
        "{} play --engine fake --engine-side black --tc '40/90m+30s, 30m+30s' --human random --seed 7 "
        "--max-plies 300 --operator-delay 4,15 --journal {} >/dev/null",
        OC_OPERATOR_CLI, path.string());
    if (std::system(cmd.c_str()) != 0) fmt::print(stderr, "could not play the game: {}\n", cmd);
    return path;
}

}  // namespace

int main(int argc, char** argv) {
    const bool generated = argc < 2;
    const std::filesystem::path journal = generated ? playGame() : std::filesystem::path(argv[1]);
    auto report = oc::audit::auditJournal(journal);
    if (!report) return fmt::print(stderr, "{}: {}\n", journal.string(), report.error()), 2;
    constexpr int kRuns = 15;
    auto verify = oc::bench::sortedTimesMs([&] { (void)oc::journal::readJournal(journal); }, kRuns);
    auto audit = oc::bench::sortedTimesMs([&] { (void)oc::audit::auditJournal(journal); }, kRuns);
    double v = verify[kRuns / 2], a = audit[kRuns / 2];
    fmt::print("journal {}: {} records, {} plies, {} KiB\n", journal.string(), report->records,
               report->series.plies, std::filesystem::file_size(journal) / 1024);
    fmt::print("journal verify (readJournal): median {:.1f} ms, max {:.1f} ms\n", v, verify.back());
    fmt::print("journal audit  (auditJournal): median {:.1f} ms, max {:.1f} ms  = {:.1f} x verify\n", a,
               audit.back(), a / v);
    fmt::print("target: audit <= 1000 ms: {}\n", audit.back() <= 1000 ? "met (max)" : "NOT met (max)");
    if (generated) std::filesystem::remove(journal);
    return 0;
}
