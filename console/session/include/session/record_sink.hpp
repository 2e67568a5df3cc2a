#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <tl/expected.hpp>
#include <vector>

namespace oc::session {

// Where the session writes its records: the hash-chained journal, or memory in tests. `append` returns
// only once the record is durable (fsync'd): the session applies a change only after that.
class RecordSink {
  public:
    virtual ~RecordSink() = default;
    [[nodiscard]] virtual tl::expected<void, std::string> append(const nlohmann::json& record) = 0;
};

// Keeps records in memory (tests, and the replay tool).
class MemorySink : public RecordSink {
  public:
    tl::expected<void, std::string> append(const nlohmann::json& record) override {
        records.push_back(record);
        return {};
    }
    std::vector<nlohmann::json> records;
};

}  // namespace oc::session
