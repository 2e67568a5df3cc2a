#pragma once
// Shared helpers for the journal tests: a temporary directory per test and line-level file edits.

#include <filesystem>
#include <string>
#include <vector>

#include "journal/journal.hpp"

namespace oc::session::test {

// A fresh directory removed at the end of the test.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

// Fixed time stamps: tests never read the clock.
journal::WallTime wallAt(int ms_after_start);
journal::MonoTime monoAt(int ms_after_start);

// A realistic move record payload for ply `ply`.
nlohmann::json movePayload(int ply);

// Creates a journal with a header and `moves` move records.
void writeJournal(const std::filesystem::path& path, int moves);

std::string readFile(const std::filesystem::path& path);
void writeFile(const std::filesystem::path& path, const std::string& text);
// The file's lines without their newlines (the file must end with a newline).
std::vector<std::string> readLines(const std::filesystem::path& path);
void writeLines(const std::filesystem::path& path, const std::vector<std::string>& lines);

}  // namespace oc::session::test
