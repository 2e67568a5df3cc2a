#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "session/engine_link.hpp"
#include "session/record_sink.hpp"
#include "session/session.hpp"
#include "sim/fake_engine.hpp"
#include "sim/operator_delay.hpp"
#include "sim/script.hpp"
#include "sim/script_resume.hpp"

namespace oc::sim {

// The simulation plays the session through its public vocabulary (commands, snapshots, engine link).
using namespace oc::session;  // NOLINT(google-build-using-namespace)

// Who plays the human's side in a headless game.
enum class HumanKind { Random, Engine, Script };

struct DriverOptions {
    HumanKind human = HumanKind::Random;
    std::vector<ScriptStep> script;         // HumanKind::Script
    EngineLink* human_engine = nullptr;     // HumanKind::Engine
    FakeEngine* scripted_engine = nullptr;  // receives the script's "engine" directives, if any
    std::uint64_t seed = 1;
    double delay_median_s = 0, delay_p99_s = 0;  // operator handling delays (0: none)
    int max_plies = 0;                           // 0: no limit
    std::ostream* verbose = nullptr;             // one line per move when set
    // Real engines deliver their moves in real time: the driver waits for them with this.
    std::function<void()> wait_for_engine;
    // E.III 2.2: a setup changed before the game is what the engine must play with: the engine is
    // started again with it, as the window's bridge does (called after an accepted "setup" line that
    // changed the engine's settings).
    std::function<void(const event::EngineSettings&, TimePoint)> setup_changed;
    // Crash recovery of a script: the journal gets the script's digest and a record as each line
    // starts (script_resume.hpp); `resume` continues a killed run there.
    RecordSink* journal = nullptr;
    std::string script_digest;
    std::optional<ScriptResume> resume;
};

struct DriverResult {
    bool ok = true;
    std::string error;  // a script step that failed, with its line
    int plies = 0;
};

// Plays a game headlessly in simulated time: the human's side (random, a second engine or a script)
// and the operator's routine steps (made, pressed, recorded) with seeded delays; an arbiter confirms a
// flag that falls on the mirror clock. Resumable: every choice depends only on (seed, ply).
class Driver {
  public:
    Driver(Session& session, EngineLink& engine, DriverOptions options, TimePoint now);
    // Runs until the game ends, the ply limit, or the script is exhausted.
    DriverResult run();
    TimePoint now() const { return now_; }

  private:
    bool step();
    bool autoStep(const Snapshot& s);
    bool humanTurn(const Snapshot& s);
    bool randomHuman(const Snapshot& s);
    bool engineHuman(const Snapshot& s);
    bool scriptStep();
    bool retryAfterRoutine(const ScriptStep& st);
    bool prepareLine(const ScriptStep& st);
    tl::expected<Command, std::string> lineCommand(const ScriptStep& st) const;
    bool dispatchLine(const ScriptStep& st, const Command& c);
    void awaitEngineHandshake();
    void nextStep();
    bool applyTiming(const ScriptStep& st);
    bool journalLine(const ScriptStep& st);
    bool journalScript();
    void restoreScript(const ScriptResume& r);
    void resumeEngine(const ScriptResume& r);
    using Args = std::vector<std::string>;
    struct DirectiveEntry;
    bool directive(const Directive& d, int line);
    bool engineMove(const Args& a, int line);
    bool engineNoPonder(const Args& a, int line);
    bool engineCrash(const Args& a, int line);
    bool engineRequest(const Args& a, int line);
    bool waitDone(const Args& a, int line);
    bool until(const Args& a, int line);
    bool expect(const Args& args, int line);
    bool qpfExport(const Args& a, int line);
    bool envelopePdf(const Args& a, int line);
    bool checkFlags(const Snapshot& s);
    void advance(Ms d) { now_ += d; }
    Ms delay(std::uint64_t stream, std::uint64_t index) const;
    void report(const Snapshot& before);
    bool fail(int line, const std::string& what);

    Session& session_;
    EngineLink& engine_;
    DriverOptions opt_;
    TimePoint now_;
    TimePoint start_;
    std::optional<DelayModel> delays_;
    std::size_t next_step_ = 0;
    bool timing_applied_ = false;
    bool line_journalled_ = false;  // this attempt's script_line record is written
    bool routine_due_ = false;      // resumed in a refused line's retry: the routine step comes first
    int attempt_ = 0;               // refused attempts of the current line
    std::string last_rejection_;
    std::size_t reported_plies_ = 0;
    bool human_searching_ = false;
    std::uint64_t human_search_id_ = 0;
    DriverResult result_;
};

}  // namespace oc::sim
