#pragma once
// An in-process UCI engine for controller tests: answers commands from a script, no process, no threads.

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "engine_bridge/transport.hpp"

namespace oc::engine::testing {

// What one scripted "process" saw and what it still has to say. Shared with the test.
struct ScriptState {
    std::vector<std::string> received;
    std::deque<OutputLine> pending;
    std::optional<ExitStatus> exit;  // set: the process has ended
    bool output_closed = false;
    bool killed = false;
    bool answer_uci = true;
    bool answer_isready = true;
    bool exit_on_quit = true;
    bool bestmove_while_pondering = false;  // a UCI slip some engines make
    bool answer_go = true;                  // answer `go` (non-ponder, non-infinite) at once
    bool offer_ponder = true;               // list the UCI option Ponder at the handshake
    std::string bestmove = "e2e4";
    std::string ponder;

    void say(std::string line) { pending.push_back({Stream::Stdout, std::move(line), false}); }
    void crash(int signal_number) {
        exit = ExitStatus{true, signal_number};
        output_closed = true;
    }
    // Received lines starting with `prefix`.
    std::vector<std::string> sent(const std::string& prefix) const;
};

// The events of one kind, in order (works for engine and session event variants alike).
template <typename T, typename Variant>
std::vector<T> eventsOf(const std::vector<Variant>& events) {
    std::vector<T> out;
    for (const auto& e : events) {
        if (const auto* v = std::get_if<T>(&e)) out.push_back(*v);
    }
    return out;
}

// Creates ScriptStates for every spawn; `configure` can change each new one (e.g. the first crashes).
class ScriptedEngine {
  public:
    std::function<void(ScriptState&, int spawn_index)> configure;
    std::vector<std::shared_ptr<ScriptState>> spawns;
    TransportFactory factory();
};

}  // namespace oc::engine::testing
