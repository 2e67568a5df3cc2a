// operator-console: the operator's window. It owns the OS clock and the event loop; everything it shows
// comes from the session core (through ConsoleApp) and the views in console/ui.
#include <SDL.h>
#include <fmt/core.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bench.hpp"
#include "console_app.hpp"
#include "event_pump.hpp"
#include "frame_pacer.hpp"
#include "gl_window.hpp"
#include "host/broadcast_child.hpp"
#include "host/script_file.hpp"
#include "i18n/tr.hpp"
#include "screenshot.hpp"
#include "speech_output.hpp"
#include "ui/console_view.hpp"
#include "ui/fonts.hpp"
#include "ui/redraw.hpp"
#include "ui_language.hpp"
#include "version/version.hpp"

namespace {

namespace i18n = oc::i18n;

struct Options {
    std::string screenshot;
    std::string widget_map;
    int frames = 4;
    int width = 1280;
    int height = 800;
    float text_px = 0.f;  // 0: from the window height (800 px -> 20 px text)
    std::string font = oc::ui::defaultFontPath();
    std::string event;
    std::string journal;
    bool resume = false;
    std::string script;
    bool public_display = false;
    std::string public_orientation = "human";
    std::string tab = "draws";
    std::string engine = "/usr/games/stockfish";
    std::vector<std::string> engine_args;
    oc::app::SpeechOptions speech;
    std::string broadcast;  // ADDR:PORT: serve the game live (docs/broadcast.md)
    int engine_nice = 0;
    double bench_frames_s = 0;  // --bench-frames SECONDS (0: off)
    int bench_input = 0;        // --bench-input N (0: off)
    bool bench_start = false;
    std::string eboard;        // --eboard PORT|auto (docs/eboard.md)
    std::string eboard_brand;  // --eboard-brand dgt|millennium ("": the setup's eboard.brand)
    std::string ui_lang;  // --ui-lang: en | pl | fa (empty: the setup's ui_language, else the notation's)
    std::string trf, trf_player;  // --trf FILE --round N --player NAME|START_RANK (issue 38)
    int trf_round = 0;
};

// The session's time: the OS steady clock plus what a script has skipped ahead ("+30s" steps).
class AppClock {
  public:
    oc::session::TimePoint now() const { return std::chrono::steady_clock::now() + skipped_; }
    void catchUp(oc::session::TimePoint t) {
        if (t > now()) skipped_ += t - now();
    }

  private:
    std::chrono::steady_clock::duration skipped_{0};
};

// The window, and what it leaves for tests: a screenshot, the controls' places.
void addWindowOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--screenshot", opt.screenshot,
                   "Render a few frames, write the window as PNG to this path, exit");
    cli.add_option(
        "--widget-map", opt.widget_map,
        "Keep FILE listing every control's name, centre, state and text (GUI tests click by name)");
    cli.add_option("--frames", opt.frames, "Frames to render before --screenshot")
        ->check(CLI::Range(2, 1000));
    cli.add_option("--width", opt.width, "Window width in pixels")->check(CLI::Range(640, 8192));
    cli.add_option("--height", opt.height, "Window height in pixels")->check(CLI::Range(480, 8192));
    cli.add_option("--text-size", opt.text_px, "Text size in pixels (default: window height / 40)")
        ->check(CLI::Range(12.f, 48.f));
}

// The game: its event, its journal, a script to apply first.
void addGameOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--event", opt.event, "Event setup as JSON (players, time control, engine, policy)")
        ->check(CLI::ExistingFile);
    cli.add_option("--trf", opt.trf,
                   "The pairing program's TRF (FIDE Tournament Report File): the round's pairing fills the "
                   "setup after --event (needs --round and --player)");
    cli.add_option("--round", opt.trf_round, "With --trf: the round to play")->check(CLI::Range(1, 999));
    cli.add_option("--player", opt.trf_player, "With --trf: the computer's entry, its name or start rank");
    cli.add_option("--journal", opt.journal, "Journal file (default: game-YYYYMMDD-HHMMSS.journal here)");
    cli.add_flag("--resume", opt.resume, "Continue the game held in --journal (after a crash or power cut)");
    cli.add_option("--script", opt.script, "Apply an operator script (docs/cli-script-format.md) first")
        ->check(CLI::ExistingFile);
    cli.add_option("--eboard", opt.eboard,
                   "Electronic board: its serial port, or 'auto' (the one DGT board in /dev/serial/by-id/); "
                   "over the setup's eboard key");
    cli.add_option("--eboard-brand", opt.eboard_brand,
                   "Electronic board's brand: dgt, millennium (a Millennium ChessLink: no clock, give its "
                   "port) or livechess (a board through DGT LiveChess: --eboard ws://HOST:1982/api/v1.0); "
                   "over the setup's eboard.brand");
}

// What the window shows first.
void addViewOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--tab", opt.tab, "The lower pane to show first: draws, arbiter or adjournment")
        ->check(CLI::IsMember({"draws", "arbiter", "adjournment"}));
    cli.add_flag("--public", opt.public_display, "Start in the public display view (board and clocks only)");
    cli.add_option("--public-orientation", opt.public_orientation,
                   "The public display's board: 'human' (the human's side at the bottom, default) or 'white'")
        ->check(CLI::IsMember({"human", "white"}));
}

// The engine when the event names none.
void addEngineOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--engine", opt.engine,
                   "UCI engine command when the event names none (default: Stockfish)");
    cli.add_option("--engine-arg", opt.engine_args, "An argument for the engine command (repeatable)");
}

// What the operator reads and hears: the font, the language, spoken moves.
void addLanguageOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--font", opt.font, "TTF font with chess figurines (default: DejaVu Sans)");
    cli.add_option("--ui-lang", opt.ui_lang,
                   "Language of the screens: en, pl or fa (Persian, right to left) (default: the event's "
                   "ui_language, else the notation language's)");
    oc::app::addSpeechOptions(cli, opt.speech);
}

// The processes beside the window: the broadcast server and the engine's priority.
void addProcessOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--broadcast", opt.broadcast,
                   "ADDR:PORT: publish this game live (operator-cli broadcast serve as a child process)");
    cli.add_option("--engine-nice", opt.engine_nice,
                   "Run the engine this much below the console's CPU priority, 0-19 (docs/configuration.md)")
        ->check(CLI::Range(0, 19));
}

// The window's measurement modes (issue 16): they print figures and exit.
void addBenchOptions(CLI::App& cli, Options& opt) {
    cli.add_option("--bench-frames", opt.bench_frames_s,
                   "Play a game automatically, SECONDS in each phase; print frames/s and CPU % per phase")
        ->check(CLI::Range(0.5, 600.0));
    cli.add_option("--bench-input", opt.bench_input,
                   "Once the move box has focus, push N key events; print p50/p99 key-to-screen latency")
        ->check(CLI::Range(2, 100000));
    cli.add_flag("--bench-start", opt.bench_start, "Print the time from launch to the first frame, exit");
}

// --help lists the options in this order.
void addOptions(CLI::App& cli, Options& opt) {
    addWindowOptions(cli, opt);
    addGameOptions(cli, opt);
    addViewOptions(cli, opt);
    addEngineOptions(cli, opt);
    addLanguageOptions(cli, opt);
    addProcessOptions(cli, opt);
    addBenchOptions(cli, opt);
}

oc::app::GameFiles gameFiles(const Options& opt) {
    oc::app::GameFiles files;
    if (!opt.event.empty()) files.event = opt.event;
    files.journal = opt.journal.empty() ? oc::app::defaultJournalPath() : std::filesystem::path(opt.journal);
    files.resume = opt.resume;
    files.engine = opt.engine;
    files.engine_args = opt.engine_args;
    files.engine_nice = opt.engine_nice;
    files.engine_wake = oc::app::EventPump::wakeFromAnyThread;
    if (!opt.trf.empty()) files.trf = oc::host::TrfRequest{opt.trf, opt.trf_round, opt.trf_player};
    return files;
}

// Reads and applies --script; false (with the reason on stderr, naming the file and line) when it fails.
bool applyScript(const std::string& path, oc::app::ConsoleApp& app, AppClock& clock, oc::ui::UiState& ui) {
    oc::session::TimePoint now = clock.now();
    auto script = oc::host::loadScript(path, app.frame(now).setup.computer_side);
    if (!script) return fmt::print(stderr, "operator-console: {}\n", script.error()), false;
    auto ok = app.runScript(script->steps, now, ui);
    clock.catchUp(now);
    if (!ok) fmt::print(stderr, "operator-console: {}: {}\n", path, i18n::translateMessage(ok.error()));
    return ok.has_value();
}

// GUI tests find controls by name: "name<TAB>x<TAB>y<TAB>enabled<TAB>text shown" per line (the text in
// the UI language, tabs and line breaks as spaces), rewritten (atomically) when anything changed.
void writeWidgetMap(const std::string& path, const oc::ui::UiState& ui, std::string& last) {
    std::string text;
    for (const auto& [name, w] : ui.widgets) {
        std::string shown = w.text;
        std::replace_if(
            shown.begin(), shown.end(), [](char c) { return c == '\t' || c == '\n'; }, ' ');
        text += fmt::format("{}\t{:.0f}\t{:.0f}\t{}\t{}\n", name, w.centre().x, w.centre().y,
                            w.enabled ? 1 : 0, shown);
    }
    if (text == last) return;
    last = text;
    const std::string tmp = path + ".part";
    std::ofstream(tmp) << text;
    std::rename(tmp.c_str(), path.c_str());
}

// Large, readable type on any screen: a fortieth of the window height unless the operator chose a size.
std::optional<oc::ui::Fonts> loadFonts(const Options& opt) {
    const float text_px =
        opt.text_px > 0.f ? opt.text_px : std::clamp(static_cast<float>(opt.height) / 40.f, 16.f, 36.f);
    const float piece_px =
        std::clamp(static_cast<float>(opt.height) / 8.f, 96.f, 160.f);  // crisp board sprites
    auto fonts = oc::ui::loadFonts(opt.font, text_px, piece_px);
    if (!fonts)
        fmt::print(stderr, "operator-console: {}\n",
                   i18n::trf("cannot read the font {} (install fonts-dejavu-core or pass --font)", opt.font));
    return fonts;
}

oc::ui::UiState initialUi(const Options& opt, const oc::app::ConsoleApp& app) {
    oc::ui::UiState ui;
    ui.public_display = opt.public_display;
    ui.public_orientation = opt.public_orientation == "white" ? oc::ui::PublicOrientation::WhiteAtBottom
                                                              : oc::ui::PublicOrientation::HumanAtBottom;
    ui.shell_notices = app.startupNotes();
    ui.tab = opt.tab == "arbiter"       ? oc::ui::LowerTab::Arbiter
             : opt.tab == "adjournment" ? oc::ui::LowerTab::Adjourn
                                        : oc::ui::LowerTab::Draws;
    ui.setup_source = opt.event;
    return ui;
}

// What the loop works with; the benches are set only when asked for.
struct Shell {
    const Options& opt;
    oc::app::GlWindow& window;
    oc::app::ConsoleApp& app;
    AppClock& clock;
    oc::ui::UiState& ui;
    const oc::ui::Fonts& fonts;
    oc::app::SpeechOutput& speech;
    oc::app::EventPump events;
    std::optional<oc::app::FrameBench> bench_frames;
    std::optional<oc::app::InputBench> bench_input;
    std::set<std::string> reported_clashes;
};

struct FrameOutcome {
    oc::session::Snapshot snap;
    bool input = false;  // events handled or commands given: the next frame may differ
    bool drawn = false;  // pixels changed: present() puts them on screen
};

// Issue 22: speech asked for is never off without a word. The window shows its state (red in the
// Notices pane when off, with the reason), and a sound device that would not open is journalled for
// the arbiter.
void showSpeech(Shell& sh, oc::session::TimePoint now) {
    if (auto why = sh.speech.takeFailure())
        sh.app.recordNote("speech", "spoken moves are off: " + *why, now, sh.ui);
    sh.ui.speech = sh.speech.status();
}

// Two controls with one ID leave one of them dead (issue 22): said on stderr, once each, so that any run
// of the window (the GUI tests among them) shows it.
void reportClashes(Shell& sh) {
    for (const std::string& clash : sh.ui.id_clashes)
        if (sh.reported_clashes.insert(clash).second)
            fmt::print(stderr, "operator-console: widget ID clash: {}\n", clash);
}

// One frame: the session polled, the views built; the pixels are rendered only if they would change
// (every frame of a screenshot run is).
FrameOutcome buildFrame(Shell& sh) {
    FrameOutcome f;
    const auto now = sh.clock.now();
    sh.app.followBoard(now, sh.ui);  // the board's news, dispatched as if typed
    f.snap = sh.app.frame(now);
    if (f.snap.phase == oc::session::Phase::Setup)
        sh.app.describeEngine(sh.ui);  // its options, before the lock
    showSpeech(sh, now);
    sh.window.beginFrame(sh.events.clickPosition());
    auto commands = oc::ui::drawConsole(f.snap, now, sh.ui, sh.fonts);
    if (std::exchange(sh.ui.speech_mute_toggled, false)) sh.speech.toggleMute();
    reportClashes(sh);
    if (sh.bench_frames) {
        auto steps = sh.bench_frames->pilot(f.snap, now, sh.app.legalMoves());
        commands.insert(commands.end(), steps.begin(), steps.end());
    }
    sh.speech.keys(f.snap);  // F7, F8: announcements are the host's output
    f.drawn = sh.window.render(!sh.opt.screenshot.empty() || sh.events.exposed());
    sh.app.dispatch(commands, now, sh.ui);
    f.input = sh.events.handled() > 0 || !commands.empty();
    return f;
}

// How long to sleep before the next frame: see FramePacer.
int sleepMs(const Shell& sh, const oc::app::FramePacer& pacer, const oc::session::Snapshot& snap) {
    if (!sh.opt.screenshot.empty() || sh.events.pending()) return 0;
    return pacer.waitMs({oc::ui::untilClockText(snap), oc::ui::untilCursorBlink(), sh.app.engineBusy()});
}

// The benches' bookkeeping after a frame; true when a bench has measured all it was asked to.
bool benchesDone(Shell& sh, const FrameOutcome& f) {
    if (sh.opt.bench_start) {
        fmt::print("first frame after {:.0f} ms\n", oc::app::msSinceProcessStart());
        return true;
    }
    if (sh.bench_frames) sh.bench_frames->frameDone(f.snap.phase, f.drawn);
    if (sh.bench_input) {
        sh.bench_input->frameDone(sh.events.keys(), f.drawn);
        sh.bench_input->maybeStart();
    }
    if (sh.bench_frames && sh.bench_frames->finished())
        return fmt::print("{}", sh.bench_frames->report()), true;
    if (sh.bench_input && sh.bench_input->finished()) return fmt::print("{}", sh.bench_input->report()), true;
    return false;
}

// --screenshot: the window as PNG; false (with the reason on stderr) when it cannot be written.
bool takeScreenshot(const Shell& sh) {
    if (auto err = oc::app::saveScreenshot(sh.window.window(), sh.opt.screenshot); !err.empty()) {
        fmt::print(stderr, "operator-console: {}\n", err);
        return false;
    }
    return true;
}

// The window's loop until it is closed (or the screenshot is taken, or a bench is done); false when the
// screenshot failed. It sleeps until a pixel could change (issue 16): see FramePacer.
bool loop(Shell& sh) {
    int frame = 0;
    bool running = true;
    std::string widget_map;
    oc::app::FramePacer pacer;
    oc::session::Snapshot snap;
    int held = 0;  // frames in a row that held keys back: never more than two
    while (running) {
        sh.events.wait(sleepMs(sh, pacer, snap));
        held = oc::app::EventPump::focusArriving() && held < 2 ? held + 1 : 0;
        running = sh.events.pump(held > 0);
        FrameOutcome f = buildFrame(sh);
        if (!sh.opt.widget_map.empty()) writeWidgetMap(sh.opt.widget_map, sh.ui, widget_map);
        if (!sh.opt.screenshot.empty() && ++frame >= sh.opt.frames) {
            if (!takeScreenshot(sh)) return false;
            running = false;
        }
        if (f.drawn) sh.window.present();
        if (benchesDone(sh, f)) running = false;
        pacer.frameDone(f.input, f.drawn);
        snap = std::move(f.snap);
    }
    return true;
}

// Before the first frame: --ui-lang, else the setup's ui_language (on --resume the journal's), else the
// notation language's; the window's title follows. False (with the reason on stderr) when it cannot be.
bool chooseLanguage(const Options& opt, oc::app::GlWindow& window, oc::app::ConsoleApp& app,
                    oc::session::TimePoint now) {
    if (auto lang = oc::app::applyUiLanguage(opt.ui_lang, app.frame(now).setup); !lang) {
        fmt::print(stderr, "operator-console: {}\n", lang.error());
        return false;
    }
    SDL_SetWindowTitle(window.window(), i18n::tr("Operator console"));
    return true;
}

bool openWindow(oc::app::GlWindow& window, const Options& opt) {
    if (window.open(i18n::tr("Operator console"), opt.width, opt.height)) return true;
    fmt::print(stderr, "operator-console: {}\n  {}\n", window.error(),
               i18n::tr("Without a display, use build/bin/operator-cli instead."));
    return false;
}

// Opens or resumes the game and says so on stderr, in the language it chose; null (with the reason on
// stderr) when it cannot be.
std::unique_ptr<oc::app::ConsoleApp> openGame(const Options& opt, oc::app::GlWindow& window,
                                              AppClock& clock) {
    auto app = oc::app::ConsoleApp::open(gameFiles(opt), clock.now());
    if (!app) {
        fmt::print(stderr, "operator-console: {}\n", i18n::translateMessage(app.error()));
        return nullptr;
    }
    clock.catchUp((*app)->lastRecordTime());  // after a reboot the steady clock restarts: never go back
    if (!chooseLanguage(opt, window, **app, clock.now())) return nullptr;
    fmt::print(stderr, "operator-console: {}\n", i18n::trf("journal {}", (*app)->journalPath().string()));
    for (const std::string& note : (*app)->startupNotes())
        fmt::print(stderr, "operator-console: {}\n", i18n::translateMessage(note));
    return std::move(*app);
}

// The benches asked for on the command line.
void startBenches(Shell& sh) {
    if (sh.opt.bench_frames_s > 0)
        sh.bench_frames.emplace(std::chrono::milliseconds(std::lround(sh.opt.bench_frames_s * 1000)));
    if (sh.opt.bench_input > 0) sh.bench_input.emplace(sh.opt.bench_input);
}

// --trf is checked before any window opens: a bad file, a bye or a round not yet paired is a bad
// argument (exit 2), said on stderr, and nothing is started or written.
bool checkTrf(const Options& opt) {
    const auto say = [](const std::string& m) { fmt::print(stderr, "operator-console: {}\n", m); };
    if (opt.trf.empty()) {
        if (opt.trf_round > 0 || !opt.trf_player.empty())
            say(i18n::tr("--round and --player go with --trf FILE"));
        return opt.trf_round == 0 && opt.trf_player.empty();
    }
    if (opt.resume) {
        say(i18n::tr(
            "--trf: a resumed game keeps the setup its journal holds; start a new journal for the round"));
        return false;
    }
    auto setup = oc::app::loadSetup(gameFiles(opt));
    if (!setup) say(i18n::translateMessage(setup.error()));
    return setup.has_value();
}

int run(const Options& opt) {
    oc::app::GlWindow window;
    if (!openWindow(window, opt)) return 1;
    const auto fonts = loadFonts(opt);
    if (!fonts) return 1;
    oc::ui::applyConsoleStyle();
    AppClock clock;
    oc::app::SpeechOutput speech(opt.speech);  // outlives the game, which holds it as an output
    auto app = openGame(opt, window, clock);
    if (!app) return 1;
    auto broadcast = oc::host::BroadcastChild::start(app->journalPath(), opt.broadcast);  // stops with us
    if (!broadcast)
        return fmt::print(stderr, "operator-console: {}\n", i18n::translateMessage(broadcast.error())), 1;
    oc::ui::UiState ui = initialUi(opt, *app);
    if (!opt.script.empty() && !applyScript(opt.script, *app, clock, ui)) return 1;
    app->addOutput(speech);
    auto board =
        app->startEboard(opt.eboard, opt.eboard_brand, oc::app::EventPump::wakeFromAnyThread, clock.now());
    if (!board) return fmt::print(stderr, "operator-console: {}\n", i18n::translateMessage(board.error())), 1;
    if (!board->empty()) fmt::print(stderr, "operator-console: {}\n", i18n::translateMessage(*board));
    Shell shell{opt, window, *app, clock, ui, *fonts, speech, {}, {}, {}, {}};
    startBenches(shell);
    const bool ok = loop(shell);
    app->shutdown(clock.now());
    return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);  // an engine that dies mid-write must not take the console with it
    Options opt;
    CLI::App cli{"operator-console: the operator's window for human-vs-computer chess under FIDE rules"};
    // Answered by CLI11_PARSE itself, before any window or display is asked for.
    cli.set_version_flag("--version", oc::version::describe(), "Print the program's version and exit");
    addOptions(cli, opt);
    CLI11_PARSE(cli, argc, argv);
    // --ui-lang alone first, so that everything the program says from here on is in that language.
    if (auto lang = oc::app::applyUiLanguage(opt.ui_lang, {}); !opt.ui_lang.empty() && !lang) {
        fmt::print(stderr, "operator-console: --ui-lang: {}\n", lang.error());
        return 2;
    }
    if (opt.resume && opt.journal.empty()) {
        fmt::print(stderr, "operator-console: {}\n",
                   i18n::tr("--resume needs --journal FILE (the journal of the game to continue)"));
        return 2;
    }
    if (!checkTrf(opt)) return 2;
    return run(opt);
}
