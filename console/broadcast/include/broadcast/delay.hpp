#pragma once
// --delay: what was public DURATION ago. Events delay broadcasts (often 15 minutes) against cheating.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "broadcast/journal_follower.hpp"
#include "journal/journal.hpp"

namespace oc::broadcast {

using Delay = std::chrono::milliseconds;

// The longest delay accepted: a day (docs/broadcast.md).
inline constexpr Delay kMaxDelay = std::chrono::hours(24);

// "0", "90s", "15m", "1h", "1h30m", "500ms", at most kMaxDelay; a clear message for anything else.
[[nodiscard]] tl::expected<Delay, std::string> parseDelay(std::string_view text);

// The moment the broadcast shows at `now`: now - delay.
journal::WallTime shownTime(journal::WallTime now, Delay delay);

// When the hub read each record of one journal, on the hub's own clock (issue 35 item 3). A console's
// PC clock may be minutes off in a hall without NTP, so the delay and the published clocks never use a
// record's `wall`: a record counts as written when the hub read it, or earlier when a later record read
// by the hub and the console's monotonic clock (`mono`) between the two prove it (a journal read whole
// at start keeps its game's pace). Every such time is a moment by which the record had certainly been
// written, so a delayed record is never published early. `wall` serves only to measure how far off the
// console's clock is, which the hub says, since that console's papers carry the wrong time too.
// Notices and the journal's break are kept with the time they were seen, so that under --delay they
// are published as late as the records (issue 35 item 4).
class ReadTimes {
  public:
    explicit ReadTimes(Delay delay = Delay{0}) : delay_(delay) {}
    // Notes what `state` holds at `now`: the records new since the last call, its notice, its break.
    void note(const FollowState& state, journal::WallTime now);
    // The hub's time by which record i had been written (i < the records noted).
    journal::WallTime writtenBy(std::size_t i) const { return at_[i]; }
    // How many records were written by `shown` (all of them without a delay).
    std::size_t recordsBy(journal::WallTime shown) const;
    // Whether the break of the journal was seen by `shown`, and the notice that stood then; under a
    // delay without the counts of records read past what is published.
    bool brokenBy(journal::WallTime shown) const;
    std::string noticeAt(journal::WallTime shown) const;
    // The console's clock behind the hub's (negative: ahead), in ms, measured on the first `count`
    // records; nullopt while no record was read soon enough after it was written to tell.
    std::optional<std::int64_t> offsetMs(std::size_t count) const;
    // The notice for an offset past kOffsetNotice; "" otherwise.
    static std::string offsetNotice(std::optional<std::int64_t> offset_ms);
    // `notice` the first time it differs from the one said before; nullopt when said already or "".
    std::optional<std::string> sayOnce(const std::string& notice);

  private:
    void restart(const FollowState& state);
    void noteRecords(const std::vector<journal::Record>& records, journal::WallTime now, bool live);
    void carryBack(const std::vector<journal::Record>& records);

    Delay delay_;
    std::string journal_id_;
    std::uint64_t game_ = 0;
    std::vector<journal::WallTime> at_;  // writtenBy, per record; never decreasing along the journal
    std::vector<bool> measured_;         // read within kReadWindow of a read that did not have it
    std::vector<std::int64_t> wall_ms_;  // the record's own wall time, for the offset
    std::optional<journal::WallTime> last_read_;
    std::optional<journal::WallTime> broken_at_;
    std::deque<std::pair<journal::WallTime, std::string>> notices_;  // each notice from when it stood
    std::string said_;
};

// A console clock further off than this is said (docs/broadcast.md).
inline constexpr std::chrono::milliseconds kOffsetNotice{2000};

}  // namespace oc::broadcast
