// operator-cli journal audit: the printed lines, the exit codes, and the --json / --pdf outputs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "tamper.hpp"

namespace oc::audit {
namespace {

using test::json;

class AuditCli : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::testDir("oc_audit_cli_");
        journal_ = test::playScript(dir_, "drw_04_threefold_human");
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_, journal_;
};

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST_F(AuditCli, CleanJournalPrintsOneLinePerCheckAndExitsZero) {
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + journal_.string(), &out), 0) << out;
    std::istringstream lines(out);
    const std::regex line_form("^[a-z-]+ (ok|n/a) .+$");
    int n = 0;
    for (std::string line; std::getline(lines, line); ++n)
        EXPECT_TRUE(std::regex_match(line, line_form)) << line;
    EXPECT_EQ(n, 11);  // eboard n/a: no board
    EXPECT_NE(out.find("integrity ok"), std::string::npos);
}

TEST_F(AuditCli, BreachExitsOneAndNamesTheRecord) {
    auto records = test::readRecords(journal_);
    std::size_t at = test::find(records, "made") + 1;
    test::insertBefore(records, at, "computer_offer", json::object());
    test::writeRechained(dir_ / "t.jsonl", records);
    std::string out;
    EXPECT_EQ(test::runCli("journal verify " + (dir_ / "t.jsonl").string()), 0);
    EXPECT_EQ(test::runCli("journal audit " + (dir_ / "t.jsonl").string(), &out), 1);
    EXPECT_NE(out.find("draw-resign breach record #" + std::to_string(at)), std::string::npos) << out;
}

TEST_F(AuditCli, BrokenChainIsAnIntegrityBreach) {
    auto records = test::readRecords(journal_);
    std::ofstream edited(dir_ / "e.jsonl");
    for (auto& r : records) {
        if (r["type"] == "human_move") r["payload"]["text"] = "d4";  // hashes not recomputed
        edited << r.dump() << "\n";
    }
    edited.close();
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + (dir_ / "e.jsonl").string(), &out), 1);
    EXPECT_NE(out.find("integrity breach"), std::string::npos) << out;
    EXPECT_NE(out.find("table-clock n/a not audited"), std::string::npos) << out;
}

// A field of the wrong type is a record the console cannot have written: an integrity breach naming the
// record and the field (issue 23), never a library exception or a crash.
TEST_F(AuditCli, RecordOfTheWrongShapeIsAnIntegrityBreachNotACrash) {
    auto records = test::readRecords(journal_);
    const std::size_t at = test::find(records, "engine_move");
    records[at]["payload"]["mate"] = "soon";
    test::writeRechained(dir_ / "m.jsonl", records);
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + (dir_ / "m.jsonl").string() + " --ui-lang en", &out), 1);
    EXPECT_NE(
        out.find("integrity breach record #" + std::to_string(at) +
                 ": the console cannot have written this: a \"engine_move\" record here: field \"mate\": "
                 "expected a whole number, found string"),
        std::string::npos)
        << out;
}

TEST_F(AuditCli, MissingFileExitsTwo) {
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + (dir_ / "none.jsonl").string(), &out), 2);
    EXPECT_NE(out.find("unreadable"), std::string::npos) << out;
}

TEST_F(AuditCli, WritesJsonAndAPdfOfOneToThreePages) {
    auto pdf = dir_ / "audit.pdf", js = dir_ / "audit.json";
    EXPECT_EQ(test::runCli("journal audit " + journal_.string() + " --pdf " + pdf.string() + " --json " +
                           js.string()),
              0);
    auto report = json::parse(slurp(js));
    EXPECT_EQ(report["checks"].size(), 11u);  // with eboard (n/a without a board)
    EXPECT_TRUE(report["passed"].get<bool>());
    EXPECT_FALSE(report["series"]["computer_moves"].empty());
    std::string bytes = slurp(pdf);
    ASSERT_EQ(bytes.rfind("%PDF-", 0), 0u);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(bytes, m, std::regex("/Type /Pages[^>]*/Count ([0-9]+)")));
    int pages = std::stoi(m[1]);
    EXPECT_GE(pages, 1);
    EXPECT_LE(pages, 3);
}

TEST_F(AuditCli, UnwritablePdfIsRefused) {
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + journal_.string() + " --pdf /no/such/dir/a.pdf", &out), 2);
    EXPECT_NE(out.find("--pdf"), std::string::npos) << out;
}

// A real engine: Stockfish's own `bestmove` lines confirm every computer move, and its I/O (go, info,
// bestmove) raises no 2.3 or 3.5 finding.
TEST_F(AuditCli, StockfishGameAuditsCleanAgainstItsOwnBestmoveLines) {
    auto sf = dir_ / "sf.jsonl";
    ASSERT_EQ(
        test::runCli("play --engine /usr/games/stockfish --engine-side black --tc 90m+30s --human random "
                     "--seed 5 --max-plies 16 --engine-nodes 20000 --operator-delay 4,15 --journal " +
                     sf.string()),
        0);
    std::string out;
    EXPECT_EQ(test::runCli("journal audit " + sf.string(), &out), 0) << out;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(out, m,
                                  std::regex("([0-9]+) computer moves executed as shown, ([0-9]+) of them "
                                             "checked against the engine's own bestmove line")))
        << out;
    EXPECT_GT(std::stoi(m[1]), 0);
    EXPECT_EQ(m[1], m[2]) << "every Stockfish move must be confirmed by its bestmove line";
}

}  // namespace
}  // namespace oc::audit
