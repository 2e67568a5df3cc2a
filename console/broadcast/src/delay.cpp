#include "broadcast/delay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

#include "i18n/mark.hpp"

namespace oc::broadcast {
namespace {

std::optional<std::chrono::milliseconds> unitMs(std::string_view unit) {
    if (unit == "ms") return std::chrono::milliseconds(1);
    if (unit == "s") return std::chrono::milliseconds(1000);
    if (unit == "m" || unit == "min") return std::chrono::milliseconds(60'000);
    if (unit == "h") return std::chrono::milliseconds(3'600'000);
    return std::nullopt;
}

// A broadcast delayed by more than a day would publish nothing of the event it serves, and an
// absurd one ("999999999h") put as_of in the year 19019 (issue 35 item 11).
tl::unexpected<std::string> tooLong(std::string_view text) {
    return tl::unexpected(
        fmt::format(i18n::N_("--delay \"{}\": longer than a day; give at most 24h, e.g. 15m"), text));
}

}  // namespace

tl::expected<Delay, std::string> parseDelay(std::string_view text) {
    const std::string bad = fmt::format(
        i18n::N_("--delay \"{}\": expected a duration such as 0, 90s, 15m, 1h or 1h30m (units ms, s, m, h)"),
        text);
    if (text == "0") return Delay{0};
    if (text.empty()) return tl::make_unexpected(bad);
    Delay total{0};
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t digits = i;
        while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
        std::size_t letters = digits;
        while (letters < text.size() && std::isalpha(static_cast<unsigned char>(text[letters]))) ++letters;
        auto unit = unitMs(text.substr(digits, letters - digits));
        if (digits == i || digits - i > 9 || !unit) return tl::make_unexpected(bad);
        total += std::stoll(std::string(text.substr(i, digits - i))) * *unit;
        // Checked after each part, so that no sum of parts can overflow either.
        if (total > kMaxDelay) return tooLong(text);
        i = letters;
    }
    return total;
}

journal::WallTime shownTime(journal::WallTime now, Delay delay) {
    return now - delay;
}

namespace {

// Records read within this of a read that did not have them were written in between: they measure the
// console's clock. The hub reads every 100 ms; a read after a longer gap (a stalled network share, the
// first read of a journal) only bounds when its records were written.
constexpr std::chrono::milliseconds kReadWindow{2000};
// How far apart a record's monotonic and wall times may move while the console's run goes on; more is a
// step of its PC clock, a restart of the program or another computer, after which mono says nothing.
constexpr std::chrono::milliseconds kSameRun{1000};
// The offset is the least of the recent measurements (each is the truth plus the hub's reading delay),
// looking back this many measurements, and this many records at most.
constexpr std::size_t kOffsetMeasurements = 16;
constexpr std::size_t kOffsetLookBack = 256;

bool sameRun(const journal::Record& before, const journal::Record& after) {
    const auto mono = after.mono - before.mono;
    const auto wall = after.wall - before.wall;
    return mono.count() >= 0 && std::chrono::abs(mono - wall) <= kSameRun;
}

std::int64_t msOf(journal::WallTime t) {
    return t.time_since_epoch().count();
}

}  // namespace

void ReadTimes::restart(const FollowState& state) {
    journal_id_ = state.records.empty() ? std::string() : state.records[0].hash;
    game_ = state.game;
    at_.clear();
    measured_.clear();
    wall_ms_.clear();
    broken_at_.reset();
}

// Each record written before the next: by the time the next was, less the mono time between them when
// the console's run went on.
void ReadTimes::carryBack(const std::vector<journal::Record>& records) {
    for (std::size_t i = at_.size() - 1; i > 0; --i) {
        journal::WallTime by = at_[i];
        if (sameRun(records[i - 1], records[i])) by -= records[i].mono - records[i - 1].mono;
        if (by >= at_[i - 1]) return;
        at_[i - 1] = by;
    }
}

void ReadTimes::noteRecords(const std::vector<journal::Record>& records, journal::WallTime now, bool live) {
    if (records.size() == at_.size()) return;
    for (std::size_t i = at_.size(); i < records.size(); ++i) {
        at_.push_back(now);
        measured_.push_back(live);
        wall_ms_.push_back(msOf(records[i].wall));
    }
    carryBack(records);
}

void ReadTimes::note(const FollowState& state, journal::WallTime now) {
    const auto& records = state.records;
    const bool other = !records.empty() && !journal_id_.empty() && records[0].hash != journal_id_;
    const bool new_game = state.game != game_;
    if (new_game || records.size() < at_.size() || other) restart(state);
    if (journal_id_.empty() && !records.empty()) journal_id_ = records[0].hash;
    // Live: this journal was read before, a moment ago, without these records.
    const bool live = !at_.empty() && last_read_ && now - *last_read_ <= kReadWindow;
    noteRecords(records, now, live);
    last_read_ = now;
    if (!state.broken_index) broken_at_.reset();
    if (state.broken_index && !broken_at_) broken_at_ = now;
    const std::string notice = followNotice(state, delay_ == Delay{0});
    // A new game on the board is the hub operator's decision, public at once; its records wait as any.
    if (notices_.empty() || notices_.back().second != notice)
        notices_.emplace_back(new_game ? now - delay_ : now, notice);
    // What no later moment shown (now - delay or after) can show any more.
    while (notices_.size() > 1 && notices_[1].first <= now - delay_) notices_.pop_front();
}

std::size_t ReadTimes::recordsBy(journal::WallTime shown) const {
    if (delay_ == Delay{0}) return at_.size();
    return static_cast<std::size_t>(std::upper_bound(at_.begin(), at_.end(), shown) - at_.begin());
}

bool ReadTimes::brokenBy(journal::WallTime shown) const {
    return broken_at_ && (delay_ == Delay{0} || *broken_at_ <= shown);
}

std::string ReadTimes::noticeAt(journal::WallTime shown) const {
    std::string notice;
    for (const auto& [since, text] : notices_)
        if (delay_ == Delay{0} || since <= shown) notice = text;
    return notice;
}

std::optional<std::int64_t> ReadTimes::offsetMs(std::size_t count) const {
    std::optional<std::int64_t> least;
    std::size_t measurements = 0;
    const std::size_t end = std::min(count, at_.size());
    for (std::size_t i = end; i > 0 && end - i < kOffsetLookBack && measurements < kOffsetMeasurements; --i) {
        if (!measured_[i - 1]) continue;
        ++measurements;
        const std::int64_t offset = msOf(at_[i - 1]) - wall_ms_[i - 1];
        least = least ? std::min(*least, offset) : offset;
    }
    return least;
}

std::string ReadTimes::offsetNotice(std::optional<std::int64_t> offset_ms) {
    if (!offset_ms || std::abs(*offset_ms) <= kOffsetNotice.count()) return "";
    const std::int64_t seconds = (std::abs(*offset_ms) + 500) / 1000;
    if (*offset_ms > 0)
        return fmt::format(
            i18n::N_("this console's clock is {} s behind the hub's: its papers carry a wrong time"),
            seconds);
    return fmt::format(
        i18n::N_("this console's clock is {} s ahead of the hub's: its papers carry a wrong time"), seconds);
}

std::optional<std::string> ReadTimes::sayOnce(const std::string& notice) {
    if (notice == said_) return std::nullopt;
    said_ = notice;
    if (notice.empty()) return std::nullopt;
    return notice;
}

}  // namespace oc::broadcast
