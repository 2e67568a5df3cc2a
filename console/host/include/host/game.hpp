#pragma once
// What both programs (operator-console, operator-cli) do around a game: open a new journal or resume the
// one given, start the engine link, create or restore the session, and publish the game to its outputs.
// The programs keep only their arguments and their own screen.

#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "session/journal_sink.hpp"
#include "session/session.hpp"

namespace oc::host {

// Something that follows the game as it happens: the GUI view today; a broadcast, spoken moves or an
// electronic board next. Implement it and register it with Game::addOutput.
class Output {
  public:
    virtual ~Output() = default;
    // A record the session wrote, called once it is durable in the journal (never for a refused write).
    virtual void onRecord(const nlohmann::json& record) = 0;
    // The game as it stands at `now`, after every poll and dispatch through the host.
    virtual void onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) = 0;
};

// Starts the engine link a game needs (the process bridge, or the in-process fake for simulations).
using EngineStarter = std::function<tl::expected<std::unique_ptr<session::EngineLink>, std::string>(
    const event::EngineSettings& settings)>;

struct OpenRequest {
    std::filesystem::path journal;
    bool resume = false;  // continue the game the journal holds (after a crash or power cut)
    std::string app;      // the journal header's "app", e.g. "operator-console"
    // The setup of a new game; asked only when a new game starts (also in a resumed journal that holds
    // no game record yet).
    std::function<tl::expected<event::EventSetup, std::string>()> setup;
    EngineStarter start_engine;
    // Resuming: called with the journal's game records before anything is written; an error refuses the
    // resume and leaves the file as it was (e.g. a script that does not fit the journal).
    std::function<tl::expected<void, std::string>(const std::vector<nlohmann::json>& records)> check_resume;
};

struct OpenError {
    enum class Kind { Refused, Journal, Engine };  // bad request / unusable journal / no engine
    Kind kind = Kind::Refused;
    std::string message;  // what is wrong and with which file
};

class Game {
  public:
    // Creates the journal and a new game, or (resume) restores the game the journal holds. A journal
    // whose creation was cut before any record was durable starts afresh (noted in notes()).
    [[nodiscard]] static tl::expected<std::unique_ptr<Game>, OpenError> open(const OpenRequest& request,
                                                                             session::TimePoint now);
    ~Game();
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    // Registers an output; it sees every later record and snapshot. It must outlive the game.
    void addOutput(Output& output);
    // Session::poll then publishes the snapshot.
    void poll(session::TimePoint now);
    // Session::dispatch then publishes the snapshot (refused or not).
    [[nodiscard]] tl::expected<void, session::Rejection> dispatch(const session::Command& command,
                                                                  session::TimePoint now);
    // Sends the snapshot at `now` to every output.
    void publish(session::TimePoint now);

    session::Session& session() { return *session_; }
    const session::Session& session() const { return *session_; }
    session::EngineLink& engine() { return *engine_; }
    // Where the session's records go: the journal, then the outputs (the driver journals script lines).
    session::RecordSink& records();
    const std::filesystem::path& journalPath() const;
    // Warnings and what happened on opening (a torn tail dropped, a new game in an empty journal, ...).
    const std::vector<std::string>& notes() const { return notes_; }
    // The records a resumed game was restored from (empty for a new game).
    std::size_t restoredRecords() const { return restored_; }

  private:
    class Publisher;
    Game();
    [[nodiscard]] tl::expected<void, OpenError> startNew(const OpenRequest& request, session::TimePoint now);
    [[nodiscard]] tl::expected<void, OpenError> resume(const OpenRequest& request, session::TimePoint now);
    [[nodiscard]] tl::expected<event::EventSetup, OpenError> setupAndEngine(const OpenRequest& request);
    [[nodiscard]] tl::expected<void, OpenError> createSession(const event::EventSetup& setup,
                                                              session::TimePoint now);

    std::unique_ptr<session::JournalSink> journal_;
    std::unique_ptr<Publisher> publisher_;
    std::unique_ptr<session::EngineLink> engine_;
    std::unique_ptr<session::Session> session_;
    std::vector<Output*> outputs_;
    std::vector<std::string> notes_;
    std::size_t restored_ = 0;
};

}  // namespace oc::host
