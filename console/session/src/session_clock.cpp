// SessionClock: a self-contained FIDE mirror clock used until clock/ lands (then this becomes an adapter).
// Periods "N moves or rest of game" with Fischer increment; the E.III 2.1 budget; the E.III 2.2 faster rate.
#include "session_clock.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <sstream>

#include "session/script.hpp"

namespace oc::session {
namespace {

using rules::Color;

struct Period {
    int moves = 0;  // 0: the rest of the game
    Ms base{0}, inc{0};
};

tl::expected<Period, std::string> parsePeriod(std::string text) {
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    Period p;
    if (auto slash = text.find('/'); slash != std::string::npos) {
        try {
            p.moves = std::stoi(text.substr(0, slash));
        } catch (...) {
            return tl::make_unexpected(
                fmt::format("\"{}\": the move count before '/' is not a number", text));
        }
        text = text.substr(slash + 1);
    }
    auto plus = text.find('+');
    std::string base = text.substr(0, plus), inc = plus == std::string::npos ? "0" : text.substr(plus + 1);
    auto b = parseDuration(base), i = parseDuration(inc);
    if (!b || *b <= Ms(0)) return tl::make_unexpected(fmt::format("\"{}\": bad base time (e.g. 90m)", base));
    if (!i || *i < Ms(0)) return tl::make_unexpected(fmt::format("\"{}\": bad increment (e.g. 30s)", inc));
    p.base = *b;
    p.inc = *i;
    return p;
}

}  // namespace

struct SessionClock::Impl {
    std::vector<Period> periods;
    int edition = 2023;
    std::string classification = "standard";
    rules::ByColor<Ms> left;
    rules::ByColor<int> moves_done;
    std::optional<Color> running_side;
    TimePoint since{};
    bool is_paused = false;
    Ms reserve_start{5000};
    Ms faster_threshold{120000};
    std::deque<Ms> handling;
    bool faster = false;
    int faster_until_move = 0;  // the move count at which the current control is passed

    const Period& periodFor(int moves_done_by_side) const {
        int acc = 0;
        for (const auto& p : periods) {
            if (p.moves == 0 || moves_done_by_side < acc + p.moves) return p;
            acc += p.moves;
        }
        return periods.back();
    }
    // Moves to the next control for a side that has made `done` moves; 0 in sudden death.
    int movesToGo(int done) const {
        int acc = 0;
        for (const auto& p : periods) {
            if (p.moves == 0) return 0;
            acc += p.moves;
            if (done < acc) return acc - done;
        }
        return 0;
    }
    Ms reserve() const {
        if (handling.empty()) return reserve_start;
        std::vector<Ms> sorted(handling.begin(), handling.end());
        std::sort(sorted.begin(), sorted.end());
        Ms p95 = sorted[std::min(sorted.size() - 1, sorted.size() * 95 / 100)];
        return std::max(p95, Ms(500));
    }
    void elapse(TimePoint t) {
        if (running_side && !is_paused && t > since)
            left[*running_side] -= std::chrono::duration_cast<Ms>(t - since);
        since = std::max(since, t);
    }
};

SessionClock::SessionClock() : impl_(std::make_unique<Impl>()) {}
SessionClock::~SessionClock() = default;
SessionClock::SessionClock(const SessionClock& o) : impl_(std::make_unique<Impl>(*o.impl_)) {}
SessionClock& SessionClock::operator=(const SessionClock& o) {
    impl_ = std::make_unique<Impl>(*o.impl_);
    return *this;
}
SessionClock::SessionClock(SessionClock&&) noexcept = default;
SessionClock& SessionClock::operator=(SessionClock&&) noexcept = default;

tl::expected<SessionClock, std::string> SessionClock::create(const std::string& tc, int edition,
                                                             const std::string& classification,
                                                             double reserve_s, double faster_threshold_s) {
    SessionClock c;
    std::stringstream in(tc);
    for (std::string part; std::getline(in, part, ',');) {
        auto p = parsePeriod(part);
        if (!p) return tl::make_unexpected(p.error());
        c.impl_->periods.push_back(*p);
    }
    if (c.impl_->periods.empty()) return tl::make_unexpected("empty time control");
    Impl& s = *c.impl_;
    s.edition = edition;
    Ms total = s.periods[0].base + 60 * s.periods[0].inc;  // App. A/B: T = base + 60 x increment
    s.classification = classification != "auto"               ? classification
                       : total > Ms(std::chrono::minutes(60)) ? "standard"
                       : total > Ms(std::chrono::minutes(10)) ? "rapid"
                                                              : "blitz";
    s.left[Color::White] = s.left[Color::Black] = s.periods[0].base;
    s.reserve_start = Ms(static_cast<long long>(reserve_s * 1000));
    s.faster_threshold = Ms(static_cast<long long>(faster_threshold_s * 1000));
    return c;
}

void SessionClock::start(TimePoint t) {
    impl_->running_side = Color::White;
    impl_->since = t;
}

// Art. 6.2: the mover's time stops, the increment is added, the opponent's clock starts.
void SessionClock::press(TimePoint t) {
    Impl& s = *impl_;
    if (!s.running_side) return;
    s.elapse(t);
    Color c = *s.running_side;
    s.left[c] += s.periodFor(s.moves_done[c]).inc;  // Q11: increment from move 1
    int before = s.moves_done[c]++;
    if (s.movesToGo(before) == 1) s.left[c] += s.periodFor(s.moves_done[c]).base;  // control passed
    s.running_side = ~c;
}

void SessionClock::restartTurn(Color side, TimePoint t) {
    impl_->elapse(t);
    impl_->running_side = side;
}

void SessionClock::sync(std::optional<Ms> white, std::optional<Ms> black, TimePoint t) {
    impl_->elapse(t);
    if (white) impl_->left[Color::White] = *white;
    if (black) impl_->left[Color::Black] = *black;
}

void SessionClock::pause(TimePoint t) {
    impl_->elapse(t);
    impl_->is_paused = true;
}
void SessionClock::resume(TimePoint t) {
    impl_->since = t;
    impl_->is_paused = false;
}
void SessionClock::adjust(Color side, Ms delta) {
    impl_->left[side] += delta;
}

Ms SessionClock::remaining(Color side, TimePoint t) const {
    Ms v = impl_->left[side];
    if (impl_->running_side == side && !impl_->is_paused && t > impl_->since)
        v -= std::chrono::duration_cast<Ms>(t - impl_->since);
    return v;
}
std::optional<Color> SessionClock::running() const {
    return impl_->running_side;
}
bool SessionClock::paused() const {
    return impl_->is_paused;
}

// E.III 2.1: the engine gets the official time minus the operator's handling for every move to the
// control (or a 30-move horizon in sudden death); never below a small floor.
GoParams SessionClock::budget(Color computer, TimePoint t) const {
    const Impl& s = *impl_;
    int done = s.moves_done[computer];
    int mtg = s.movesToGo(done);
    int horizon = mtg > 0 ? mtg : 30;
    Ms own = remaining(computer, t) - horizon * s.reserve();
    Ms floor = std::max(Ms(100), remaining(computer, t) / 20);
    if (s.faster) own = own / 2;  // E.III 2.2: a faster rate until the control
    GoParams g;
    g.wtime = remaining(Color::White, t);
    g.btime = remaining(Color::Black, t);
    (computer == Color::White ? g.wtime : g.btime) = std::max(own, floor);
    Ms inc = s.periodFor(done).inc;
    Ms inc_usable = std::max(Ms(0), inc - s.reserve());
    g.winc = computer == Color::White ? inc_usable : s.periodFor(s.moves_done[Color::White]).inc;
    g.binc = computer == Color::Black ? inc_usable : s.periodFor(s.moves_done[Color::Black]).inc;
    g.movestogo = mtg;
    return g;
}

void SessionClock::recordHandling(Ms handling) {
    impl_->handling.push_back(handling);
    if (impl_->handling.size() > 20) impl_->handling.pop_front();
}

bool SessionClock::fasterRateAvailable(Color computer, TimePoint t) const {
    return !impl_->faster && remaining(computer, t) < impl_->faster_threshold;
}
bool SessionClock::fasterRate() const {
    return impl_->faster;
}

tl::expected<void, std::string> SessionClock::setFasterRate(bool on, Color computer, TimePoint t) {
    Impl& s = *impl_;
    if (on) {
        if (s.faster) return tl::make_unexpected("the faster rate is already on");
        if (!fasterRateAvailable(computer, t))
            return tl::make_unexpected(
                "the faster rate is available only when the computer is short of time (E.III 2.2)");
        s.faster = true;
        int mtg = s.movesToGo(s.moves_done[computer]);
        s.faster_until_move = mtg > 0 ? s.moves_done[computer] + mtg : 1 << 30;
        return {};
    }
    if (!s.faster) return tl::make_unexpected("the faster rate is not on");
    if (s.moves_done[computer] < s.faster_until_move)
        return tl::make_unexpected(fmt::format(
            "the faster rate stays on until the time control is passed (after move {}, E.III 2.2)",
            s.faster_until_move));
    s.faster = false;
    return {};
}

bool SessionClock::rapidOrBlitz() const {
    return impl_->classification != "standard";
}

Ms SessionClock::illegalMoveBonus() const {
    // 2023 Art. 7.5.5 / A.3: +2 min standard, +1 min rapid and blitz; 2005 7.4(b): +2 min.
    return impl_->edition == 2023 && rapidOrBlitz() ? Ms(60000) : Ms(120000);
}

// Art. 9.5: 2005 opponent +3 min and the claimant's time cut; 2023 opponent +2 (rapid/blitz +1) min.
std::string SessionClock::penalizeClaim(Color claimant, TimePoint t) {
    Impl& s = *impl_;
    s.elapse(t);
    if (s.edition == 2023) {
        Ms bonus = rapidOrBlitz() ? Ms(60000) : Ms(120000);
        s.left[~claimant] += bonus;
        return fmt::format("incorrect claim (Art. 9.5.3): opponent +{} min", bonus.count() / 60000);
    }
    Ms h = s.left[claimant];
    s.left[~claimant] += Ms(180000);
    if (h == Ms(120000) || h == Ms(60000))
        return "incorrect claim (Art. 9.5(b)): opponent +3 min; claimant at exactly 2:00/1:00 - arbiter "
               "decides (Q7)";
    if (h > Ms(120000))
        s.left[claimant] = h - std::min(h / 2, Ms(180000));
    else if (h > Ms(60000))
        s.left[claimant] = Ms(60000);
    return "incorrect claim (Art. 9.5(b)): opponent +3 min, claimant's time cut";
}

std::string SessionClock::pgnTimeControl() const {
    std::string out;
    for (const auto& p : impl_->periods) {
        if (!out.empty()) out += ":";
        if (p.moves) out += fmt::format("{}/", p.moves);
        out += fmt::format("{}", p.base.count() / 1000);
        if (p.inc.count()) out += fmt::format("+{}", p.inc.count() / 1000);
    }
    return out;
}

}  // namespace oc::session
