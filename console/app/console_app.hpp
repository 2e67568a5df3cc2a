#pragma once
// The console's game: the host opens the journal, the engine process and the session; this adds the
// window's script steps and the envelope. main.cpp owns the OS clock and hands `now` in; the views get
// snapshots and give back commands.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "host/bridge_engine_link.hpp"
#include "host/eboard_thread.hpp"
#include "host/game.hpp"
#include "host/trf_import.hpp"
#include "journal_path.hpp"
#include "session/session.hpp"
#include "sim/script.hpp"
#include "ui/ui_state.hpp"

namespace oc::app {

struct GameFiles {
    std::optional<std::filesystem::path> event;  // --event: the event setup as JSON
    std::filesystem::path journal;               // --journal (default: timestamped in the working dir)
    bool resume = false;                         // --resume: continue the game the journal holds
    std::string engine;                          // --engine: used when the event file names none
    std::vector<std::string> engine_args;
    int engine_nice = 0;  // --engine-nice: the engine process runs this much below the console's priority
    // Called on the engine's reader thread when it writes something the window must see at once (a
    // bestmove, a crash): the window's loop sleeps until then rather than looking every few ms.
    std::function<void()> engine_wake;
    std::string eboard;  // --eboard PORT|auto: over the setup's `eboard` key ("": the setup's, if any)
    std::optional<host::TrfRequest> trf;  // --trf FILE --round N --player: the pairing over --event
};

// The event setup from --event, or the defaults with the --engine command, then the TRF's pairing; the
// error says what is wrong. What the TRF left for the operator goes to `notes`.
[[nodiscard]] tl::expected<event::EventSetup, std::string> loadSetup(
    const GameFiles& files, std::vector<std::string>* notes = nullptr);

class ConsoleApp {
  public:
    // Creates a new game (journal + engine + session) or resumes the one the journal holds.
    [[nodiscard]] static tl::expected<std::unique_ptr<ConsoleApp>, std::string> open(const GameFiles& files,
                                                                                     session::TimePoint now);
    ~ConsoleApp();

    // Drains the engine and checks deadlines, then copies out what the views show (with the e-board's
    // status when one is asked for).
    session::Snapshot frame(session::TimePoint now);
    // Starts the e-board's thread when --eboard or the setup asks for one; `wake` ends the window's wait
    // when the board has news.
    // An error (the brand or port refused) starts nothing; a note (a setting changed on the way) is
    // returned for the program to show.
    [[nodiscard]] tl::expected<std::string, std::string> startEboard(const std::string& port_flag,
                                                                     const std::string& brand_flag,
                                                                     std::function<void()> wake,
                                                                     session::TimePoint now);
    // Journals what the board reported and dispatches its commands as if typed (a refusal is shown as one);
    // the move the board proposes goes into the move box.
    void followBoard(session::TimePoint now, ui::UiState& ui);
    // Performs the view's commands in order; a refusal stops the rest and is shown by the view.
    void dispatch(const std::vector<session::Command>& commands, session::TimePoint now, ui::UiState& ui);
    // The running engine's name, command and option defaults for the setup screen (E.III 2.2: the options
    // are checked before the lock); filled in once its handshake is done.
    void describeEngine(ui::UiState& ui) const;
    // Whether the engine is searching, pondering or about to: its news is looked at 4 times a second.
    bool engineBusy() const { return engine_->busy(); }
    // The legal moves (UCI) in the game's position (--bench-frames plays the human's side with them).
    std::vector<std::string> legalMoves() const { return game_->session().legalMoves(); }
    // Waits for the engine to answer (script runs): returns false after `limit` without an answer.
    bool waitForEngine(session::TimePoint& now, std::chrono::milliseconds limit);
    // Applies an operator script (sim/script.hpp) before the window is shown; the error names the line.
    [[nodiscard]] tl::expected<void, std::string> runScript(const std::vector<sim::ScriptStep>& steps,
                                                            session::TimePoint& now, ui::UiState& ui);
    // Guidelines I.2: writes the adjourned game's envelope record, with field (g) as typed, next to the
    // journal (<journal name>-envelope.pdf); the outcome goes to ui.envelope_pdf_note.
    void writeEnvelope(session::TimePoint now, ui::UiState& ui, std::filesystem::path out = {});
    void writeScoresheet(ui::UiState& ui);
    // Journals what the console met that the arbiter should see (a "note" record); a journal that
    // cannot take it is said in the shell's notices.
    void recordNote(const std::string& about, const std::string& text, session::TimePoint now,
                    ui::UiState& ui);
    void shutdown(session::TimePoint now);
    const std::filesystem::path& journalPath() const { return game_->journalPath(); }
    // The session time of the last journal record: a resumed console's clock never runs behind it.
    session::TimePoint lastRecordTime() const { return game_->session().lastRecordTime(); }
    const std::vector<std::string>& startupNotes() const { return notes_; }
    // Registers another output of the game (spoken moves, ...): it sees every later record and snapshot.
    void addOutput(host::Output& output) { game_->addOutput(output); }

  private:
    ConsoleApp() = default;
    // What the host needs to open the game; the engine it starts becomes engine_.
    host::OpenRequest openRequest(const GameFiles& files);
    [[nodiscard]] tl::expected<void, std::string> scriptStep(const sim::ScriptStep& step,
                                                             session::TimePoint& now, ui::UiState& ui);
    // The window's own script directives: envelope-pdf and wait.
    [[nodiscard]] tl::expected<void, std::string> scriptDirective(const sim::Directive& d,
                                                                  session::TimePoint& now, ui::UiState& ui);
    [[nodiscard]] tl::expected<void, std::string> envelopePdf(const std::vector<std::string>& args,
                                                              session::TimePoint now, ui::UiState& ui);
    // A session command of the script, waiting first for the engine's move when it needs one.
    [[nodiscard]] tl::expected<void, std::string> scriptCommand(const sim::ScriptStep& step,
                                                                const session::Command& command,
                                                                session::TimePoint& now, ui::UiState& ui);

    // The GUI view as an output of the host: it keeps the latest snapshot the host published.
    class ViewOutput : public host::Output {
      public:
        void onRecord(const nlohmann::json&) override {}
        void onSnapshot(const session::Snapshot& snapshot, session::TimePoint) override {
            latest_ = snapshot;
        }
        const session::Snapshot& latest() const { return latest_; }

      private:
        session::Snapshot latest_;
    };

    void proposeInMoveBox(const session::Snapshot& snap, const session::EboardStatus& board, ui::UiState& ui);
    // Issue 24: a typed move the board contradicts is held back and asked about in the move pane (true);
    // once confirmed it goes ahead, and the journal notes that it overrode the board.
    void journalPressOverride(const session::cmd::HumanMove& move, session::TimePoint now, ui::UiState& ui);
    bool heldForBoard(const session::cmd::HumanMove& move, session::TimePoint now, ui::UiState& ui);

    std::unique_ptr<host::Game> game_;
    std::unique_ptr<host::EboardThread> eboard_;  // declared after game_: stopped before the game goes
    std::string proposed_text_;                   // what the board last put into the move box
    bool from_board_ = false;                     // dispatching the board's own commands: never asked
    host::BridgeEngineLink* engine_ = nullptr;    // the game's engine link, for the window's idle waits
    ViewOutput view_;
    std::vector<std::string> notes_;
    std::vector<std::string> setup_notes_;  // what --trf left for the operator
    session::TimePoint script_start_{};
};

}  // namespace oc::app
