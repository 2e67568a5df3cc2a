// Issue 35 items 3 and 4: the delay and the published clocks run on the hub's own clock, whatever a
// console's PC clock says (a hall without NTP), the hub says how far off a console's clock is, and under
// --delay nothing about the board (notices, a break, the timing of updates) comes before its records.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "broadcast/render.hpp"
#include "growing_journal.hpp"

namespace oc::broadcast {
namespace {

using namespace std::chrono_literals;
const std::filesystem::path kData = OC_BROADCAST_DATA;
const journal::WallTime kT0 = *journal::parseWallTime("2026-12-03T09:00:00.000Z");

journal::WallTime writtenAt(std::size_t i) {
    return kT0 + std::chrono::seconds(10 * i);
}

// finished.journal, its first `count` records written at kT0 + i * 10 s of the hub's clock, by a console
// whose clock is `skew` off (negative: behind the hub's).
test::GrowingJournal console(const std::string& name, std::chrono::milliseconds skew,
                             std::size_t count = SIZE_MAX) {
    auto records = test::recordsOf(kData / "finished.journal");
    if (records.size() > count) records.resize(count);
    for (std::size_t i = 0; i < records.size(); ++i) records[i].wall = writtenAt(i) + skew;
    const auto file = std::filesystem::temp_directory_path() /
                      ("oc-hub-clock-" + std::to_string(::getpid()) + "-" + name + ".journal");
    std::filesystem::remove(file);
    return test::GrowingJournal{file, records, writtenAt};
}

// The last record read by `shown` on the hub's clock: what a delayed board shows then.
std::optional<std::size_t> lastReadBy(journal::WallTime shown, std::size_t records) {
    if (shown < writtenAt(0)) return std::nullopt;
    return std::min<std::size_t>(records - 1, static_cast<std::size_t>((shown - kT0) / 10s));
}

// Polled every 100 ms through the whole game: a record is published exactly 30 s of the hub's clock after
// the hub read it, never sooner (a console 20 s behind had its records published after 10 s) nor later.
void expectTheDelayOnTheHubsClock(std::chrono::milliseconds skew, const char* name) {
    auto g = console(name, skew);
    Hub hub({g.file}, 30s);
    const auto end = writtenAt(g.records.size()) + 60s;
    std::vector<std::string> said;  // what the hub's operator reads on standard error
    for (auto t = kT0; t <= end; t += 100ms) {
        g.until(hub, t);
        for (auto& m : hub.takeMessages()) said.push_back(m);
        const BoardView& v = hub.views()[0];
        const auto expected = lastReadBy(t - 30s, g.records.size());
        ASSERT_EQ(v.journal_head.empty(), !expected) << journal::formatWallTime(t);
        if (expected) {
            ASSERT_EQ(v.journal_seq, *expected) << journal::formatWallTime(t);
        }
    }
    // The console's clock, measured on the records the hub read as they were written.
    const nlohmann::json j = boardJson(hub.views()[0]);
    ASSERT_TRUE(j["clock_offset_ms"].is_number()) << j.dump();
    EXPECT_EQ(j["clock_offset_ms"].get<std::int64_t>(), -skew.count());
    const std::string words =
        skew < 0ms ? "this console's clock is 20 s behind the hub's: its papers carry a wrong time"
                   : "this console's clock is 20 s ahead of the hub's: its papers carry a wrong time";
    EXPECT_EQ(j["clock_notice"], words);
    // Said once, however many records measured it again.
    EXPECT_EQ(std::count(said.begin(), said.end(), "board 1: " + words), 1) << ::testing::PrintToString(said);
    std::filesystem::remove(g.file);
}

TEST(BroadcastHubClock, TheDelayCountsFromWhenTheHubReadARecordNotFromItsWallTime) {
    expectTheDelayOnTheHubsClock(-20s, "behind");
}

TEST(BroadcastHubClock, AConsoleClockAheadDelaysNothingFurther) {
    expectTheDelayOnTheHubsClock(20s, "ahead");
}

// The hub's operator is told once per change (of the whole seconds), not at every record that measures it.
TEST(BroadcastHubClock, TheOffsetIsSaidOncePerChange) {
    ReadTimes read;
    const std::string behind = ReadTimes::offsetNotice(20'040);
    EXPECT_EQ(behind, "this console's clock is 20 s behind the hub's: its papers carry a wrong time");
    EXPECT_EQ(ReadTimes::offsetNotice(-2'600),
              "this console's clock is 3 s ahead of the hub's: its papers carry a wrong time");
    EXPECT_EQ(ReadTimes::offsetNotice(2'000), "");
    EXPECT_EQ(ReadTimes::offsetNotice(std::nullopt), "");
    EXPECT_EQ(read.sayOnce(behind), behind);
    EXPECT_EQ(read.sayOnce(ReadTimes::offsetNotice(19'900)), std::nullopt);
    EXPECT_EQ(read.sayOnce(""), std::nullopt);
    EXPECT_EQ(read.sayOnce(behind), behind);
}

// Without a delay, the running clock shown is the truth on the hub's clock whatever the console's says
// (a console 20 s behind had it shown 20 s low all game).
TEST(BroadcastHubClock, TheRunningClockIsRightWhateverTheConsolesClock) {
    const std::size_t count = 37;  // up to 2... Nc6, clock pressed: White thinks
    const auto now = writtenAt(count - 1) + 45s;
    auto truth = console("truth", 0ms, count);
    FollowState state;
    state.records = truth.records;
    const std::int64_t white_ms = buildView(1, state, count, now).clocks.white_ms;
    for (auto skew : {-20s, 0s, 20s, -300s}) {
        auto g = console("skew" + std::to_string(skew.count()), skew, count);
        Hub hub({g.file}, Delay{0});
        for (auto t = kT0; t <= now; t += 1s) g.until(hub, t);
        const nlohmann::json j = boardJson(hub.views()[0]);
        ASSERT_EQ(j["clocks"]["running"], "white") << j.dump();
        // What a page shows at `now` (docs/broadcast.md: counted down from as_of).
        const auto as_of = *journal::parseWallTime(j["clocks"]["as_of"].get<std::string>());
        const std::int64_t shown = j["clocks"]["white_ms"].get<std::int64_t>() - (now - as_of).count();
        EXPECT_EQ(shown, white_ms) << "console clock off by " << skew.count() << " s";
        std::filesystem::remove(g.file);
    }
    std::filesystem::remove(truth.file);
}

// Under --delay the file loses records ("the file holds 10 of the 40 records already read"): the notice
// comes 60 s later, like the records read before it, and says no count; every update between is a
// record becoming public, so the timing of the updates tells nothing either.
TEST(BroadcastHubClock, UnderADelayTheNoticeComesAsLateAsTheRecordsAndCountsNothing) {
    auto g = console("shrunk", 0ms, 40);
    Hub hub({g.file}, 60s);
    const auto shrunk = writtenAt(40);
    std::optional<nlohmann::json> last_event;
    for (auto t = kT0; t <= shrunk + 120s; t += 100ms) {
        if (t == shrunk) test::writeRecords(g.file, {g.records.begin(), g.records.begin() + 10});
        for (std::size_t i : g.until(hub, t)) {
            const nlohmann::json e = boardJson(hub.views()[i]);
            if (last_event) {
                EXPECT_TRUE(e["journal_head"] != (*last_event)["journal_head"] ||
                            e.value("notice", "") != last_event->value("notice", ""))
                    << "an update that shows nothing new at " << journal::formatWallTime(t);
            }
            last_event = e;
        }
        const nlohmann::json j = boardJson(hub.views()[0]);
        const auto expected = lastReadBy(t - 60s, 40);
        if (expected) {
            ASSERT_EQ(j["journal_seq"], *expected) << journal::formatWallTime(t);
        }
        if (t < shrunk + 60s) {
            ASSERT_FALSE(j.contains("notice")) << journal::formatWallTime(t) << " " << j.dump();
        } else {
            ASSERT_EQ(j["notice"], "waiting for the journal: the file holds fewer records than were read");
        }
        ASSERT_EQ(hub.json().find("10 of the"), std::string::npos);
    }
    std::filesystem::remove(g.file);
}

// Under --delay a journal that breaks is shown broken as late as its last good record is shown, and no
// sooner than the break was read plus the delay.
TEST(BroadcastHubClock, UnderADelayABreakIsPublishedNoSoonerThanItWasReadPlusTheDelay) {
    auto g = console("broken", 0ms, 30);
    Hub hub({g.file}, 60s);
    const auto broke = writtenAt(29) + 5s;
    for (auto t = kT0; t <= broke + 90s; t += 100ms) {
        if (t == broke) std::ofstream(g.file, std::ios::app) << "{\"seq\":30,\"type\":\"resign\"}\n";
        g.until(hub, t);
        const bool shown_broken = hub.views()[0].status == Status::JournalBroken;
        ASSERT_EQ(shown_broken, t >= broke + 60s) << journal::formatWallTime(t);
        ASSERT_EQ(boardJson(hub.views()[0]).contains("journal_broken_at"), shown_broken);
    }
    std::filesystem::remove(g.file);
}

}  // namespace
}  // namespace oc::broadcast
