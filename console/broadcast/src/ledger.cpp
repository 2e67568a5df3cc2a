// The hub's published ledger (ledger.hpp). Written before a publication is served and fsync'd, because a
// restarted hub trusts it over the journal files: what it lists was public and stays public.
#include "broadcast/ledger.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "broadcast/board_view.hpp"
#include "rules/pgn.hpp"
#include "rules/position.hpp"

namespace oc::broadcast {
namespace {

using nlohmann::json;

std::string errnoText() {
    return std::strerror(errno);
}

// A board's files are named after its journal file's path, so that the order of --journal may change
// between starts and hubs of other events may share the folder.
std::string stem(const std::string& journal) {
    return "journal-" +
           journal::blake2bHex(std::filesystem::absolute(journal).lexically_normal().string()).substr(0, 16);
}
std::string recordsName(const std::string& journal) {
    return stem(journal) + ".records";
}
std::string summaryName(const std::string& journal) {
    return stem(journal) + ".json";
}

bool writeAll(int fd, std::string_view text, std::uint64_t at) {
    while (!text.empty()) {
        const ssize_t n = ::pwrite(fd, text.data(), text.size(), static_cast<off_t>(at));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text.remove_prefix(static_cast<std::size_t>(n));
        at += static_cast<std::uint64_t>(n);
    }
    return true;
}

bool syncFolder(const std::filesystem::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

tl::expected<std::string, std::string> slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return tl::make_unexpected(fmt::format("cannot read {}: {}", path.string(), errnoText()));
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The first `bytes` of the records file, verified as a journal's chain from its header.
tl::expected<std::vector<journal::Record>, std::string> readRecords(const std::filesystem::path& path,
                                                                    std::uint64_t bytes) {
    auto text = slurp(path);
    if (!text) return tl::make_unexpected(text.error());
    if (text->size() < bytes)
        return tl::make_unexpected(fmt::format("{} is shorter than its summary says", path.string()));
    std::vector<journal::Record> out;
    journal::ChainTip tip;
    std::string_view rest = std::string_view(*text).substr(0, bytes);
    while (!rest.empty()) {
        const auto nl = rest.find('\n');
        auto r = journal::verifyJournalLine(rest.substr(0, nl), tip);
        if (!r || nl == std::string_view::npos)
            return tl::make_unexpected(
                fmt::format("{}: record {} does not verify", path.string(), out.size()));
        tip.advance(*r);
        out.push_back(std::move(*r));
        rest.remove_prefix(nl + 1);
    }
    return out;
}

// One board's ledger, checked against its summary: the same count and head, the same journal file.
tl::expected<LedgerBoard, std::string> readBoard(const std::filesystem::path& dir,
                                                 const std::filesystem::path& journal) {
    LedgerBoard b;
    b.journal = std::filesystem::absolute(journal).lexically_normal().string();
    const auto summary_path = dir / summaryName(b.journal);
    if (!std::filesystem::exists(summary_path)) return b;
    auto text = slurp(summary_path);
    if (!text) return tl::make_unexpected(text.error());
    const json s = json::parse(*text, nullptr, false);
    if (!s.is_object() || !s.contains("bytes") || !s.contains("count") || !s.contains("journal"))
        return tl::make_unexpected(fmt::format("{} is not a ledger summary", summary_path.string()));
    if (s["journal"].get<std::string>() != b.journal)
        return tl::make_unexpected(
            fmt::format("{} is the ledger of {}, not of {}: give another --state folder",
                        summary_path.string(), s["journal"].get<std::string>(), b.journal));
    b.game = s.value("game", std::uint64_t{0});
    b.bytes = s["bytes"].get<std::uint64_t>();
    auto records = readRecords(dir / recordsName(b.journal), b.bytes);
    if (!records) return tl::make_unexpected(records.error());
    if (records->size() != s["count"].get<std::size_t>() ||
        (!records->empty() && records->back().hash != s.value("head", std::string())))
        return tl::make_unexpected(
            fmt::format("{} does not match {}", recordsName(b.journal), summary_path.string()));
    b.records = std::move(*records);
    return b;
}

std::vector<std::string> movesUci(const BoardView& view) {
    std::vector<std::string> out;
    for (const auto& m : view.game.moves) out.push_back(rules::toUci(m.move));
    return out;
}

}  // namespace

tl::expected<void, std::string> writeDurably(const std::filesystem::path& dir, const std::string& name,
                                             const std::string& text) {
    const auto tmp = dir / (name + ".tmp");
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return tl::make_unexpected(fmt::format("cannot write {}: {}", tmp.string(), errnoText()));
    const bool ok = writeAll(fd, text, 0) && ::fsync(fd) == 0;
    const std::string why = errnoText();
    ::close(fd);
    if (!ok) return tl::make_unexpected(fmt::format("cannot write {}: {}", tmp.string(), why));
    if (::rename(tmp.c_str(), (dir / name).c_str()) != 0 || !syncFolder(dir))
        return tl::make_unexpected(fmt::format("cannot replace {}: {}", (dir / name).string(), errnoText()));
    return {};
}

tl::expected<void, std::string> makePrivateFolder(const std::filesystem::path& dir) {
    std::error_code ec;
    if (std::filesystem::create_directories(dir, ec))
        std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
    if (std::filesystem::is_directory(dir)) return {};
    return tl::make_unexpected(ec ? ec.message() : std::string("not a folder"));
}

Ledger::Ledger(std::filesystem::path dir, std::vector<LedgerBoard> boards)
    : dir_(std::move(dir)), boards_(std::move(boards)) {}

tl::expected<Ledger, std::string> Ledger::open(std::filesystem::path dir,
                                               const std::vector<std::filesystem::path>& journals) {
    if (auto ok = makePrivateFolder(dir); !ok)
        return tl::make_unexpected(
            fmt::format("--state {}: cannot create this folder ({})", dir.string(), ok.error()));
    std::vector<LedgerBoard> boards;
    for (std::size_t i = 0; i < journals.size(); ++i) {
        auto b = readBoard(dir, journals[i]);
        if (!b) return tl::make_unexpected("--state: " + b.error());
        boards.push_back(std::move(*b));
    }
    return Ledger(std::move(dir), std::move(boards));
}

// Another game on the board starts the records file again; the same game only appends. The bytes past
// the summary's count (left by a crash before its summary was written) are overwritten.
tl::expected<void, std::string> Ledger::appendRecords(std::size_t i, std::uint64_t game,
                                                      const std::vector<journal::Record>& records,
                                                      std::size_t count) {
    LedgerBoard& b = boards_[i];
    if (game != b.game || b.records.empty() || records.empty() || records[0].hash != b.records[0].hash) {
        b.records.clear();
        b.bytes = 0;
    }
    std::string text;
    for (std::size_t k = b.records.size(); k < count; ++k) text += journal::journalLine(records[k]) + "\n";
    const auto path = dir_ / recordsName(b.journal);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return tl::make_unexpected(fmt::format("cannot write {}: {}", path.string(), errnoText()));
    const bool ok =
        ::ftruncate(fd, static_cast<off_t>(b.bytes)) == 0 && writeAll(fd, text, b.bytes) && ::fsync(fd) == 0;
    const std::string why = errnoText();
    ::close(fd);
    if (!ok) return tl::make_unexpected(fmt::format("cannot write {}: {}", path.string(), why));
    b.game = game;
    b.bytes += text.size();
    b.records.insert(b.records.end(), records.begin() + static_cast<std::ptrdiff_t>(b.records.size()),
                     records.begin() + static_cast<std::ptrdiff_t>(count));
    return {};
}

tl::expected<void, std::string> Ledger::writeSummary(std::size_t i, const BoardView& view) {
    const LedgerBoard& b = boards_[i];
    const json s = {{"journal", b.journal},
                    {"journal_id", b.records.empty() ? std::string() : b.records[0].hash},
                    {"game", b.game},
                    {"count", b.records.size()},
                    {"head", b.records.empty() ? std::string() : b.records.back().hash},
                    {"seq", b.records.empty() ? 0 : b.records.back().seq},
                    {"moves", movesUci(view)},
                    {"result", view.result},
                    {"bytes", b.bytes}};
    return writeDurably(dir_, summaryName(b.journal), s.dump() + "\n");
}

tl::expected<void, std::string> Ledger::publish(std::size_t i, std::uint64_t game,
                                                const std::vector<journal::Record>& records,
                                                std::size_t count, const BoardView& view) {
    const LedgerBoard& b = boards_[i];
    if (game == b.game && count < b.records.size()) return {};  // never less than was published
    const bool same = game == b.game && b.records.size() == count &&
                      (count == 0 || b.records.back().hash == records[count - 1].hash);
    if (same) return {};
    if (auto ok = appendRecords(i, game, records, count); !ok) return ok;
    return writeSummary(i, view);
}

}  // namespace oc::broadcast
