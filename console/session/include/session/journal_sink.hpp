#pragma once
// The session's records in the hash-chained journal (journal.hpp): the adapter both ways.

#include <functional>
#include <optional>

#include "event/event_setup.hpp"
#include "journal/journal.hpp"
#include "session/commands.hpp"
#include "session/record_sink.hpp"

namespace oc::session {

// Writes session records as journal records: the record's "type" becomes the journal type, the rest
// the payload; `wall` gives the UTC time (the shell's), the record's "t" the monotonic time.
class JournalSink : public RecordSink {
  public:
    JournalSink(journal::JournalWriter writer, std::function<journal::WallTime()> wall);
    tl::expected<void, std::string> append(const nlohmann::json& record) override;
    journal::JournalWriter& writer() { return writer_; }

  private:
    journal::JournalWriter writer_;
    std::function<journal::WallTime()> wall_;
};

// The session records a verified journal holds (the header left out), ready for Session::restore.
std::vector<nlohmann::json> sessionRecords(const journal::JournalContents& contents);
// The latest time any record of the journal holds, engine I/O included (a record's monotonic time is its
// session time): the session's own records stop at a search's `go`, but its engine lines are written when
// the search ends, so a console resumed after them goes on from there, never from before them.
[[nodiscard]] TimePoint latestRecordTime(const journal::JournalContents& contents);
// The locked event setup of those records (the last setup record before the first move: E.III 2.2, 3.4),
// or the English reason why there is none (translated where it is shown, like every core message).
[[nodiscard]] tl::expected<event::EventSetup, std::string> journalSetup(
    const std::vector<nlohmann::json>& records);

}  // namespace oc::session
