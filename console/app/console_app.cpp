#include "console_app.hpp"

#include <fmt/format.h>

#include <thread>

#include "host/input_file.hpp"
#include "i18n/mark.hpp"
#include "i18n/tr.hpp"
#include "journal/journal.hpp"
#include "print/documents.hpp"
#include "session/journal_header.hpp"
#include "session/local_time.hpp"

namespace oc::app {

namespace {

using session::Phase;

bool needsEngineAnswer(const session::Command& c) {
    return std::holds_alternative<session::cmd::MadeOnBoard>(c) ||
           std::holds_alternative<session::cmd::SealComputerMove>(c);
}

// The engine process, and (for every restart too) the window's wake-up on its urgent output.
engine::TransportFactory wakingFactory(std::function<void()> wake) {
    return [wake = std::move(wake)](const engine::ProcessSpec& spec) {
        auto transport = engine::spawnProcess(spec);
        if (transport && wake) (*transport)->setWakeHook(wake);
        return transport;
    };
}

// "Import from TRF…" (issue 38): the pairing fills the setup form's draft; an error changes nothing.
void importTrfIntoDraft(ui::UiState& ui) {
    ui::TrfImportForm& f = ui.trf_import;
    f.notes.clear();
    f.error.clear();
    f.imported = false;
    if (!ui.setup_draft) return;
    event::EventSetup draft = *ui.setup_draft;
    auto done = host::importTrf({f.path, f.round, f.player}, draft);
    if (!done) {
        f.error = done.error();
        return;
    }
    ui.setup_draft = std::move(draft);
    f.notes = done->notes;
    f.imported = true;
}

// --trf: the round's pairing over the setup (issue 38); its notes say what it left.
tl::expected<void, std::string> takeTrf(const GameFiles& files, event::EventSetup& setup,
                                        std::vector<std::string>* notes) {
    if (!files.trf) return {};
    auto import = host::importTrf(*files.trf, setup);
    if (!import) return tl::make_unexpected(import.error());
    if (notes) notes->insert(notes->end(), import->notes.begin(), import->notes.end());
    return {};
}

}  // namespace

tl::expected<event::EventSetup, std::string> loadSetup(const GameFiles& files,
                                                       std::vector<std::string>* notes) {
    event::EventSetup setup;
    if (files.event) {
        // Bounded in size and depth: a wrong file or one nested thousands deep is refused, not a crash.
        auto json = host::readSetupJson(*files.event);
        if (!json) {
            return tl::make_unexpected(json.error());
        }
        // An event file without an engine gets the one from the command line (--engine).
        if ((!json->contains("engine") || !(*json)["engine"].contains("command"))) {
            (*json)["engine"]["command"] = files.engine;
            (*json)["engine"]["args"] = files.engine_args;
        }
        auto parsed = event::eventSetupFromJson(*json);
        if (!parsed) {
            return tl::make_unexpected(
                fmt::format("{}: {}", files.event->string(), i18n::translateMessage(parsed.error())));
        }
        setup = *parsed;
    }
    if (setup.engine.command.empty()) {
        setup.engine.command = files.engine;
        setup.engine.args = files.engine_args;
    }
    if (auto ok = takeTrf(files, setup, notes); !ok) return tl::make_unexpected(ok.error());
    return setup;
}

host::OpenRequest ConsoleApp::openRequest(const GameFiles& files) {
    host::OpenRequest req;
    req.journal = files.journal;
    req.resume = files.resume;
    req.app = "operator-console";
    req.setup = [this, &files] { return loadSetup(files, &setup_notes_); };
    // The window runs in real time: the bridge starts the engine without blocking the first frame.
    req.start_engine = [this, &files](const event::EngineSettings& settings)
        -> tl::expected<std::unique_ptr<session::EngineLink>, std::string> {
        host::BridgeOptions options;
        options.nice = files.engine_nice;  // the console keeps answering under full engine load
        auto bridge =
            std::make_unique<host::BridgeEngineLink>(settings, options, wakingFactory(files.engine_wake));
        engine_ = bridge.get();
        return bridge;
    };
    return req;
}

tl::expected<std::unique_ptr<ConsoleApp>, std::string> ConsoleApp::open(const GameFiles& files,
                                                                        session::TimePoint now) {
    std::unique_ptr<ConsoleApp> app(new ConsoleApp());
    auto game = host::Game::open(app->openRequest(files), now);
    if (!game) return tl::make_unexpected(game.error().message);
    app->game_ = std::move(*game);
    app->game_->addOutput(app->view_);
    app->notes_ = app->game_->notes();
    app->notes_.insert(app->notes_.end(), app->setup_notes_.begin(), app->setup_notes_.end());
    if (app->game_->restoredRecords() > 0) {
        // In English (N_): the language is chosen from the journal's setup after this; the notices pane
        // and the shell show it through i18n::translateMessage.
        app->notes_.push_back(
            fmt::format(i18n::N_("Resumed {} records from {}: re-synchronise to the table clock."),
                        app->game_->restoredRecords(), files.journal.string()));
    }
    return app;
}

ConsoleApp::~ConsoleApp() = default;

session::Snapshot ConsoleApp::frame(session::TimePoint now) {
    game_->poll(now);  // publishes the snapshot to the outputs, the view among them
    session::Snapshot snap = view_.latest();
    if (eboard_) snap.eboard = eboard_->status();
    return snap;
}

tl::expected<std::string, std::string> ConsoleApp::startEboard(const std::string& port_flag,
                                                               const std::string& brand_flag,
                                                               std::function<void()> wake,
                                                               session::TimePoint now) {
    auto config = host::eboardConfig(game_->session().snapshot(now).setup, port_flag, brand_flag);
    if (!config) return tl::make_unexpected(config.error());
    if (!*config) return std::string();
    std::string note = (*config)->note;
    eboard_ = std::make_unique<host::EboardThread>(std::move(**config), std::move(wake));
    game_->addOutput(*eboard_);
    game_->publish(now);  // the board learns at once what it must show
    return note;
}

void ConsoleApp::followBoard(session::TimePoint now, ui::UiState& ui) {
    if (!eboard_) return;
    for (host::EboardItem& item : eboard_->take(now)) {
        if (auto* record = std::get_if<nlohmann::json>(&item)) {
            if (auto ok = game_->session().recordEboard(*record, now); !ok)
                ui.shell_notices.push_back(ok.error().message);
            continue;
        }
        session::Command command = std::move(std::get<session::Command>(item));
        // After the end (a press or a reading at checkmate) the board's commands mean nothing: dropped
        // quietly, the "eboard" record keeps what the board did.
        if (host::boardCommandOutsideTheGame(game_->session().snapshot(now))) continue;
        // A move from the board carries the operator's "(=)" tick exactly as a typed one (Art. 9.1).
        if (auto* move = std::get_if<session::cmd::HumanMove>(&command)) move->draw_offer = ui.draw_offer;
        from_board_ = true;
        dispatch({std::move(command)}, now, ui);
        from_board_ = false;
    }
    const session::Snapshot snap = game_->session().snapshot(now);
    if (snap.phase != Phase::HumanToMove) ui.board_question.reset();  // the question went with the turn
    proposeInMoveBox(snap, eboard_->status(), ui);
}

// The board's proposal fills the move box as a click on the board would, in the event's notation; it
// never overwrites what the operator typed (typing always wins), and goes when the board withdraws it.
void ConsoleApp::proposeInMoveBox(const session::Snapshot& snap, const session::EboardStatus& board,
                                  ui::UiState& ui) {
    std::string text;
    if (snap.phase == Phase::HumanToMove)
        for (const session::EntryMove& m : snap.entry_moves)
            if (m.uci == board.proposed_uci) text = m.text;
    const bool ours = ui.move_text.empty() || ui.move_text == proposed_text_;
    if (text == proposed_text_ || !ours) {
        if (!ours) proposed_text_.clear();
        return;
    }
    ui.move_text = text;
    ++ui.move_box_generation;  // ImGui drops its own copy of the old text
    proposed_text_ = text;
}

namespace {

// The question names the moves in the event's notation; the sentences stay English for the catalogue.
ui::BoardQuestion questionOf(const host::TypedConflict& c, const session::Snapshot& snap,
                             const std::string& typed) {
    ui::BoardQuestion q{typed, c.board_uci, c.board_unchanged, c.differences};
    for (const session::EntryMove& m : snap.entry_moves)
        if (m.uci == c.board_uci) q.board_move = m.text;
    return q;
}

}  // namespace

bool ConsoleApp::heldForBoard(const session::cmd::HumanMove& move, session::TimePoint now, ui::UiState& ui) {
    if (!eboard_ || from_board_) return false;
    const session::Snapshot snap = game_->session().snapshot(now);
    const auto conflict = host::typedAgainstBoard(snap, eboard_->status(), move.text);
    const bool confirmed = std::exchange(ui.board_override, false) && ui.board_question &&
                           ui.board_question->typed_text == move.text;
    if (!conflict) {
        ui.board_question.reset();
        return false;
    }
    if (!confirmed) {
        ui.board_question = questionOf(*conflict, snap, move.text);
        return true;
    }
    ui.board_question.reset();
    if (auto ok = game_->session().recordEboard(host::overrideRecord(*conflict), now); !ok)
        ui.shell_notices.push_back(ok.error().message);
    return false;
}

// Issue 34: the operator entered the board's move without the human's press (commit: lever); the
// journal says so, with what the board showed.
void ConsoleApp::journalPressOverride(const session::cmd::HumanMove& move, session::TimePoint now,
                                      ui::UiState& ui) {
    const session::EboardStatus board = eboard_ ? eboard_->status() : session::EboardStatus{};
    const nlohmann::json record{{"event", "press_override"},
                                {"text", move.text},
                                {"board_uci", board.proposed_uci},
                                {"fen", board.board_fen}};
    if (auto ok = game_->session().recordEboard(record, now); !ok)
        ui.shell_notices.push_back(ok.error().message);
}

void ConsoleApp::dispatch(const std::vector<session::Command>& commands, session::TimePoint now,
                          ui::UiState& ui) {
    if (ui.envelope_pdf_requested) {
        ui.envelope_pdf_requested = false;
        writeEnvelope(now, ui);
    }
    if (std::exchange(ui.scoresheet_pdf_requested, false)) writeScoresheet(ui);
    if (std::exchange(ui.trf_import.asked, false)) importTrfIntoDraft(ui);
    const bool press_override = !from_board_ && std::exchange(ui.press_override, false);
    for (const session::Command& c : commands) {
        const auto* move = std::get_if<session::cmd::HumanMove>(&c);
        if (move && heldForBoard(*move, now, ui)) return;
        if (move && press_override) journalPressOverride(*move, now, ui);
        auto done = game_->dispatch(c, now);
        if (!done) {
            ui::noteOutcome(ui, c, &done.error().message);
            return;
        }
        ui::noteOutcome(ui, c, nullptr);
        // A new engine in the setup form: the bridge takes it before the game (refused during one).
        if (const auto* update = std::get_if<session::cmd::UpdateSetup>(&c)) {
            engine_->reconfigure(update->setup.engine, now);
        }
    }
}

void ConsoleApp::describeEngine(ui::UiState& ui) const {
    ui.engine_identity = engine_->identity().name;
    ui.engine_command = engine_->command();
    ui.engine_defaults.clear();
    for (const engine::Option& o : engine_->offeredOptions()) {
        if (o.type != engine::OptionType::Button)
            ui.engine_defaults.push_back({o.name, o.default_value.value_or("")});
    }
}

bool ConsoleApp::waitForEngine(session::TimePoint& now, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto before = std::chrono::steady_clock::now();
        engine_->waitForActivity(std::chrono::milliseconds(50));
        now += std::chrono::steady_clock::now() - before;
        game_->session().poll(now);
        if (game_->session().snapshot(now).phase != Phase::EngineThinking) {
            return true;
        }
    }
    return false;
}

// As operator-cli's: "envelope-pdf FILE [resumption TEXT]" (Guidelines I.2 (g)).
tl::expected<void, std::string> ConsoleApp::envelopePdf(const std::vector<std::string>& a,
                                                        session::TimePoint now, ui::UiState& ui) {
    if (a.empty() || a.size() == 2 || (a.size() > 2 && a[1] != "resumption")) {
        return tl::make_unexpected(i18n::tr("usage: envelope-pdf FILE [resumption DATE TIME VENUE]"));
    }
    ui.envelope_resumption.clear();
    for (std::size_t i = 2; i < a.size(); ++i) {
        ui.envelope_resumption += (i > 2 ? " " : "") + a[i];
    }
    if (a.size() > 2) {
        dispatch({session::cmd::EnvelopeResumption{ui.envelope_resumption}}, now,
                 ui);  // journalled, as typed
    }
    writeEnvelope(now, ui, a[0]);
    if (ui.envelope_pdf_failed) return tl::make_unexpected(ui.envelope_pdf_note);
    return {};
}

tl::expected<void, std::string> ConsoleApp::scriptDirective(const sim::Directive& d, session::TimePoint& now,
                                                            ui::UiState& ui) {
    if (d.name == "envelope-pdf") return envelopePdf(d.args, now, ui);
    if (d.name == "wait") {
        if (!waitForEngine(now, std::chrono::seconds(60))) {
            return tl::make_unexpected(i18n::tr("the engine did not answer within 60 s"));
        }
        return {};
    }
    return tl::make_unexpected(i18n::trf("'{}' needs the scripted engine of operator-cli", d.name));
}

tl::expected<void, std::string> ConsoleApp::scriptCommand(const sim::ScriptStep& step,
                                                          const session::Command& command,
                                                          session::TimePoint& now, ui::UiState& ui) {
    if (needsEngineAnswer(command) && !waitForEngine(now, std::chrono::seconds(60))) {
        return tl::make_unexpected(i18n::tr("the engine did not answer within 60 s"));
    }
    session::Command c = command;
    if (auto* move = std::get_if<session::cmd::HumanMove>(&c); move && step.pressed_before) {
        move->pressed_at = now - *step.pressed_before;
    }
    dispatch({c}, now, ui);
    const bool refused = !ui.rejection.empty();
    if (const auto* move = std::get_if<session::cmd::HumanMove>(&c); move && refused) {
        ui.move_text = move->text;  // as if typed: the refused text stays in the box to be fixed
    }
    if (refused != step.expect_rejection) {
        return tl::make_unexpected(refused
                                       ? i18n::trf("refused: {}", i18n::translateMessage(ui.rejection))
                                       : std::string(i18n::tr("expected a refusal, but it was accepted")));
    }
    game_->session().poll(now);
    return {};
}

tl::expected<void, std::string> ConsoleApp::scriptStep(const sim::ScriptStep& step, session::TimePoint& now,
                                                       ui::UiState& ui) {
    if (step.advance) {
        now += *step.advance;
    }
    if (step.at && script_start_ + *step.at > now) {
        now = script_start_ + *step.at;  // "@T": T after the script started (never backwards)
    }
    if (const auto* d = std::get_if<sim::Directive>(&step.action)) {
        return scriptDirective(*d, now, ui);
    }
    return scriptCommand(step, std::get<session::Command>(step.action), now, ui);
}

tl::expected<void, std::string> ConsoleApp::runScript(const std::vector<sim::ScriptStep>& steps,
                                                      session::TimePoint& now, ui::UiState& ui) {
    script_start_ = now;
    for (const sim::ScriptStep& step : steps) {
        if (auto ok = scriptStep(step, now, ui); !ok) {
            return tl::make_unexpected(i18n::trf("script line {}: {}", step.line, ok.error()));
        }
    }
    return {};
}

void ConsoleApp::writeEnvelope(session::TimePoint now, ui::UiState& ui, std::filesystem::path out) {
    // "Adjourned at": the sealing record's time in the journal, in the event's (this computer's) zone.
    std::string at, key;
    if (auto contents = journal::readJournal(journalPath())) {
        for (const auto& r : contents->records) {
            if (r.type == "sealed") {
                at = session::formatLocalTime(r.wall);
            }
        }
        key = session::journalKeyFingerprint(*contents);  // issue 35: matched with `journal verify`
    }
    auto form = game_->session().adjournmentForm(now, ui.envelope_resumption, at);
    if (form) form->journal_key = key;
    if (out.empty()) {
        out = journalPath().parent_path() / (journalPath().stem().string() + "-envelope.pdf");
    }
    ui.envelope_pdf_failed = !form;
    if (!form) {
        ui.envelope_pdf_note = i18n::tr("The game is not adjourned: nothing to print.");
        return;
    }
    auto ok = print::writeSealedMoveFormPdf(*form, out);
    ui.envelope_pdf_failed = !ok;
    ui.envelope_pdf_note =
        ok ? i18n::trf("Written: {}", out.string()) : i18n::translateMessage(ok.error().message);
}

// Beside the journal, as the envelope: "<journal>-scoresheet.pdf", written again at each request.
void ConsoleApp::writeScoresheet(ui::UiState& ui) {
    const std::filesystem::path out =
        journalPath().parent_path() / (journalPath().stem().string() + "-scoresheet.pdf");
    auto data = game_->session().scoresheetData();
    if (auto contents = journal::readJournal(journalPath()))
        data.journal_key = session::journalKeyFingerprint(*contents);  // issue 35
    auto ok = print::writeScoresheetPdf(data, out);
    ui.scoresheet_pdf_failed = !ok;
    ui.scoresheet_pdf_note =
        ok ? i18n::trf("Written: {}", out.string()) : i18n::translateMessage(ok.error().message);
}

void ConsoleApp::recordNote(const std::string& about, const std::string& text, session::TimePoint now,
                            ui::UiState& ui) {
    auto written = game_->session().recordNote(about, text, now);
    if (!written) ui.shell_notices.push_back(written.error().message);
}

void ConsoleApp::shutdown(session::TimePoint now) {
    engine_->shutdown(now);
}

}  // namespace oc::app
