// Loading and verifying a journal: the whole chain is checked on every read, so a replay never
// starts from a record that does not verify.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "journal_format.hpp"

namespace oc::journal {
namespace {

tl::expected<std::ifstream, JournalError> openJournal(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        return tl::unexpected(
            JournalError{JournalErrorCode::Unreadable,
                         fmt::format("{} is a directory, not a journal file", path.string()), std::nullopt});
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return tl::unexpected(JournalError{
            JournalErrorCode::Unreadable,
            fmt::format("cannot open journal {}: {}", path.string(), std::strerror(errno)), std::nullopt});
    }
    return in;
}

JournalError corrupt(std::size_t index, const detail::LineProblem& problem) {
    JournalError error{JournalErrorCode::Corrupt,
                       fmt::format("record {} (line {}) does not verify: {}", index, index + 1, problem.why),
                       index};
    error.signature_only = problem.signature_only;
    return error;
}

std::string tornWarning(std::size_t index, std::size_t bytes, bool newline) {
    return fmt::format(
        "the last record (index {}, {} bytes{}) is incomplete: the console stopped while writing it; it was "
        "never confirmed to the operator and has been dropped",
        index, bytes, newline ? "" : ", no line end");
}

}  // namespace

bool journalHoldsNoRecord(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return !std::filesystem::exists(path);
    return std::find(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n') ==
           std::istreambuf_iterator<char>();
}

tl::expected<Record, JournalError> verifyJournalLine(std::string_view line, const ChainTip& tip) {
    auto record = detail::verifyLine(line, tip);
    if (!record) return tl::unexpected(corrupt(tip.next_index, record.error()));
    return std::move(*record);
}

bool journalLineTorn(std::string_view line) {
    return detail::unparsable(line);
}

std::string journalLine(const Record& record) {
    return detail::lineFor(detail::canonicalWithoutHash(record), record.hash, record.sig);
}

tl::expected<JournalContents, JournalError> readJournal(const std::filesystem::path& path) {
    return readJournal(path, {});
}

tl::expected<JournalContents, JournalError> readJournal(const std::filesystem::path& path,
                                                        const RecordHook& take) {
    auto in = openJournal(path);
    if (!in) return tl::unexpected(in.error());
    JournalContents contents;
    std::string line;
    while (std::getline(*in, line)) {
        const bool complete = !in->eof();
        const bool last = !complete || in->peek() == std::ifstream::traits_type::eof();
        const std::size_t index = contents.records.size();
        // A crash mid-write leaves a last line without its newline, or (on some file systems) padding
        // that is not JSON; append() never confirmed such a record, so dropping it loses nothing.
        if (!complete || (last && detail::unparsable(line))) {
            contents.warnings.push_back(tornWarning(index, line.size(), complete));
            contents.torn_tail_dropped = true;
            break;
        }
        auto record = detail::verifyLine(line, contents.tip);
        if (!record) return tl::unexpected(corrupt(index, record.error()));
        contents.tip.advance(*record);
        if (take) take(index, *record);
        contents.records.push_back(std::move(*record));
        contents.valid_bytes += line.size() + 1;
    }
    if (in->bad())
        return tl::unexpected(JournalError{JournalErrorCode::Unreadable,
                                           fmt::format("cannot read journal {}", path.string()),
                                           std::nullopt});
    if (contents.records.empty()) {
        JournalError none = corrupt(0, detail::LineProblem("the journal has no complete header record"));
        none.no_complete_record = true;
        return tl::unexpected(none);
    }
    return contents;
}

}  // namespace oc::journal
