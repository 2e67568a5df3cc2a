#pragma once
// The session's RecordSink over the hash-chained journal file: each session record becomes one journal
// record (type = the record's "type", payload = the whole record), fsync'd before the session applies it.

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "session/journal.hpp"
#include "session/record_sink.hpp"

namespace oc::app {

class JournalSink : public session::RecordSink {
  public:
    // A new journal at `path` (refused if the file exists: a journal is never overwritten).
    [[nodiscard]] static tl::expected<std::unique_ptr<JournalSink>, std::string> create(
        const std::filesystem::path& path);
    // Reopens a journal after a restart; `records` receives the session records to replay.
    [[nodiscard]] static tl::expected<std::unique_ptr<JournalSink>, std::string> resume(
        const std::filesystem::path& path, std::vector<nlohmann::json>& records,
        std::vector<std::string>& warnings);

    tl::expected<void, std::string> append(const nlohmann::json& record) override;
    const std::filesystem::path& path() const { return writer_.path(); }

  private:
    explicit JournalSink(session::JournalWriter writer) : writer_(std::move(writer)) {}
    session::JournalWriter writer_;
};

// "game-20261129-213015.journal" in the working directory: the default when no --journal is given.
std::filesystem::path defaultJournalPath();

}  // namespace oc::app
