// Opening a game for both programs: the one place that creates or resumes a journal (a fix to it, like
// starting afresh in a journal cut before its first record, lands once for the GUI and the CLI).
#include "host/game.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "host/wall_clock.hpp"
#include "i18n/tr.hpp"
#include "session/journal_header.hpp"
#include "session/journal_sink.hpp"

namespace oc::host {

// The session writes here: the journal first, then (once durable) every output.
class Game::Publisher : public session::RecordSink {
  public:
    Publisher(session::RecordSink& journal, const std::vector<Output*>& outputs)
        : journal_(journal), outputs_(outputs) {}
    tl::expected<void, std::string> append(const nlohmann::json& record) override {
        auto ok = journal_.append(record);
        if (ok)
            for (Output* out : outputs_) out->onRecord(record);
        return ok;
    }

  private:
    session::RecordSink& journal_;
    const std::vector<Output*>& outputs_;
};

namespace {

using i18n::translateMessage;
using i18n::trf;

// Every message here is for the operator, in the UI language; what the session, the journal or the
// program's own setup said (English by design) goes through translateMessage.
OpenError refused(std::string message) {
    return {OpenError::Kind::Refused, translateMessage(message)};
}
OpenError journalError(const std::filesystem::path& path, const std::string& message) {
    return {OpenError::Kind::Journal, fmt::format("{}: {}", path.string(), translateMessage(message))};
}

}  // namespace

Game::Game() = default;
Game::~Game() = default;

tl::expected<std::unique_ptr<Game>, OpenError> Game::open(const OpenRequest& request,
                                                          session::TimePoint now) {
    std::unique_ptr<Game> game(new Game());
    // Nothing durable yet (stopped while the journal was created): a new game starts in the same file.
    const bool resume = request.resume && !journal::journalHoldsNoRecord(request.journal);
    if (request.resume && !resume && std::filesystem::exists(request.journal)) {
        game->notes_.push_back(trf(
            "{} held no complete record (the program stopped while creating it): a new game starts in it.",
            request.journal.string()));
        std::error_code ignored;
        std::filesystem::remove(request.journal, ignored);
    }
    auto ok = resume ? game->resume(request, now) : game->startNew(request, now);
    if (!ok) return tl::make_unexpected(ok.error());
    return game;
}

tl::expected<void, OpenError> Game::startNew(const OpenRequest& request, session::TimePoint now) {
    if (std::filesystem::exists(request.journal))
        return tl::make_unexpected(
            refused(trf("{} exists; continue it with --resume", request.journal.string())));
    // The setup and the engine first: a game that cannot start leaves no journal behind.
    auto setup = setupAndEngine(request);
    if (!setup) return tl::make_unexpected(setup.error());
    auto writer =
        journal::JournalWriter::create(request.journal, session::journalHeader(request.app), wallNow(),
                                       std::chrono::duration_cast<journal::MonoTime>(now.time_since_epoch()));
    if (!writer) return tl::make_unexpected(journalError(request.journal, writer.error().message));
    journal_ = std::make_unique<session::JournalSink>(std::move(*writer), wallNow);
    publisher_ = std::make_unique<Publisher>(*journal_, outputs_);
    return createSession(*setup, now);
}

tl::expected<event::EventSetup, OpenError> Game::setupAndEngine(const OpenRequest& request) {
    auto setup = request.setup();
    if (!setup) return tl::make_unexpected(refused(setup.error()));
    auto engine = request.start_engine(setup->engine);
    if (!engine) return tl::make_unexpected(OpenError{OpenError::Kind::Engine, engine.error()});
    engine_ = std::move(*engine);
    return *setup;
}

tl::expected<void, OpenError> Game::createSession(const event::EventSetup& setup, session::TimePoint now) {
    auto s = session::Session::create(setup, *publisher_, *engine_, now);
    if (!s) return tl::make_unexpected(refused(s.error()));
    session_ = std::move(*s);
    return {};
}

tl::expected<void, OpenError> Game::resume(const OpenRequest& request, session::TimePoint now) {
    if (request.check_resume) {
        // Checked before anything is written: a resume that does not fit changes nothing.
        auto contents = journal::readJournal(request.journal);
        auto records = contents ? session::sessionRecords(*contents) : std::vector<nlohmann::json>{};
        if (contents)
            if (auto fits = request.check_resume(records); !fits)
                return tl::make_unexpected(
                    refused(fmt::format("{}: {}", request.journal.string(), fits.error())));
    }
    auto resumed = journal::JournalWriter::resume(request.journal);
    if (!resumed) return tl::make_unexpected(journalError(request.journal, resumed.error().message));
    for (const auto& w : resumed->contents.warnings) notes_.push_back(translateMessage(w));
    const auto records = session::sessionRecords(resumed->contents);
    journal_ = std::make_unique<session::JournalSink>(std::move(resumed->writer), wallNow);
    publisher_ = std::make_unique<Publisher>(*journal_, outputs_);
    // A crash right after the header: no game record is durable yet, so the game starts in this file.
    if (records.empty()) {
        auto setup = setupAndEngine(request);
        if (!setup) return tl::make_unexpected(setup.error());
        return createSession(*setup, now);
    }
    // The setup record the session writes first: the engine link must exist before the replay.
    auto setup = session::journalSetup(records);
    if (!setup) return tl::make_unexpected(journalError(request.journal, setup.error()));
    auto engine = request.start_engine(setup->engine);
    if (!engine) return tl::make_unexpected(OpenError{OpenError::Kind::Engine, engine.error()});
    engine_ = std::move(*engine);
    auto s = session::Session::restore(records, *publisher_, *engine_);
    if (!s) return tl::make_unexpected(OpenError{OpenError::Kind::Journal, translateMessage(s.error())});
    session_ = std::move(*s);
    restored_ = records.size();
    // Every resume is on the record: which program, after which record (the journal adds the wall
    // time). Never before the journal's last record, engine lines included (written when a search ends,
    // after the session's own last record), even if this PC's monotonic clock restarted.
    const std::uint64_t from_seq = resumed->contents.records.back().seq;
    const auto at = std::max({now, session_->lastRecordTime(), session::latestRecordTime(resumed->contents)});
    auto noted = session_->recordResume(request.app, from_seq, at);
    if (!noted) return tl::make_unexpected(journalError(request.journal, noted.error().message));
    return {};
}

void Game::addOutput(Output& output) {
    outputs_.push_back(&output);
}

void Game::poll(session::TimePoint now) {
    session_->poll(now);
    publish(now);
}

tl::expected<void, session::Rejection> Game::dispatch(const session::Command& command,
                                                      session::TimePoint now) {
    auto done = session_->dispatch(command, now);
    publish(now);
    return done;
}

void Game::publish(session::TimePoint now) {
    if (outputs_.empty()) return;
    const session::Snapshot snap = session_->snapshot(now);
    for (Output* out : outputs_) out->onSnapshot(snap, now);
}

session::RecordSink& Game::records() {
    return *publisher_;
}

const std::filesystem::path& Game::journalPath() const {
    return journal_->writer().path();
}

}  // namespace oc::host
