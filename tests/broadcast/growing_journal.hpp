#pragma once
// Test helper: a journal written as a console writes it, record by record at given moments of the hub's
// clock, with a hub polled at each of those moments, so that the hub reads every record when it was
// written (the delay and the published clocks count from the hub's reading, issue 35 item 3).

#include <functional>

#include "broadcast/hub.hpp"
#include "journal_copy.hpp"

namespace oc::broadcast::test {

struct GrowingJournal {
    std::filesystem::path file;
    std::vector<journal::Record> records;
    std::function<journal::WallTime(std::size_t)> written;  // when record i is written, on the hub's clock
    std::size_t on_disk = 0;

    // Writes the records written by `now` (none yet when `now` is before the next one).
    void writeUntil(journal::WallTime now) {
        std::size_t n = on_disk;
        while (n < records.size() && written(n) <= now) ++n;
        if (n == on_disk) return;
        writeRecords(file, {records.begin(), records.begin() + static_cast<std::ptrdiff_t>(n)});
        on_disk = n;
    }
    // The hub polled at every record's moment up to `now`, then at `now`: the boards that changed at `now`.
    std::vector<std::size_t> until(Hub& hub, journal::WallTime now) {
        while (on_disk < records.size() && written(on_disk) <= now) {
            const journal::WallTime at = written(on_disk);
            writeUntil(at);
            if (at < now) hub.refresh(at);
        }
        return hub.refresh(now);
    }
};

}  // namespace oc::broadcast::test
