#include "eboard/fake_link.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>

#include "eboard/fake_board.hpp"
#include "eboard/fake_millennium.hpp"
#include "fake_drive.hpp"
#include "i18n/mark.hpp"

namespace oc::eboard {

using i18n::N_;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

namespace {

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t start = line.find_first_not_of(" \t\r", at);
        if (start == std::string_view::npos) break;
        const std::size_t end = std::min(line.find_first_of(" \t\r", start), line.size());
        out.push_back(line.substr(start, end - start));
        at = end;
    }
    return out;
}

std::optional<milliseconds> parseDuration(std::string_view text) {
    int factor = 1;
    if (text.ends_with("ms")) {
        text.remove_suffix(2);
    } else if (text.ends_with("s")) {
        text.remove_suffix(1);
        factor = 1000;
    }
    if (text.empty() || text.size() > 7 || text.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    return milliseconds{std::atoi(std::string(text).c_str()) * factor};
}

// "1:29:58" or "29:58" as seconds.
std::optional<int> parseClock(std::string_view text) {
    int total = 0, fields = 0, value = -1;
    for (char c : std::string(text) + ":") {
        if (c == ':') {
            if (value < 0 || (fields > 0 && value > 59) || ++fields > 3) return std::nullopt;
            total = total * 60 + value;
            value = -1;
        } else if (c >= '0' && c <= '9' && value < 1000) {
            value = (value < 0 ? 0 : value * 10) + (c - '0');
        } else {
            return std::nullopt;
        }
    }
    if (fields < 2) return std::nullopt;
    return total;
}

using StepResult = tl::expected<std::optional<FakeStep>, std::string>;
using Words = std::vector<std::string_view>;

tl::expected<rules::Square, std::string> squareArg(std::string_view verb, std::string_view text) {
    if (auto s = rules::parseSquare(text)) return *s;
    return tl::unexpected(fmt::format(N_("'{}' needs a square such as e2, not '{}'"), verb, text));
}

StepResult liftStep(const Words& w) {
    auto s = squareArg(w[0], w[1]);
    if (!s) return tl::unexpected(s.error());
    return fake::Lift{*s};
}

StepResult placeStep(const Words& w) {
    auto s = squareArg(w[0], w[1]);
    if (!s) return tl::unexpected(s.error());
    if (w.size() == 2) return fake::Place{*s, std::nullopt};
    const auto p = w[2].size() == 1 ? parsePlacementFen(std::string(w[2]) + "7/8/8/8/8/8/8/8") : std::nullopt;
    if (!p)
        return tl::unexpected(fmt::format(N_("'place' takes a piece letter such as Q or n, not '{}'"), w[2]));
    return fake::Place{*s, p->cells[56]};
}

StepResult waitStep(const Words& w) {
    if (auto d = parseDuration(w[1])) return fake::Wait{*d};
    return tl::unexpected(fmt::format(N_("'wait' takes a duration such as 300ms or 2s, not '{}'"), w[1]));
}

// "clock 1:29:58 1:30:00 [+10s]": the times, and the increment a press adds.
StepResult clockStep(const Words& w) {
    const auto left = parseClock(w[1]), right = parseClock(w[2]);
    std::optional<milliseconds> increment = milliseconds{0};
    if (w.size() == 4) increment = w[3].starts_with('+') ? parseDuration(w[3].substr(1)) : std::nullopt;
    if (left && right && increment && increment->count() % 1000 == 0 && *increment <= std::chrono::hours{1})
        return fake::SetClock{*left, *right, static_cast<int>(increment->count() / 1000)};
    return tl::unexpected(std::string(
        N_("'clock' takes the left and right times and an increment, e.g. clock 1:29:58 1:30:00 or clock "
           "0:15:00 0:15:00 +10s")));
}

StepResult garbageStep(const Words& w) {
    const auto d = parseDuration(w[1]);  // digits only: a count
    if (d && !w[1].ends_with('s') && d->count() <= 100000) return fake::Garbage{static_cast<int>(d->count())};
    return tl::unexpected(fmt::format(N_("'garbage' takes a byte count up to 100000, not '{}'"), w[1]));
}

// `setup` reads the placement field only: the rest of a pasted FEN is ignored.
StepResult setupStep(const Words& w) {
    if (auto p = parsePlacementFen(w[1])) return fake::Setup{*p};
    return tl::unexpected(fmt::format(N_("'setup' takes a FEN's piece placement, not '{}'"), w[1]));
}

StepResult pressStep(const Words& w) {
    if (w.size() == 1) return fake::Press{};
    if (w[1] == "left" || w[1] == "right")
        return fake::Press{w[1] == "left" ? fake::ClockHalf::Left : fake::ClockHalf::Right};
    return tl::unexpected(fmt::format(N_("'press' takes left or right (the clock's half), not '{}'"), w[1]));
}

template <class Step>
StepResult bare(const Words&) {
    return Step{};
}

// Each step's verb, its number of words (the verb included) and its parser.
struct StepKind {
    std::string_view verb;
    std::size_t min_words, max_words;
    StepResult (*parse)(const Words&);
};

constexpr StepKind kStepKinds[] = {
    {"lift", 2, 2, liftStep},
    {"place", 2, 3, placeStep},
    {"press", 1, 2, pressStep},
    {"unplug", 1, 1, bare<fake::Unplug>},
    {"replug", 1, 1, bare<fake::Replug>},
    {"quit", 1, 1, bare<fake::Quit>},
    {"start", 1, 1, bare<fake::Start>},
    {"wait", 2, 2, waitStep},
    {"clock", 3, 4, clockStep},
    {"garbage", 2, 2, garbageStep},
    {"setup", 2, SIZE_MAX, setupStep},
};

}  // namespace

StepResult parseFakeStep(std::string_view line) {
    const Words w = words(line);
    if (w.empty() || w[0].starts_with('#')) return std::nullopt;
    for (const StepKind& k : kStepKinds)
        if (w[0] == k.verb && w.size() >= k.min_words && w.size() <= k.max_words) return k.parse(w);
    return tl::unexpected(
        fmt::format(N_("unknown line '{}': expected lift e2, place e4 [Q], press [left|right], start, wait "
                       "300ms, clock 1:29:58 1:30:00 [+10s], unplug, "
                       "replug, garbage 40, setup FEN or quit"),
                    line));
}

namespace {

// The pseudo-terminal and the symlink to its slave.
class Pty {
  public:
    explicit Pty(std::string link) : link_(std::move(link)) {}
    ~Pty() { close(); }
    Pty(const Pty&) = delete;
    Pty& operator=(const Pty&) = delete;

    tl::expected<std::string, std::string> open() {
        master_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
        if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0) return fail("posix_openpt");
        const char* name = ::ptsname(master_);
        if (name == nullptr) return fail("ptsname");
        const std::string slave_name = name;
        // The fake keeps the slave open itself, so that the master does not read EIO between consoles.
        slave_ = ::open(slave_name.c_str(), O_RDWR | O_NOCTTY);
        if (slave_ < 0) return fail("open slave");
        for (int fd : {master_, slave_}) raw(fd);
        const std::string tmp = link_ + ".new";
        ::unlink(tmp.c_str());
        if (::symlink(slave_name.c_str(), tmp.c_str()) != 0 || ::rename(tmp.c_str(), link_.c_str()) != 0)
            return fail("symlink");
        return slave_name;
    }
    void close() {
        if (master_ >= 0) ::close(master_);
        if (slave_ >= 0) ::close(slave_);
        if (master_ >= 0) ::unlink(link_.c_str());
        master_ = slave_ = -1;
    }
    int master() const { return master_; }
    // Writes what the pty takes; a console that does not read loses the rest, as with a real cable.
    void write(const std::vector<std::uint8_t>& bytes) const {
        if (master_ >= 0 && !bytes.empty()) (void)!::write(master_, bytes.data(), bytes.size());
    }

  private:
    static void raw(int fd) {
        termios t{};
        if (::tcgetattr(fd, &t) != 0) return;
        ::cfmakeraw(&t);
        ::tcsetattr(fd, TCSANOW, &t);
    }
    tl::unexpected<std::string> fail(const char* what) {
        const std::string message =
            fmt::format(N_("cannot create the fake board's pty ({}): {}"), what, std::strerror(errno));
        close();
        return tl::unexpected(message);
    }
    std::string link_;
    int master_ = -1;
    int slave_ = -1;
};

class FakeRun {
  public:
    FakeRun(const FakeOptions& o, const std::function<void(const std::string&)>& log)
        : options_(o), log_(log), pty_(o.link), board_(hardware(o)), rng_(o.seed) {}

    bool plug() {
        auto name = pty_.open();
        if (!name) {
            log_(name.error());
            return false;
        }
        log_(options_.brand == BoardBrand::Millennium
                 ? fmt::format(N_("fake Millennium ChessLink on {} ({})"), options_.link, *name)
                 : fmt::format(N_("fake DGT board on {} ({})"), options_.link, *name));
        return true;
    }

    // Serves the console for `d`: answers its commands, lets the clock run.
    void serve(milliseconds d, const std::atomic<bool>& stop, int extra_fd = -1) {
        const auto end = Clock::now() + d;
        while (!stop && Clock::now() < end && !(extra_fd >= 0 && readable_)) {
            const auto left = std::chrono::duration_cast<milliseconds>(end - Clock::now());
            pollOnce(std::clamp(left, milliseconds{0}, milliseconds{50}), extra_fd);
        }
    }
    bool extraReadable() { return std::exchange(readable_, false); }
    bool run(const FakeStep& step);
    void press(const fake::Press& p);
    int exitCode() const {
        if (board_->forbiddenSeen().empty()) return 0;
        for (std::uint8_t b : board_->forbiddenSeen())
            log_(fmt::format(N_("the console sent a forbidden command: 0x{:02X}"), b));
        return 1;
    }

  private:
    static Placement initial(const FakeOptions& o) {
        Placement p = placementOf(rules::Position::startpos());
        if (o.fen)
            if (auto parsed = parsePlacementFen(*o.fen)) p = *parsed;
        return o.turned ? turned(p) : p;
    }
    static std::unique_ptr<FakeHardware> hardware(const FakeOptions& o) {
        if (o.brand == BoardBrand::Millennium) return std::make_unique<FakeChessLink>(initial(o), o.turned);
        FakeIdentity identity;
        identity.bluetooth = o.bluetooth;
        return std::make_unique<FakeBoard>(initial(o), o.with_clock, identity);
    }
    rules::Square sensor(rules::Square s) const {
        return options_.turned ? rules::squareAt(63 - rules::index(s)) : s;
    }
    void pollOnce(milliseconds wait, int extra_fd) {
        pollfd fds[2] = {{pty_.master(), POLLIN, 0}, {extra_fd, POLLIN, 0}};
        const nfds_t count = extra_fd >= 0 ? 2 : 1;
        if (pty_.master() < 0) fds[0].fd = -1;
        ::poll(fds, count, static_cast<int>(wait.count()));
        if (fds[0].revents & POLLIN) readConsole();
        if (count == 2 && (fds[1].revents & (POLLIN | POLLHUP))) readable_ = true;
        const auto now = Clock::now();
        pty_.write(board_->tick(std::chrono::duration_cast<milliseconds>(now - last_tick_)));
        last_tick_ = now;
    }
    void readConsole() {
        std::uint8_t buffer[256];
        const ssize_t n = ::read(pty_.master(), buffer, sizeof buffer);
        if (n <= 0) return;
        const std::string before = board_->shownLine();
        pty_.write(board_->receive(std::span(buffer, static_cast<std::size_t>(n))));
        if (board_->shownLine() != before) log_(board_->shownLine());
    }

    const FakeOptions& options_;
    const std::function<void(const std::string&)>& log_;
    Pty pty_;
    std::unique_ptr<FakeHardware> board_;
    std::mt19937 rng_;
    std::vector<Cell> hand_;
    Clock::time_point last_tick_ = Clock::now();
    bool readable_ = false;
};

// A half's button moves the lever only when that half is up: pressing the half already down does
// nothing on a real clock, and is logged so a script's wrong side shows.
void FakeRun::press(const fake::Press& p) {
    const std::optional<bool> right_up = board_->rightHalfUp();
    if (p.half && right_up && (*p.half == fake::ClockHalf::Right) != *right_up) {
        log_(*p.half == fake::ClockHalf::Left ? N_("press of the left half ignored: it is already down")
                                              : N_("press of the right half ignored: it is already down"));
        return;
    }
    pty_.write(board_->press());
}

bool FakeRun::run(const FakeStep& step) {
    std::visit(
        [&](const auto& s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, fake::Lift>) {
                hand_.push_back(board_->at(sensor(s.square)));
                pty_.write(board_->lift(sensor(s.square)));
            } else if constexpr (std::is_same_v<T, fake::Place>) {
                Cell c = s.piece.value_or(hand_.empty() ? Cell::Empty : hand_.back());
                if (!s.piece && !hand_.empty()) hand_.pop_back();
                pty_.write(board_->place(sensor(s.square), c));
            } else if constexpr (std::is_same_v<T, fake::Press>) {
                press(s);
            } else if constexpr (std::is_same_v<T, fake::Start>) {
                pty_.write(board_->start());
            } else if constexpr (std::is_same_v<T, fake::SetClock>) {
                pty_.write(board_->setClock(s.left_seconds, s.right_seconds, s.increment_seconds));
            } else if constexpr (std::is_same_v<T, fake::Unplug>) {
                pty_.close();
                board_->disconnect();
                log_(fmt::format(N_("unplugged {}"), options_.link));
            } else if constexpr (std::is_same_v<T, fake::Replug>) {
                if (pty_.master() < 0) plug();
            } else if constexpr (std::is_same_v<T, fake::Garbage>) {
                pty_.write(board_->garbage(rng_, s.bytes));
            } else if constexpr (std::is_same_v<T, fake::Setup>) {
                for (int i = 0; i < 64; ++i) {
                    const rules::Square sq = rules::squareAt(i);
                    if (board_->at(sensor(sq)) != s.placement[sq])
                        pty_.write(board_->place(sensor(sq), s.placement[sq]));
                }
            }
        },
        step);
    return !std::holds_alternative<fake::Quit>(step);
}

// A step the board cannot do: the ChessLink has no clock, so no lever and no times.
std::optional<std::string> refusedStep(const FakeOptions& o, const FakeStep& step) {
    if (o.brand != BoardBrand::Millennium) return std::nullopt;
    if (std::holds_alternative<fake::Press>(step) || std::holds_alternative<fake::SetClock>(step) ||
        std::holds_alternative<fake::Start>(step))
        return std::string(
            N_("the Millennium ChessLink has no clock: 'press', 'start' and 'clock' are for a DGT "
               "board with a clock (--brand dgt --clock)"));
    return std::nullopt;
}

}  // namespace

int runFakeBoard(const FakeOptions& options, const std::optional<std::vector<std::string>>& script,
                 const std::function<void(const std::string&)>& log, const std::atomic<bool>& stop) {
    FakeRun run(options, log);
    if (!run.plug()) return 2;
    return detail::driveFake(
        run, [&](const FakeStep& step) { return refusedStep(options, step); }, script, log, stop);
}

namespace detail {

std::vector<std::string> readStdinLines(std::string& pending, bool& eof) {
    char buffer[256];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n <= 0) eof = true;
    if (n > 0) pending.append(buffer, static_cast<std::size_t>(n));
    if (eof && !pending.empty() && pending.back() != '\n') pending += '\n';
    std::vector<std::string> lines;
    for (std::size_t nl = pending.find('\n'); nl != std::string::npos; nl = pending.find('\n')) {
        lines.push_back(pending.substr(0, nl));
        pending.erase(0, nl + 1);
    }
    return lines;
}

}  // namespace detail

}  // namespace oc::eboard
