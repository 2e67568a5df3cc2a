#pragma once
// The session's records in the hash-chained journal (journal.hpp): the adapter both ways.

#include <functional>
#include <optional>

#include "session/journal.hpp"
#include "session/record_sink.hpp"

namespace oc::session {

// Writes session records as journal records: the record's "type" becomes the journal type, the rest
// the payload; `wall` gives the UTC time (the shell's), the record's "t" the monotonic time.
class JournalSink : public RecordSink {
  public:
    JournalSink(JournalWriter writer, std::function<WallTime()> wall);
    tl::expected<void, std::string> append(const nlohmann::json& record) override;
    JournalWriter& writer() { return writer_; }

  private:
    JournalWriter writer_;
    std::function<WallTime()> wall_;
};

// The session records a verified journal holds (the header left out), ready for Session::restore.
std::vector<nlohmann::json> sessionRecords(const JournalContents& contents);

}  // namespace oc::session
