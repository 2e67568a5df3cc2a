#include "process_helpers.hpp"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

namespace oc::engine::testing {

bool Pump::until(const std::function<bool(const EngineEvent&)>& pred, Millis limit) {
    const auto end = SteadyClock::now() + limit;
    while (SteadyClock::now() < end) {
        engine_.waitForActivity(Millis{20});
        bool hit = false;
        for (auto& e : engine_.poll(SteadyClock::now())) {
            hit = hit || pred(e);
            events_.push_back(std::move(e));
        }
        if (hit) return true;
    }
    return false;
}

std::vector<Fault> Pump::faults(FaultKind kind) const {
    std::vector<Fault> out;
    for (const auto& e : all<FaultEvent>()) {
        if (e.fault.kind == kind) out.push_back(e.fault);
    }
    return out;
}

namespace {

// /proc/<pid>/stat: "pid (comm) S ppid ..."; comm may hold spaces and parentheses.
bool readStat(const std::filesystem::path& stat, char& state, int& ppid) {
    std::ifstream in(stat);
    if (!in) return false;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos || close + 4 >= text.size()) return false;
    state = text[close + 2];
    ppid = std::stoi(text.substr(close + 4));
    return true;
}

}  // namespace

int zombieChildren() {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        char state = 0;
        int ppid = 0;
        const auto name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        if (!readStat(entry.path() / "stat", state, ppid)) continue;
        if (ppid == ::getpid() && state == 'Z') ++count;
    }
    return count;
}

bool reaped(int pid) {
    char state = 0;
    int ppid = 0;
    if (!readStat("/proc/" + std::to_string(pid) + "/stat", state, ppid)) return true;
    return ppid != ::getpid();
}

std::string tempPath(const std::string& stem) {
    static std::atomic<int> counter{0};
    return (std::filesystem::temp_directory_path() /
            ("oc_engine_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + "_" + stem))
        .string();
}

std::vector<std::string> readLines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace oc::engine::testing
