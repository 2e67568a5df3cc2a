#pragma once
// --state DIR: what the hub published, per board, in files of its own, so that a restarted hub continues
// from it instead of from whatever the journal files hold then (issue 35 item 1). A restart must never
// withdraw or rewrite a published move: the published records come back into the follower, which then
// compares the file with them exactly as it does while running (a rewritten or forked journal freezes
// the board, a shorter one is waited for, another journal is held back).
//
// Per journal file (named journal-H, H from its path): H.records, the published journal lines, appended
// and fsync'd; and H.json, the summary (journal file, journal id, game number, records published,
// the head and seq, the moves in UCI, the result, and how many bytes of H.records hold those
// records), replaced atomically (tmp file, fsync, rename, fsync of the folder). The summary is written
// last, so lines past its byte count (a crash between the two writes) are ignored and cut.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "journal/journal.hpp"

namespace oc::broadcast {

struct BoardView;

struct LedgerBoard {
    std::string journal;                   // the file this board follows, absolute
    std::uint64_t game = 0;                // games published on this board before this one
    std::vector<journal::Record> records;  // the published records, header first
    std::uint64_t bytes = 0;               // the length of the records file that holds them
};

class Ledger {
  public:
    // Creates `dir` if needed and reads every board's ledger; an error when one cannot be read or
    // belongs to another journal file.
    [[nodiscard]] static tl::expected<Ledger, std::string> open(
        std::filesystem::path dir, const std::vector<std::filesystem::path>& journals);

    // The board's published records as last written (empty: nothing published yet).
    const LedgerBoard& board(std::size_t i) const { return boards_[i]; }
    const std::filesystem::path& dir() const { return dir_; }

    // Makes the first `count` of `records` (game `game` of the board) durable as published, before the
    // view built from them is served. Appends only what was not written yet.
    [[nodiscard]] tl::expected<void, std::string> publish(std::size_t i, std::uint64_t game,
                                                          const std::vector<journal::Record>& records,
                                                          std::size_t count, const BoardView& view);

  private:
    Ledger(std::filesystem::path dir, std::vector<LedgerBoard> boards);
    tl::expected<void, std::string> appendRecords(std::size_t i, std::uint64_t game,
                                                  const std::vector<journal::Record>& records,
                                                  std::size_t count);
    tl::expected<void, std::string> writeSummary(std::size_t i, const BoardView& view);

    std::filesystem::path dir_;
    std::vector<LedgerBoard> boards_;
};

// The ledger's folder, created if need be, readable by its owner only (the records hold whole journal
// lines, engine output too, which is never published); otherwise the reason it cannot be.
[[nodiscard]] tl::expected<void, std::string> makePrivateFolder(const std::filesystem::path& dir);

// A file replaced atomically and durably: NAME.tmp written and fsync'd, renamed over NAME, the folder
// fsync'd, so that after a crash either the old or the new text is there, whole.
[[nodiscard]] tl::expected<void, std::string> writeDurably(const std::filesystem::path& dir,
                                                           const std::string& name, const std::string& text);

}  // namespace oc::broadcast
