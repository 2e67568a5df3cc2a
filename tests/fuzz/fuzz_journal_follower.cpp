// The broadcast's journal follower on a file that grows and breaks. The input is a list of operations
// (two bytes each: what, and how much) on the followed file: append the next records of a real journal
// (whole, or torn mid-record), append garbage, cut the file, flip a byte, replace it with another
// journal, delete it. After each, the follower polls. Never a crash; what it published stays published
// while it follows the same journal (records are never withdrawn nor changed); a new journal in the
// file is a new game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "broadcast/journal_follower.hpp"
#include "fuzz_input.hpp"

namespace {

using namespace oc;

// A journal of `records` records written by the journal's own writer, as text.
std::string makeJournal(const std::string& name, int records) {
    const auto path = fuzz::scratchDir() / name;
    std::filesystem::remove(path);
    const journal::WallTime wall{std::chrono::milliseconds{1'800'000'000'000}};
    {
        auto w = journal::JournalWriter::create(path, {{"event", name}}, wall, journal::MonoTime{0});
        if (!w) __builtin_trap();
        for (int i = 1; i < records; ++i)
            if (!w->append("note", {{"about", "fuzz"}, {"text", std::string(std::size_t(i % 7) * 9, 'x')}},
                           wall + std::chrono::seconds{i}, journal::MonoTime{i * 1000}))
                __builtin_trap();
    }
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Published {
    std::uint64_t game = 0;
    std::vector<std::string> hashes;
};

void check(const broadcast::FollowState& s, Published& before) {
    if (s.game < before.game) __builtin_trap();
    if (s.broken_index && s.broken_reason.empty()) __builtin_trap();
    if (!s.records.empty() && s.records[0].type != journal::kJournalHeaderType) __builtin_trap();
    if (s.game == before.game) {
        if (s.records.size() < before.hashes.size()) __builtin_trap();  // withdrawn
        for (std::size_t i = 0; i < before.hashes.size(); ++i)
            if (s.records[i].hash != before.hashes[i]) __builtin_trap();  // changed after publication
    }
    before.game = s.game;
    before.hashes.clear();
    for (const auto& r : s.records) before.hashes.push_back(r.hash);
}

// Applies one operation to the file's text; `offset` is how much of `source` was appended so far.
void apply(std::uint8_t op, std::uint8_t arg, std::string_view& extra, std::string& file,
           const std::string*& source, std::size_t& offset, const std::string& other) {
    switch (op % 7) {
        case 0: {  // the next whole record
            const std::size_t end = source->find('\n', offset);
            const std::size_t stop = end == std::string::npos ? source->size() : end + 1;
            file += source->substr(offset, stop - offset);
            offset = stop;
            break;
        }
        case 1: {  // a few bytes of it: a record torn mid-write
            const std::size_t n = std::min<std::size_t>(arg, source->size() - offset);
            file += source->substr(offset, n);
            offset += n;
            break;
        }
        case 2: {  // bytes that are no record
            const std::size_t n = std::min<std::size_t>(arg % 32, extra.size());
            file += extra.substr(0, n);
            extra.remove_prefix(n);
            break;
        }
        case 3:
            file.resize(file.size() * arg / 256);
            break;
        case 4:
            if (!file.empty()) {
                char& c = file[file.size() * arg / 256];
                c = static_cast<char>(c ^ 0x20);
            }
            break;
        case 5: {  // another journal takes the file's place
            source = &other;
            offset = 0;
            for (int i = 0; i <= arg % 4 && offset < source->size(); ++i)
                offset = std::min(source->size(), source->find('\n', offset) + 1);
            file = source->substr(0, offset);
            break;
        }
        default:
            file.clear();
            break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string journal_a = makeJournal("a.journal", 40);
    static const std::string journal_b = makeJournal("b.journal", 12);
    const auto path = fuzz::scratchDir() / "followed.journal";
    std::filesystem::remove(path);
    broadcast::JournalFollower follower(path);
    Published published;
    std::string file;
    const std::string* source = &journal_a;
    std::size_t offset = 0;
    const std::size_t ops = std::min<std::size_t>(size / 2, 64);
    std::string_view extra = fuzz::asText(data + ops * 2, size - ops * 2);
    for (std::size_t i = 0; i < ops; ++i) {
        const std::uint8_t op = data[2 * i];
        if (op % 7 == 6 && op % 2 == 0) {
            std::filesystem::remove(path);
            file.clear();
        } else {
            apply(op, data[2 * i + 1], extra, file, source, offset,
                  source == &journal_a ? journal_b : journal_a);
            fuzz::writeScratch("followed.journal", file);
        }
        (void)follower.poll();
        check(follower.state(), published);
    }
    return 0;
}
