// `eboard probe` (what a DGT board or a Millennium ChessLink says about itself, or the boards DGT LiveChess
// offers) and `eboard fake` (a fake DGT board and DGT 3000, or a fake ChessLink, on a pseudo-terminal; or
// a fake LiveChess WebSocket server), for rehearsals and tests. See docs/operator-guide.md "Electronic
// board" and docs/eboard.md.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <fstream>
#include <functional>
#include <memory>

#include "commands.hpp"
#include "eboard/dgt_board.hpp"
#include "eboard/fake_link.hpp"
#include "eboard/fake_livechess.hpp"
#include "eboard/livechess_board.hpp"
#include "i18n/tr.hpp"

namespace oc::cli {

namespace {

using i18n::tr;
using i18n::trf;

std::atomic<bool> g_stop{false};

struct ProbeArgs {
    std::string port;
    double timeout_s = 5.0;
    std::string brand = "dgt";
    std::string serial;  // LiveChess: the board to read ("" the first offered)
};

struct FakeArgs {
    std::string link;
    std::string script;
    std::string fen;
    bool clock = false;
    bool turned = false;
    bool bluetooth = false;
    std::string brand = "dgt";
    std::string listen = "127.0.0.1:1982";  // LiveChess: where the fake server listens
    std::string serial = "7425";            // LiveChess: the board it offers
};

// --brand: dgt, millennium or livechess; the error says what was given and what would be right.
tl::expected<eboard::BoardBrand, std::string> brandArg(const std::string& name) {
    if (auto b = eboard::parseBrand(name)) return *b;
    return tl::make_unexpected(trf("bad --brand '{}': expected dgt, millennium or livechess", name));
}

std::string clockSide(const eboard::dgt::ClockSide& s) {
    return fmt::format("{}:{:02}:{:02}", s.hours, s.minutes, s.seconds);
}

std::string orientation(const std::optional<bool>& turned) {
    if (!turned) return tr("unknown (the board does not show the start position)");
    return *turned ? tr("turned (Black's side by the cable)")
                   : tr("upright (White's side by the cable's left)");
}

std::string clockLine(const eboard::ProbeReport& r) {
    if (r.identity.clock_present == false) return tr("no clock");
    if (!r.clock) return tr("no reading");
    const std::string state = r.clock->running() ? tr("running") : tr("stopped");
    return trf("left {}, right {}, {}", clockSide(r.clock->left), clockSide(r.clock->right), state);
}

void printProbe(const eboard::ProbeReport& r) {
    const auto& id = r.identity;
    fmt::print("{} {}\n", tr("port:"), id.port);
    fmt::print("{} {}\n", tr("board:"), eboard::brandName(id.brand));
    if (id.version) fmt::print("{} {}.{}\n", tr("version:"), id.version->major, id.version->minor);
    fmt::print("{} {}\n", tr("serial number:"), id.serial.empty() ? "-" : id.serial);
    fmt::print("{} {}\n", tr("long serial number:"), id.long_serial.empty() ? "-" : id.long_serial);
    // Issue 34 item 19: the position as it stands for the game; a turned board's sensors see it the other
    // way round, which is worth a second line (the arbiter compares it with what the board reports).
    const auto raw = eboard::parsePlacementFen(r.fen);
    const bool turned = r.turned.value_or(false) && raw;
    fmt::print("{} {}\n", tr("position (FEN):"), turned ? eboard::placementFen(eboard::turned(*raw)) : r.fen);
    if (turned) fmt::print("{} {}\n", tr("as the sensors see it:"), r.fen);
    fmt::print("{} {}\n", tr("orientation:"), orientation(r.turned));
    if (id.brand != eboard::BoardBrand::LiveChess)  // its clock is printed from LiveChess's reading
        fmt::print("{} {}\n", tr("clock:"), clockLine(r));
    if (id.clock_version)
        fmt::print("{} {}.{}\n", tr("clock version:"), id.clock_version->major, id.clock_version->minor);
    fmt::print("{} {}\n", tr("battery:"), id.battery_percent ? fmt::format("{}%", *id.battery_percent) : "-");
    fmt::print("{} {}\n", tr("bytes skipped:"), r.garbage_bytes);
}

std::string liveChessClock(const std::optional<eboard::livechess::ClockState>& c) {
    if (!c) return tr("no clock");
    auto hms = [](eboard::Ms t) {
        const long s = static_cast<long>(t.count() / 1000);
        return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    };
    const std::string state = !c->run ? tr("unknown") : *c->run ? tr("running") : tr("stopped");
    return trf("White {}, Black {}, {}", hms(c->white), hms(c->black), state);
}

int runLiveChessProbe(const ProbeArgs& a) {
    auto report = eboard::probeLiveChess(a.port, a.serial, eboard::Ms{static_cast<long>(a.timeout_s * 1000)});
    if (!report) {
        fmt::print(stderr, "{}\n", i18n::translateMessage(report.error()));
        return 1;
    }
    fmt::print("{}\n", tr("boards offered by LiveChess:"));
    for (const auto& b : report->offered)
        fmt::print("  {} {} {}\n", b.serialnr, b.state.empty() ? "-" : b.state,
                   b.board.empty() ? "-" : b.board);
    printProbe(report->board);
    fmt::print("{} {}\n", tr("LiveChess clock:"), liveChessClock(report->clock));
    return 0;
}

int runProbe(const ProbeArgs& a) {
    if (a.timeout_s <= 0 || a.timeout_s > 60) {
        fmt::print(stderr, "{}\n", tr("bad --timeout: give seconds between 0 and 60, e.g. --timeout 5"));
        return 2;
    }
    const auto brand = brandArg(a.brand);
    if (!brand) return fmt::print(stderr, "{}\n", brand.error()), 2;
    if (*brand == eboard::BoardBrand::LiveChess) return runLiveChessProbe(a);
    auto report = eboard::probe(a.port, eboard::Ms{static_cast<long>(a.timeout_s * 1000)}, *brand);
    if (!report) {
        fmt::print(stderr, "{}\n", i18n::translateMessage(report.error()));
        return 1;
    }
    printProbe(*report);
    return 0;
}

std::optional<std::vector<std::string>> readScript(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// --listen HOST:PORT (PORT 0: any free port).
std::optional<std::pair<std::string, unsigned short>> listenArg(const std::string& text) {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) return std::nullopt;
    const std::string port = text.substr(colon + 1);
    if (port.empty() || port.size() > 5 ||
        !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const unsigned long n = std::stoul(port);
    if (n > 65535) return std::nullopt;
    return std::pair{text.substr(0, colon), static_cast<unsigned short>(n)};
}

std::function<void(const std::string&)> printer() {
    return [](const std::string& line) {
        fmt::print("{}\n", i18n::translateMessage(line));
        std::fflush(stdout);
    };
}

int runFakeLiveChess(const FakeArgs& a, const std::optional<std::vector<std::string>>& script) {
    const auto listen = listenArg(a.listen);
    if (!listen) {
        fmt::print(stderr, "{}\n",
                   trf("bad --listen '{}': expected HOST:PORT, e.g. 127.0.0.1:1982", a.listen));
        return 2;
    }
    eboard::FakeLiveChessOptions o{listen->first, listen->second, a.serial, a.clock, a.turned, std::nullopt};
    if (!a.fen.empty()) o.fen = a.fen;
    return eboard::runFakeLiveChess(o, script, printer(), g_stop);
}

int runFake(const FakeArgs& a) {
    const auto brand = brandArg(a.brand);
    if (!brand) return fmt::print(stderr, "{}\n", brand.error()), 2;
    if (*brand != eboard::BoardBrand::LiveChess && a.link.empty()) {
        fmt::print(stderr, "{}\n", tr("--link: give the symlink to create, e.g. --link /tmp/dgt-board"));
        return 2;
    }
    if (*brand == eboard::BoardBrand::Millennium && a.clock) {
        fmt::print(stderr, "{}\n",
                   tr("--clock: the Millennium ChessLink has no clock; give --brand dgt for a DGT 3000"));
        return 2;
    }
    eboard::FakeOptions o{a.link, a.clock, a.turned, std::nullopt, 24, *brand, a.bluetooth};
    if (!a.fen.empty()) {
        if (!eboard::parsePlacementFen(a.fen)) {
            fmt::print(stderr, "{}\n",
                       trf("bad --fen '{}': expected a FEN such as "
                           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                           a.fen));
            return 2;
        }
        o.fen = a.fen;
    }
    std::optional<std::vector<std::string>> script;
    if (!a.script.empty()) {
        script = readScript(a.script);
        if (!script) {
            fmt::print(stderr, "{}\n", trf("cannot read the script '{}'", a.script));
            return 2;
        }
    }
    std::signal(SIGTERM, [](int) { g_stop = true; });
    std::signal(SIGINT, [](int) { g_stop = true; });
    if (*brand == eboard::BoardBrand::LiveChess) return runFakeLiveChess(a, script);
    return eboard::runFakeBoard(o, script, printer(), g_stop);
}

}  // namespace

void addEboardCommands(CLI::App& app, ExitCode& code) {
    auto* eb = app.add_subcommand(
        "eboard", tr("Electronic board: probe a DGT board or a Millennium ChessLink, or run a fake one"));
    eb->require_subcommand(1);

    auto probe = std::make_shared<ProbeArgs>();
    auto* p = eb->add_subcommand(
        "probe", tr("Print a DGT board's version, serial numbers, position, clock and battery"));
    p->add_option("--port", probe->port,
                  tr("The board's serial port, e.g. /dev/ttyACM0 or a fake board's link"))
        ->required();
    p->add_option("--timeout", probe->timeout_s, tr("Seconds to wait for the answers (default 5)"));
    p->add_option("--brand", probe->brand,
                  tr("The board's brand: dgt (default), millennium, or livechess (the boards DGT LiveChess "
                     "offers: --port ws://HOST:1982/api/v1.0)"));
    p->add_option("--serial", probe->serial,
                  tr("LiveChess: the serial number of the board to read (default: the first offered)"));
    p->callback([probe, &code] { code.value = runProbe(*probe); });

    auto fake = std::make_shared<FakeArgs>();
    auto* f = eb->add_subcommand("fake", tr("Run a fake DGT board (and DGT 3000) on a pseudo-terminal"));
    f->add_option("--link", fake->link,
                  tr("The symlink to create for the console to open (not for --brand livechess)"));
    f->add_option("--listen", fake->listen,
                  tr("LiveChess: the address to listen on, HOST:PORT (default 127.0.0.1:1982; port 0: any "
                     "free one)"));
    f->add_option("--serial", fake->serial,
                  tr("LiveChess: the serial number of the board offered (default 7425)"));
    f->add_option("--script", fake->script,
                  tr("Lines to play (lift e2, place e4, press [left|right], start, wait 300ms, clock 1:29:58 "
                     "1:30:00 [+10s], unplug, "
                     "replug, garbage 40); default: read them from standard input"));
    f->add_flag("--clock", fake->clock, tr("A DGT 3000 clock is on the board"));
    f->add_flag("--turned", fake->turned, tr("The board is turned: Black's side by the cable"));
    f->add_flag("--bluetooth", fake->bluetooth,
                tr("A Bluetooth board: it answers the battery request (a USB board never does)"));
    f->add_option("--fen", fake->fen, tr("The position on the board (default: the start position)"));
    f->add_option("--brand", fake->brand,
                  tr("The board to fake: dgt (default), millennium (a ChessLink: no clock, so no 'press' or "
                     "'clock' lines), or livechess (a DGT LiveChess WebSocket server offering one board)"));
    f->callback([fake, &code] { code.value = runFake(*fake); });
}

}  // namespace oc::cli
