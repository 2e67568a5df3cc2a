#include "journal_sink.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

namespace oc::app {

namespace {

session::WallTime wallNow() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

session::MonoTime monoNow() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now().time_since_epoch());
}

}  // namespace

tl::expected<std::unique_ptr<JournalSink>, std::string> JournalSink::create(
    const std::filesystem::path& path) {
    const nlohmann::json header{{"program", "operator-console"}};
    auto writer = session::JournalWriter::create(path, header, wallNow(), monoNow());
    if (!writer) {
        return tl::make_unexpected(writer.error().message);
    }
    return std::unique_ptr<JournalSink>(new JournalSink(std::move(*writer)));
}

tl::expected<std::unique_ptr<JournalSink>, std::string> JournalSink::resume(
    const std::filesystem::path& path, std::vector<nlohmann::json>& records,
    std::vector<std::string>& warnings) {
    auto resumed = session::JournalWriter::resume(path);
    if (!resumed) {
        return tl::make_unexpected(resumed.error().message);
    }
    for (const session::Record& r : resumed->contents.records) {
        if (r.seq != 0) {  // the header is the journal's, not the session's
            records.push_back(r.payload);
        }
    }
    warnings = resumed->contents.warnings;
    return std::unique_ptr<JournalSink>(new JournalSink(std::move(resumed->writer)));
}

tl::expected<void, std::string> JournalSink::append(const nlohmann::json& record) {
    const std::string type = record.value("type", std::string("record"));
    auto written = writer_.append(type, record, wallNow(), monoNow());
    if (!written) {
        return tl::make_unexpected(written.error().message);
    }
    return {};
}

std::filesystem::path defaultJournalPath() {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    return fmt::format("game-{:%Y%m%d-%H%M%S}.journal", now);
}

}  // namespace oc::app
