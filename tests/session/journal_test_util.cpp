#include "journal_test_util.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

namespace oc::session::test {

TempDir::TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "oc-journal-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

journal::WallTime wallAt(int ms_after_start) {
    using namespace std::chrono;
    return journal::WallTime{sys_days{2026y / November / 29}} + 14h + milliseconds{ms_after_start};
}

journal::MonoTime monoAt(int ms_after_start) {
    return journal::MonoTime{1'000'000 + ms_after_start};
}

nlohmann::json movePayload(int ply) {
    return {{"ply", ply},
            {"side", ply % 2 == 1 ? "white" : "black"},
            {"san", ply % 2 == 1 ? "e4" : "Nf6"},
            {"uci", ply % 2 == 1 ? "e2e4" : "g8f6"},
            {"clock_ms", {{"white", 5'400'000 - ply * 1000}, {"black", 5'400'000 - ply * 900}}}};
}

void writeJournal(const std::filesystem::path& path, int moves) {
    auto writer = journal::JournalWriter::create(path, {{"event", "Test Open"}}, wallAt(0), monoAt(0));
    ASSERT_TRUE(writer) << writer.error().message;
    for (int ply = 1; ply <= moves; ++ply) {
        auto record = writer->append("move", movePayload(ply), wallAt(ply * 1000), monoAt(ply * 1000));
        ASSERT_TRUE(record) << record.error().message;
    }
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void writeFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

std::vector<std::string> readLines(const std::filesystem::path& path) {
    std::vector<std::string> lines;
    std::istringstream in(readFile(path));
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

void writeLines(const std::filesystem::path& path, const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + '\n';
    writeFile(path, text);
}

}  // namespace oc::session::test
