// Adjournment secrecy (Guidelines I.1, E.III CMP-3.5): a sealed move, the computer's or the human's, is
// never in the journal file (engine log included) nor in a snapshot before the envelope is opened.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "pdf_test_util.hpp"
#include "print/documents.hpp"
#include "rules/position.hpp"
#include "session/journal_sink.hpp"
#include "session_test_util.hpp"

namespace oc::session {
namespace {

using namespace std::chrono_literals;
using rules::Color;
using testing::fakeSetup;
using testing::t0;

const std::string kPass = "arbiter-secret";

// A fake engine that talks like a real one: `info ... pv`/`currmove` lines while it searches (before the
// seal is requested, too) and `bestmove ... ponder` when it answers.
class TalkativeEngine : public FakeEngine {
  public:
    explicit TalkativeEngine(std::string thinking) : FakeEngine(legalMovesAfter, 1), thinking_(thinking) {}
    std::vector<EngineEvent> poll(TimePoint now) override {
        auto events = FakeEngine::poll(now);
        std::vector<EngineEvent> out;
        if (nextDue())
            out.emplace_back(engine_event::Line{false, "info depth 5 score cp 12 pv " + thinking_});
        for (auto& e : events) {
            if (auto* b = std::get_if<engine_event::BestMove>(&e)) {
                out.emplace_back(
                    engine_event::Line{false, "info depth 9 currmove " + b->uci + " currmovenumber 1"});
                out.emplace_back(
                    engine_event::Line{false, "info depth 10 score cp 20 pv " + b->uci + " b1c3"});
                out.emplace_back(engine_event::Line{false, "bestmove " + b->uci + " ponder b1c3"});
            }
            out.push_back(e);
        }
        return out;
    }

  private:
    std::string thinking_;
};

std::filesystem::path freshPath(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("oc_seal_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::filesystem::remove(dir / name);
    return dir / name;
}

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Every text a view can draw.
std::string snapshotText(const Snapshot& s) {
    std::string all = s.fen + s.expected_human_move + s.termination + s.last_engine_fault;
    if (s.engine_move) all += s.engine_move->uci + s.engine_move->text + s.engine_move->san;
    for (const auto& l : s.scoresheet_lines) all += l + "\n";
    for (const auto& n : s.notices) all += n + "\n";
    for (const auto& m : s.moves) all += m.uci + m.san + m.text;
    return all;
}

void expectAbsent(const std::string& haystack, const std::vector<std::string>& needles, const char* where) {
    for (const auto& n : needles)
        EXPECT_EQ(haystack.find(n), std::string::npos) << n << " found in " << where;
}

// A game on a journal file: the human (White) plays 1.e4, the computer (Black) will choose g8f6.
struct JournalGame {
    std::filesystem::path path;
    TalkativeEngine engine;
    std::unique_ptr<JournalSink> sink;
    std::unique_ptr<Session> session;
    JournalGame(const std::string& name, const std::string& thinking)
        : path(freshPath(name)), engine(thinking) {
        auto w = journal::JournalWriter::create(path, {{"app", "seal test"}}, journal::WallTime{},
                                                journal::MonoTime{});
        if (!w) return;
        sink = std::make_unique<JournalSink>(std::move(*w), [] { return journal::WallTime{}; });
        auto s = Session::create(fakeSetup(), *sink, engine, t0());
        if (s) session = std::move(*s);
    }
    // Polls until the engine answered (simulated time).
    TimePoint answer(TimePoint now) {
        session->poll(now);
        while (auto due = engine.nextDue()) {
            now = *due;
            session->poll(now);
        }
        return now;
    }
    // Starts the game, enters the human's 1.e4 and waits until the engine's 1...e5 is shown.
    TimePoint openWithE4E5() {
        EXPECT_TRUE(session->dispatch(cmd::StartGame{}, t0()));
        engine.queueMove("e7e5");
        EXPECT_TRUE(session->dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
        return answer(t0() + 1s);
    }
};

std::vector<nlohmann::json> recordsOf(const std::filesystem::path& path) {
    auto contents = journal::readJournal(path);
    EXPECT_TRUE(contents);
    return contents ? sessionRecords(*contents) : std::vector<nlohmann::json>{};
}

const std::vector<std::string> kComputerSecret{"g8f6", "Nf6", "Ng8-f6", "g8-f6"};

TEST(SealSecrecy, ComputerMoveChosenAfterTheRequestIsNeverInClear) {
    JournalGame g("computer.jsonl", "g8f6 e4e5");
    ASSERT_TRUE(g.session);
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    g.engine.queueMove("g8f6", 35);
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    s.poll(t0() + 2s);  // the engine already talks about g8f6 before the seal request
    ASSERT_TRUE(s.dispatch(cmd::RequestSeal{}, t0() + 3s));
    TimePoint now = g.answer(t0() + 3s);
    auto snap = s.snapshot(now);
    EXPECT_EQ(snap.phase, Phase::EngineMoveShown);
    EXPECT_TRUE(snap.computer_move_withheld);
    EXPECT_FALSE(snap.engine_move);
    expectAbsent(snapshotText(snap), kComputerSecret, "the snapshot");
    EXPECT_FALSE(s.dispatch(cmd::MadeOnBoard{}, now));  // nothing to execute
    EXPECT_FALSE(s.dispatch(cmd::SealComputerMove{"short", seal::KdfCost::Interactive},
                            now + 1min));  // passphrase too short
    ASSERT_TRUE(s.dispatch(cmd::SealComputerMove{kPass, seal::KdfCost::Interactive}, now + 1min));
    snap = s.snapshot(now + 1min);
    EXPECT_EQ(snap.phase, Phase::Adjourned);
    expectAbsent(snapshotText(snap), kComputerSecret, "the adjourned snapshot");

    std::string raw = slurp(g.path);
    EXPECT_NE(raw.find("pv (withheld: sealed move)"), std::string::npos)
        << "the engine log is kept, redacted";
    EXPECT_NE(raw.find("\"envelope\""), std::string::npos);
    expectAbsent(raw, kComputerSecret, "the journal file");

    // Guidelines I.2: the envelope's printed record names the sealer and the position, never the move.
    auto form = s.adjournmentForm(now + 1min, "2026-11-30 10:00, hall");
    ASSERT_TRUE(form);
    EXPECT_FALSE(form->sealer_white);
    EXPECT_EQ(form->sealed_move_number, 1);
    EXPECT_FALSE(form->envelope_fingerprint.empty());
    auto pdf = freshPath("envelope.pdf");
    ASSERT_TRUE(print::writeSealedMoveFormPdf(*form, pdf));
    const std::string text = oc::session::test::pdfToText(pdf);
    EXPECT_NE(text.find(form->envelope_fingerprint), std::string::npos) << text;
    EXPECT_NE(text.find("2026-11-30 10:00, hall"), std::string::npos) << text;
    expectAbsent(text, kComputerSecret, "the envelope PDF");

    // Replay cannot open the envelope: it knows a sealed move exists and asks for the passphrase.
    MemorySink sink2;
    FakeEngine engine2(legalMovesAfter, 2);
    auto back = Session::restore(recordsOf(g.path), sink2, engine2);
    ASSERT_TRUE(back);
    auto& r = **back;
    EXPECT_EQ(r.snapshot(now + 1h).phase, Phase::Adjourned);
    EXPECT_EQ(r.snapshot(now + 1h).sealed_by, Color::Black);
    EXPECT_FALSE(r.dispatch(cmd::Resume{now + 1h, "wrong passphrase"}, now + 1h));
    EXPECT_FALSE(r.dispatch(cmd::Resume{now + 1h, ""}, now + 1h));
    ASSERT_TRUE(r.dispatch(cmd::Resume{now + 1h, kPass}, now + 1h));
    snap = r.snapshot(now + 1h);
    ASSERT_TRUE(snap.engine_move);
    EXPECT_EQ(snap.engine_move->uci, "g8f6");
    ASSERT_TRUE(r.dispatch(cmd::MadeOnBoard{}, now + 1h + 2s));
    ASSERT_TRUE(r.dispatch(cmd::ClockPressed{}, now + 1h + 3s));
    EXPECT_EQ(r.snapshot(now + 1h + 3s).scoresheet_lines, std::vector<std::string>{"1. e4 Nf6"});
}

// A restart between the engine's choice and the sealing: the move was never journaled, so the restored
// console has the engine choose again (still withheld) and seals that one.
TEST(SealSecrecy, RestartBeforeSealingChoosesAgainWithheld) {
    JournalGame g("restart.jsonl", "g8f6 e4e5");
    ASSERT_TRUE(g.session);
    ASSERT_TRUE(g.session->dispatch(cmd::StartGame{}, t0()));
    g.engine.queueMove("g8f6");
    ASSERT_TRUE(g.session->dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    ASSERT_TRUE(g.session->dispatch(cmd::RequestSeal{}, t0() + 2s));
    TimePoint now = g.answer(t0() + 2s);
    ASSERT_TRUE(g.session->snapshot(now).computer_move_withheld);

    g.session.reset();  // the console stops; its journal is closed
    g.sink.reset();
    auto w = journal::JournalWriter::openForAppend(g.path);
    ASSERT_TRUE(w);
    JournalSink sink2(std::move(*w), [] { return journal::WallTime{}; });
    TalkativeEngine engine2("g7g6");
    auto back = Session::restore(recordsOf(g.path), sink2, engine2);
    ASSERT_TRUE(back);
    auto& r = **back;
    EXPECT_TRUE(r.snapshot(now).computer_move_withheld);
    EXPECT_FALSE(
        r.dispatch(cmd::SealComputerMove{kPass, seal::KdfCost::Interactive}, now));  // not chosen again yet
    engine2.queueMove("g7g6");
    r.poll(now);
    while (auto due = engine2.nextDue()) r.poll(now = *due);
    ASSERT_TRUE(r.dispatch(cmd::SealComputerMove{kPass, seal::KdfCost::Interactive}, now));
    expectAbsent(slurp(g.path), {"g7g6", "g7-g6"}, "the journal file");  // non-hex: hashes cannot match
    ASSERT_TRUE(r.dispatch(cmd::Resume{now + 1h, kPass}, now + 1h));
    EXPECT_EQ(r.snapshot(now + 1h).engine_move->uci, "g7g6");
}

// Guidelines I.1: a move shown before the request is not secret; it is played and the human seals.
TEST(SealSecrecy, MoveShownBeforeTheRequestIsPlayedAndTheHumanSeals) {
    JournalGame g("shown.jsonl", "e7e5 d2d4");
    ASSERT_TRUE(g.session);
    auto& s = *g.session;
    TimePoint now = g.openWithE4E5();
    ASSERT_TRUE(s.dispatch(cmd::RequestSeal{}, now + 1s));
    EXPECT_FALSE(s.dispatch(cmd::SealComputerMove{kPass, seal::KdfCost::Interactive}, now + 2s));
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{}, now + 3s));
    ASSERT_TRUE(s.dispatch(cmd::ClockPressed{}, now + 4s));
    auto snap = s.snapshot(now + 4s);
    EXPECT_EQ(snap.phase, Phase::HumanToMove);
    EXPECT_TRUE(snap.seal_requested);
    ASSERT_TRUE(s.dispatch(cmd::SealHumanMove{}, now + 5s));
    EXPECT_EQ(s.snapshot(now + 5s).sealed_by, Color::White);
}

// Guidelines I.1/I.5: the human's sealed move stays on paper; it is entered when the envelope is opened.
TEST(SealSecrecy, HumanSealedMoveIsEnteredOnlyAtResumption) {
    JournalGame g("human.jsonl", "e7e5 d2d4");
    ASSERT_TRUE(g.session);
    auto& s = *g.session;
    TimePoint now = g.openWithE4E5();
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{}, now + 1s));
    ASSERT_TRUE(s.dispatch(cmd::ClockPressed{}, now + 2s));
    ASSERT_TRUE(s.dispatch(cmd::RequestSeal{}, now + 3s));
    EXPECT_FALSE(s.dispatch(cmd::SealHumanMove{"Nf3"}, now + 4s));  // the move is not typed in
    ASSERT_TRUE(s.dispatch(cmd::SealHumanMove{}, now + 4s));
    expectAbsent(slurp(g.path), {"g1f3", "Nf3", "Ng1-f3"}, "the journal file");
    expectAbsent(snapshotText(s.snapshot(now + 4s)), {"g1f3", "Nf3", "Ng1-f3"}, "the snapshot");

    MemorySink sink2;
    FakeEngine engine2(legalMovesAfter, 2);
    auto back = Session::restore(recordsOf(g.path), sink2, engine2);
    ASSERT_TRUE(back);
    auto& r = **back;
    EXPECT_EQ(r.snapshot(now + 1h).phase, Phase::Adjourned);
    EXPECT_FALSE(r.dispatch(cmd::Resume{now + 1h}, now + 1h));  // the envelope's move is needed
    ASSERT_TRUE(r.dispatch(cmd::Resume{now + 1h, "", "Nf3"}, now + 1h));
    auto snap = r.snapshot(now + 1h);
    EXPECT_EQ(snap.phase, Phase::EngineThinking);
    EXPECT_EQ(snap.moves.back().uci, "g1f3");
}

// Issue 25 item 3: the broadcast publishes each record's hash (journal_head) while the game is adjourned.
// The move executed on the board after the seal request (I.1.1) is in that record in clear, so an
// outsider who knows everything else of it (seq, prev, type, the exact wall and mono times, the payload's
// shape) can hash every legal move. The record's 256-bit salt makes that search find nothing; the same
// search with the salt known finds the move, so the test can fail.
struct Guess {
    std::size_t tried = 0;
    std::vector<std::string> found;
};

Guess bruteForce(const nlohmann::json& target, const std::string& salt) {
    Guess g;
    rules::Position pos = rules::Position::startpos();
    for (const auto m : pos.legalMoves())
        if (rules::toUci(m) == "e2e4") pos = pos.play(m);
    for (const auto m : pos.legalMoves()) {
        nlohmann::json guess = target;
        guess.erase("hash");
        guess.erase("sig");  // a signature is of the hash, outside what the hash covers
        guess.erase("salt");
        guess["payload"]["uci"] = rules::toUci(m);
        if (!salt.empty()) guess["salt"] = salt;
        ++g.tried;
        if (journal::blake2bHex(guess.dump()) == target["hash"]) g.found.push_back(rules::toUci(m));
    }
    return g;
}

TEST(SealSecrecy, TheSealedRecordsHashCannotBeBruteForcedOverTheLegalMoves) {
    JournalGame g("bruteforce.jsonl", "g8f6 e4e5");
    ASSERT_TRUE(g.session);
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    g.engine.queueMove("g8f6", 35);
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    ASSERT_TRUE(s.dispatch(cmd::RequestSeal{}, t0() + 3s));
    const TimePoint now = g.answer(t0() + 3s);
    ASSERT_TRUE(s.dispatch(cmd::MadeOnBoard{"Nf6"}, now + 7s));  // executed on the board: the sealed move
    ASSERT_EQ(s.snapshot(now + 7s).phase, Phase::Adjourned);

    std::optional<nlohmann::json> sealed;
    std::istringstream lines(slurp(g.path));
    for (std::string line; std::getline(lines, line);)
        if (auto j = nlohmann::json::parse(line); j["type"] == "sealed") sealed = j;
    ASSERT_TRUE(sealed);
    ASSERT_EQ((*sealed)["payload"].value("uci", ""), "g8f6") << "the record this test is about";

    const Guess blind = bruteForce(*sealed, "");
    EXPECT_EQ(blind.tried, 20u) << "Black's legal moves after 1.e4";
    EXPECT_TRUE(blind.found.empty()) << "the published hash gave the sealed move away";
    const Guess knowing = bruteForce(*sealed, (*sealed)["salt"]);
    EXPECT_EQ(knowing.found, std::vector<std::string>{"g8f6"}) << "the search itself works";
}

}  // namespace
}  // namespace oc::session

namespace oc::session {
namespace {

// Art. 7.5: a reinstatement while the computer's choice is withheld discards that choice.
TEST(SealSecrecy, ReinstatementDiscardsTheWithheldChoice) {
    JournalGame g("reinstated.jsonl", "e7e5 d2d4");
    ASSERT_TRUE(g.session);
    auto& s = *g.session;
    ASSERT_TRUE(s.dispatch(cmd::StartGame{}, t0()));
    g.engine.queueMove("g8f6");
    ASSERT_TRUE(s.dispatch(cmd::HumanMove{"e4"}, t0() + 1s));
    ASSERT_TRUE(s.dispatch(cmd::RequestSeal{}, t0() + 2s));
    TimePoint now = g.answer(t0() + 2s);
    ASSERT_TRUE(s.snapshot(now).computer_move_withheld);
    ASSERT_TRUE(s.dispatch(cmd::ArbiterIllegalMove{1}, now + 1s));
    auto snap = s.snapshot(now + 1s);
    EXPECT_FALSE(snap.computer_move_withheld);
    EXPECT_EQ(snap.phase, Phase::HumanToMove);
    EXPECT_FALSE(s.dispatch(cmd::SealComputerMove{kPass, seal::KdfCost::Interactive}, now + 2s));
    ASSERT_TRUE(s.dispatch(cmd::SealHumanMove{}, now + 2s));
    expectAbsent(slurp(g.path), kComputerSecret, "the journal file");
}

}  // namespace
}  // namespace oc::session
