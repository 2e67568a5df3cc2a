#include "scripted_transport.hpp"

namespace oc::engine::testing {
namespace {

class ScriptedTransport final : public Transport {
  public:
    explicit ScriptedTransport(std::shared_ptr<ScriptState> state) : state_(std::move(state)) {}

    tl::expected<void, std::string> writeLine(std::string_view line) override {
        if (state_->exit) return tl::unexpected(std::string("Broken pipe"));
        state_->received.emplace_back(line);
        respond(std::string(line));
        return {};
    }

    std::vector<OutputLine> takeLines() override {
        std::vector<OutputLine> out(state_->pending.begin(), state_->pending.end());
        state_->pending.clear();
        return out;
    }
    bool outputClosed() const override { return state_->output_closed && state_->pending.empty(); }
    std::optional<ExitStatus> tryReap() override { return state_->exit; }
    ExitStatus kill() override {
        if (!state_->exit) {
            state_->killed = true;
            state_->crash(9);
        }
        return *state_->exit;
    }
    void waitForOutput(std::chrono::milliseconds /*max*/) override {}
    int pid() const override { return -1; }

  private:
    void respond(const std::string& line) {
        ScriptState& s = *state_;
        if (line == "uci" && s.answer_uci) {
            s.say("id name Scripted");
            s.say("id author Tests");
            s.say("option name Hash type spin default 16 min 1 max 1024");
            if (s.offer_ponder) s.say("option name Ponder type check default false");
            s.say("option name Style type combo default Normal var Solid var Normal");
            s.say("uciok");
        } else if (line == "isready" && s.answer_isready) {
            s.say("readyok");
        } else if (line.rfind("go", 0) == 0 && s.answer_go && line.find("ponder") == std::string::npos &&
                   line.find("infinite") == std::string::npos) {
            s.say("bestmove " + s.bestmove + (s.ponder.empty() ? "" : " ponder " + s.ponder));
        } else if (line.rfind("go ponder", 0) == 0 && s.bestmove_while_pondering) {
            s.say("bestmove " + s.bestmove);
        } else if (line == "quit" && s.exit_on_quit) {
            s.exit = ExitStatus{false, 0};
            s.output_closed = true;
        } else if (line == "stop" || line == "ponderhit") {
            s.say("bestmove " + s.bestmove);
        }
    }

    std::shared_ptr<ScriptState> state_;
};

}  // namespace

std::vector<std::string> ScriptState::sent(const std::string& prefix) const {
    std::vector<std::string> out;
    for (const auto& line : received) {
        if (line.rfind(prefix, 0) == 0) out.push_back(line);
    }
    return out;
}

TransportFactory ScriptedEngine::factory() {
    return [this](const ProcessSpec&) -> tl::expected<std::unique_ptr<Transport>, std::string> {
        auto state = std::make_shared<ScriptState>();
        if (configure) configure(*state, static_cast<int>(spawns.size()));
        spawns.push_back(state);
        return std::make_unique<ScriptedTransport>(state);
    };
}

}  // namespace oc::engine::testing
