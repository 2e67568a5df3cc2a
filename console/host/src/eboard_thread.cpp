// The board's own thread and what crosses to the program's thread (issue 24).
#include "host/eboard_thread.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "i18n/mark.hpp"

namespace oc::host {

using i18n::N_;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using SteadyClock = std::chrono::steady_clock;

// A DGT board's name in /dev/serial/by-id/ carries the maker's name or its abbreviation.
bool dgtLike(const std::string& name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("dgt") != std::string::npos ||
           lower.find("digital_game_technology") != std::string::npos;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

const char* faultText(eboard::Fault f) {
    switch (f) {
        case eboard::Fault::WrongMove:
            return N_("a wrong piece or square");
        case eboard::Fault::RookNotMoved:
            return N_("the castling rook is not moved");
        case eboard::Fault::WrongPromotion:
            return N_("the wrong promotion piece");
        case eboard::Fault::CaptureLeft:
            return N_("the captured piece is still on the board");
        case eboard::Fault::HumanPieceTouched:
            return N_("a piece of the human's moved meanwhile");
        case eboard::Fault::HumanOutOfTurn:
            return N_("the human moved before the computer's move was played");
        case eboard::Fault::None:
            break;
    }
    return "";
}

const char* faultKey(eboard::Fault f) {
    switch (f) {
        case eboard::Fault::WrongMove:
            return "wrong-move";
        case eboard::Fault::RookNotMoved:
            return "rook-not-moved";
        case eboard::Fault::WrongPromotion:
            return "wrong-promotion";
        case eboard::Fault::CaptureLeft:
            return "capture-left";
        case eboard::Fault::HumanPieceTouched:
            return "human-piece-touched";
        case eboard::Fault::HumanOutOfTurn:
            return "human-out-of-turn";
        case eboard::Fault::None:
            break;
    }
    return "none";
}

const char* commitName(eboard::CommitMode m) {
    switch (m) {
        case eboard::CommitMode::Enter:
            return "enter";
        case eboard::CommitMode::Auto:
            return "auto";
        case eboard::CommitMode::Lever:
            break;
    }
    return "lever";
}

std::string versionText(const std::optional<eboard::dgt::Version>& v) {
    return v ? fmt::format("{}.{}", v->major, v->minor) : std::string();
}

std::string pictureFen(EboardInput& input) {
    auto p = input.board().tracker().currentPicture();
    return p ? eboard::placementFen(*p) : std::string();
}

std::vector<std::string> sentences(const std::vector<eboard::SquareDiff>& diffs) {
    std::vector<std::string> out;
    for (const eboard::SquareDiff& d : diffs) out.push_back(eboard::describe(d));
    return out;
}

// The link's notices as records: who the board is on connecting, why it went.
void noticeRecords(const eboard::PollResult& r, std::vector<EboardItem>& out) {
    for (const eboard::LinkNotice& n : r.notices) {
        if (const auto* lost = std::get_if<eboard::link::Lost>(&n)) {
            out.emplace_back(json{{"event", "lost"}, {"reason", lost->reason}});
            continue;
        }
        const eboard::BoardIdentity& id = std::get<eboard::link::Connected>(n).identity;
        out.emplace_back(json{{"event", "connected"},
                              {"brand", eboard::brandKey(id.brand)},
                              {"port", id.port},
                              {"serial", id.serial},
                              {"long_serial", id.long_serial},
                              {"version", versionText(id.version)}});
    }
}

bool makesTheMove(const std::vector<eboard::Intent>& intents) {
    return std::any_of(intents.begin(), intents.end(), [](const eboard::Intent& i) {
        return std::holds_alternative<eboard::intent::MadeOnBoard>(i);
    });
}

// The settled pictures that matter: a difference (with its squares) and its end. The computer's move on
// the board is one fact: when it makes the move at once, the "made" record says so with its move.
void eventRecords(const eboard::PollResult& r, bool made, std::vector<EboardItem>& out) {
    for (const eboard::Event& e : r.events) {
        if (const auto* d = std::get_if<eboard::ev::BoardDiffers>(&e.what)) {
            json rec{{"event", "differs"},
                     {"fen", d->fen},
                     {"fault", faultKey(d->fault)},
                     {"squares", sentences(d->diffs)}};
            if (d->earlier_ply) rec["earlier_ply"] = *d->earlier_ply;
            out.emplace_back(std::move(rec));
        } else if (const auto* m = std::get_if<eboard::ev::BoardMatches>(&e.what)) {
            out.emplace_back(json{{"event", "matches"}, {"fen", m->fen}});
        } else if (const auto* c = std::get_if<eboard::ev::ComputerMoveMade>(&e.what); c && !made) {
            out.emplace_back(
                json{{"event", "computer_move_on_board"}, {"uci", rules::toUci(c->move)}, {"fen", c->fen}});
        } else if (const auto* o = std::get_if<eboard::ev::Orientation>(&e.what)) {
            out.emplace_back(json{{"event", "orientation"}, {"turned", o->turned}});
        }
    }
}

std::string strayMove(const eboard::StrayPress& p) {
    return p.move.size() == 4 ? p.move.substr(0, 2) + "-" + p.move.substr(2) : std::string();
}

// Art. 7.5: the press that completed no move, with what stood on the board.
json strayRecord(const eboard::StrayPress& p) {
    json rec{{"event", "press_without_move"},
             {"board", p.no_move ? "no-move" : "illegal"},
             {"fen", p.fen},
             {"squares", sentences(p.diffs)}};
    if (!p.move.empty()) rec["move"] = p.move;
    return rec;
}

json humanMoveRecord(const eboard::intent::HumanMove& m, const std::string& fen, eboard::CommitMode commit) {
    json rec{{"event", "human_move"},
             {"uci", rules::toUci(m.move)},
             {"fen", fen},
             {"commit", m.pressed_at ? "lever" : commitName(commit)}};
    if (m.recovered) rec["recovered"] = true;    // pressed while the board was unplugged
    if (m.rook_first) rec["rook_first"] = true;  // castled rook first (Art. 4.4.2)
    return rec;
}

// The record that says a command came from the board, and what the board showed then.
json intentRecord(const eboard::Intent& intent, const std::string& fen, eboard::CommitMode commit,
                  const std::optional<rules::Move>& computer_move) {
    return std::visit(
        [&](const auto& i) -> json {
            using T = std::decay_t<decltype(i)>;
            if constexpr (std::is_same_v<T, eboard::intent::HumanMove>)
                return humanMoveRecord(i, fen, commit);
            else if constexpr (std::is_same_v<T, eboard::intent::MadeOnBoard>)
                return {{"event", "made"},
                        {"uci", computer_move ? rules::toUci(*computer_move) : std::string()},
                        {"fen", fen}};
            else if constexpr (std::is_same_v<T, eboard::intent::ClockPressed>)
                return {{"event", "pressed"}, {"fen", fen}};
            else if constexpr (std::is_same_v<T, eboard::intent::SyncClock>)
                return {{"event", "reading"},
                        {"white_ms", i.remaining[rules::Color::White].count()},
                        {"black_ms", i.remaining[rules::Color::Black].count()}};
            else
                return strayRecord(i.press);
        },
        intent);
}

// A command's times are the board thread's steady clock; the session's clock may run ahead of it.
session::Command shifted(session::Command c, SteadyClock::duration by) {
    if (auto* h = std::get_if<session::cmd::HumanMove>(&c); h && h->pressed_at) *h->pressed_at += by;
    if (auto* p = std::get_if<session::cmd::ClockPressed>(&c); p && p->at) *p->at += by;
    return c;
}

// The red notice for the press that completed no move (English; the screens translate it).
std::string strayText(const eboard::StrayPress& p) {
    if (p.no_move)
        return N_("the human pressed the clock without making a move: call the arbiter (Art. 7.5)");
    if (!p.move.empty())
        return fmt::format(
            N_("the human pressed the clock after an illegal move ({}): call the arbiter (Art. 7.5)"),
            strayMove(p));
    return fmt::format(
        N_("the human pressed the clock with no legal move on the board ({}): call the arbiter "
           "(Art. 7.5)"),
        eboard::describe(p.diffs));
}

session::EboardStatus statusOf(EboardInput& input, const EboardConfig& config, const std::string& lost) {
    session::EboardStatus s;
    const eboard::BoardIdentity& id = input.board().identity();
    s.port = config.port;
    s.connected = input.board().connected();
    // The ChessLink has no serial number; a board through LiveChess has the one LiveChess names.
    s.serial = id.brand != eboard::BoardBrand::Millennium ? id.serial : std::string("-");
    // LiveChess names no version of the board (the screens' line then reads "version -", as the ChessLink's
    // serial number does).
    s.version = id.brand == eboard::BoardBrand::LiveChess ? std::string("-") : versionText(id.version);
    s.clock_present = id.clock_present;
    s.clock_version = versionText(id.clock_version);
    s.battery_percent = id.battery_percent;
    s.lost = s.connected ? std::string() : lost;
    s.commit = commitName(config.attach.commit);
    s.turned = input.board().tracker().turned().value_or(false);
    if (const auto& p = input.attachment().proposal()) {
        s.proposed_uci = rules::toUci(*p);
        s.rook_first = input.attachment().rookFirst();
    }
    if (auto p = input.board().tracker().settledPicture(); p && s.connected)
        s.board_fen = eboard::placementFen(*p);
    if (const auto& m = input.attachment().mismatch()) {
        s.differences = sentences(m->diffs);
        s.computer_move_wrong = m->fault != eboard::Fault::None;
        s.human_out_of_turn = m->fault == eboard::Fault::HumanOutOfTurn;
        s.fault = faultText(m->fault);
    }
    if (input.attachment().madeWaitsForAnswer())
        s.waiting =
            N_("the computer's move stands on the board: answer the human's draw offer first "
               "(playing the move rejects it, Art. 9.1)");
    if (const auto& p = input.attachment().strayPress()) {
        s.stray_press = strayText(*p);
        s.stray_press_no_move = p->no_move;
    }
    return s;
}

}  // namespace

fs::path eboardSearchDir() {
    if (const char* dir = std::getenv("OC_EBOARD_SEARCH_DIR"); dir && *dir) return dir;
    return "/dev/serial/by-id";
}

tl::expected<std::string, std::string> resolveEboardPort(const std::string& port, const fs::path& dir) {
    if (port != "auto") return port;
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (dgtLike(entry.path().filename().string())) found.push_back(entry.path().string());
    std::sort(found.begin(), found.end());
    if (found.size() == 1) return found.front();
    if (found.empty())
        return tl::make_unexpected(fmt::format(
            N_("no DGT board found in {}: plug it in and switch it on, or give the port, e.g. --eboard "
               "/dev/ttyACM0 (a Bluetooth board: /dev/rfcomm0)"),
            dir.string()));
    return tl::make_unexpected(
        fmt::format(N_("several DGT boards found in {} ({}): give the one to use with --eboard PORT"),
                    dir.string(), joined(found)));
}

namespace {

// A port the brand cannot use: "auto" finds only DGT boards; LiveChess is reached at its address.
std::optional<std::string> portRefusal(const EboardConfig& c) {
    if (c.brand == eboard::BoardBrand::Millennium && c.port == "auto")
        return std::string(
            N_("auto finds only DGT boards (the Millennium ChessLink's USB id is not known): give the "
               "ChessLink's port, e.g. --eboard /dev/ttyUSB0"));
    if (c.brand == eboard::BoardBrand::LiveChess && c.port.rfind("ws://", 0) != 0)
        return std::string(
            N_("a board through DGT LiveChess needs LiveChess's address as its port, e.g. --eboard "
               "ws://localhost:1982/api/v1.0"));
    return std::nullopt;
}

// No lever to read: the operator's Enter completes the human's move instead (Art. 6.2's press is then
// the operator's Clock pressed, as without a board), and the console says so. The setup refuses
// millennium with lever; only --eboard-brand over a DGT setup gets there. LiveChess passes on the
// clock's times but not the lever's press.
void leverFallback(EboardConfig& c) {
    if (c.attach.commit != eboard::CommitMode::Lever) return;
    if (c.brand == eboard::BoardBrand::Millennium)
        c.note =
            N_("the Millennium ChessLink has no clock, so its moves are committed with Enter (the "
               "setup's commit: lever cannot work)");
    else if (c.brand == eboard::BoardBrand::LiveChess)
        c.note =
            N_("DGT LiveChess does not pass on the clock's lever, so moves are committed with Enter (the "
               "setup's commit: lever cannot work)");
    else
        return;
    c.attach.commit = eboard::CommitMode::Enter;
}

}  // namespace

tl::expected<std::optional<EboardConfig>, std::string> eboardConfig(const event::EventSetup& setup,
                                                                    const std::string& port_flag,
                                                                    const std::string& brand_flag) {
    if (port_flag.empty() && brand_flag.empty() && !setup.eboard) return std::nullopt;
    const event::EboardSetup wanted = setup.eboard.value_or(event::EboardSetup{});
    const std::string brand_name = brand_flag.empty() ? wanted.brand : brand_flag;
    const auto brand = eboard::parseBrand(brand_name);
    if (!brand)
        return tl::make_unexpected(
            fmt::format(N_("--eboard-brand: expected dgt, millennium or livechess, got \"{}\""), brand_name));
    EboardConfig c;
    c.brand = *brand;
    c.port = port_flag.empty() ? wanted.port : port_flag;
    c.serial = wanted.serial;
    if (auto refusal = portRefusal(c)) return tl::make_unexpected(std::move(*refusal));
    c.tracker.settle = eboard::Ms{wanted.settle_ms};
    c.tracker.white_hand = wanted.white_clock == "right" ? eboard::Hand::Right : eboard::Hand::Left;
    c.attach.commit = wanted.commit == "enter"  ? eboard::CommitMode::Enter
                      : wanted.commit == "auto" ? eboard::CommitMode::Auto
                                                : eboard::CommitMode::Lever;
    leverFallback(c);
    return c;
}

EboardThread::EboardThread(EboardConfig config, std::function<void()> wake)
    : config_(std::move(config)), wake_(std::move(wake)) {
    status_.port = config_.port;
    status_.commit = commitName(config_.attach.commit);
    status_.lost = config_.port == "auto"
                       ? fmt::format(N_("looking for a DGT board in {}"), eboardSearchDir().string())
                       : fmt::format(N_("connecting to {}"), config_.port);
    if (!config_.note.empty()) out_.emplace_back(json{{"event", "note"}, {"text", config_.note}});
    thread_ = std::thread([this] { run(); });
}

EboardThread::~EboardThread() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

void EboardThread::onSnapshot(const session::Snapshot& snapshot, session::TimePoint) {
    std::lock_guard lock(mutex_);
    snapshot_ = snapshot;
}

std::vector<EboardItem> EboardThread::take(session::TimePoint now) {
    std::vector<EboardItem> items;
    {
        std::lock_guard lock(mutex_);
        items.swap(out_);
    }
    const auto by = now.time_since_epoch() - SteadyClock::now().time_since_epoch();
    for (EboardItem& item : items)
        if (auto* c = std::get_if<session::Command>(&item)) *c = shifted(std::move(*c), by);
    return items;
}

session::EboardStatus EboardThread::status() const {
    std::lock_guard lock(mutex_);
    return status_;
}

// "auto": the search repeats every half second until one board is found (plugged in late, or one of
// two unplugged); meanwhile the status line says why there is none.
std::optional<std::string> EboardThread::findPort() {
    while (!stop_) {
        auto port = resolveEboardPort(config_.port, eboardSearchDir());
        if (port) return *port;
        bool changed = false;
        {
            std::lock_guard lock(mutex_);
            changed = status_.lost != port.error();
            status_.lost = port.error();
        }
        if (changed && wake_) wake_();
        for (int i = 0; i < 10 && !stop_; ++i) std::this_thread::sleep_for(eboard::Ms{50});
    }
    return std::nullopt;
}

void EboardThread::run() {
    const std::optional<std::string> port = findPort();
    if (!port) return;
    config_.port = *port;
    EboardInput input(*port, config_.tracker, config_.attach, config_.brand, config_.serial);
    while (!stop_) step(input);
}

// One round on the board's thread: the newest snapshot in, 50 ms of reading, what it meant out. Idle,
// the thread sleeps in the port's read (Asio's run_for), never spins.
void EboardThread::step(EboardInput& input) {
    std::optional<session::Snapshot> snap;
    {
        std::lock_guard lock(mutex_);
        snap.swap(snapshot_);
    }
    if (snap) input.onSnapshot(*snap, SteadyClock::now());
    (void)input.poll(eboard::Ms{50});  // the intents below are the commands, in order
    ++polls_;
    std::vector<EboardItem> items;
    noticeRecords(input.lastPoll(), items);
    eventRecords(input.lastPoll(), makesTheMove(input.lastIntents()), items);
    const std::string fen = pictureFen(input);
    for (const eboard::Intent& intent : input.lastIntents()) {
        items.emplace_back(intentRecord(intent, fen, config_.attach.commit, input.computerMove()));
        if (auto command = eboardCommand(intent)) items.emplace_back(std::move(*command));
    }
    publish(input, std::move(items));
}

void EboardThread::publish(EboardInput& input, std::vector<EboardItem> items) {
    std::string lost;
    for (const eboard::LinkNotice& n : input.lastPoll().notices)
        if (const auto* l = std::get_if<eboard::link::Lost>(&n)) lost = l->reason;
    bool changed = !items.empty();
    {
        std::lock_guard lock(mutex_);
        if (lost.empty() && !input.board().connected()) lost = status_.lost;
        session::EboardStatus s = statusOf(input, config_, lost);
        changed = changed || s.connected != status_.connected || s.proposed_uci != status_.proposed_uci ||
                  s.differences != status_.differences || s.lost != status_.lost ||
                  s.clock_present != status_.clock_present || s.board_fen != status_.board_fen ||
                  s.waiting != status_.waiting || s.stray_press != status_.stray_press ||
                  s.turned != status_.turned || s.rook_first != status_.rook_first;
        status_ = std::move(s);
        for (EboardItem& item : items) out_.push_back(std::move(item));
    }
    if (changed && wake_) wake_();
}

}  // namespace oc::host
