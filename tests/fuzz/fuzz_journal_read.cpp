// The journal reader on raw bytes (journal verify, and what replay, audit and the broadcast read first):
// it never crashes; what it accepts is a header, then records 1, 2, ... chained by their hashes, within
// the bytes read; a journal it accepts can be resumed (a torn tail cut) and appended to, and then reads
// back with exactly one more record (two when the journal's signing key is not here: the key change first).
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"
#include "journal/journal.hpp"

namespace {

using namespace oc::journal;

void checkAccepted(const JournalContents& c, std::size_t size) {
    if (c.records.empty() || c.records[0].type != kJournalHeaderType || c.valid_bytes > size)
        __builtin_trap();
    for (std::size_t i = 0; i < c.records.size(); ++i) {
        if (c.records[i].seq != i || !c.records[i].payload.is_object()) __builtin_trap();
        if (i > 0 && c.records[i].prev_hash != c.records[i - 1].hash) __builtin_trap();
    }
}

bool appendOne(const std::filesystem::path& path) {
    auto resumed = JournalWriter::resume(path);
    if (!resumed) return false;  // e.g. a record the writer's stricter checks refuse: an error, not a crash
    const WallTime wall{std::chrono::milliseconds{1'800'000'000'000}};
    return resumed->writer.append("note", {{"about", "fuzz"}}, wall, MonoTime{0}).has_value();
}  // the writer closes the file and its lock here

void resumeAndAppend(const std::filesystem::path& path, std::size_t records_before) {
    if (!appendOne(path)) return;
    auto again = readJournal(path);
    if (!again || again->torn_tail_dropped) __builtin_trap();
    const std::size_t added = again->records.size() - records_before;
    const bool key_changed = added == 2 && again->records[records_before].type == kSigningKeyChangedType;
    if (added != 1 && !key_changed) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = oc::fuzz::writeScratch("read.journal", oc::fuzz::asText(data, size));
    (void)journalHoldsNoRecord(path);
    auto contents = readJournal(path);
    if (!contents) {
        if (contents.error().message.empty()) __builtin_trap();
        if (contents.error().code == JournalErrorCode::Corrupt && !contents.error().bad_index)
            __builtin_trap();
        return 0;
    }
    checkAccepted(*contents, size);
    resumeAndAppend(path, contents->records.size());
    return 0;
}
