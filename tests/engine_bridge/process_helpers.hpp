#pragma once
// Helpers for tests that run real processes: a real-time event pump and /proc checks for zombies.

#include <functional>
#include <string>
#include <vector>

#include "engine_bridge/engine.hpp"

namespace oc::engine::testing {

// Collects every event; until() polls with the real clock until `pred` holds for an event or `limit`.
class Pump {
  public:
    explicit Pump(Engine& engine) : engine_(engine) {}
    bool until(const std::function<bool(const EngineEvent&)>& pred, Millis limit);
    template <typename T>
    bool untilEvent(Millis limit) {
        return until([](const EngineEvent& e) { return std::holds_alternative<T>(e); }, limit);
    }
    template <typename T>
    std::vector<T> all() const {
        std::vector<T> out;
        for (const auto& e : events_) {
            if (const auto* v = std::get_if<T>(&e)) out.push_back(*v);
        }
        return out;
    }
    std::vector<Fault> faults(FaultKind kind) const;

  private:
    Engine& engine_;
    std::vector<EngineEvent> events_;
};

// Children of this test process that are zombies (exited, not reaped).
int zombieChildren();
// True when /proc has no process `pid`, or it is not our child any more.
bool reaped(int pid);
// A fresh path under the temp dir (not created).
std::string tempPath(const std::string& stem);
// The file's lines.
std::vector<std::string> readLines(const std::string& path);

}  // namespace oc::engine::testing
