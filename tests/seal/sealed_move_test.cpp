// The sealed move: only the arbiter's passphrase opens it, nothing in the envelope reveals it, and a
// wrong passphrase is told apart from a damaged envelope.
#include "seal/sealed_move.hpp"

#include <gtest/gtest.h>

#include "journal/journal.hpp"
#include "journal_test_util.hpp"

namespace oc::seal {
namespace {

namespace test = oc::session::test;  // the temporary directories and files (tests/session)

const SealOptions kFast{"Round 3 board 1, move 41, Black (computer) seals", KdfCost::Interactive};
constexpr std::string_view kPass = "correct horse battery";

nlohmann::json sealed(std::string_view move) {
    auto envelope = sealMove(move, kPass, kFast);
    EXPECT_TRUE(envelope) << envelope.error().message;
    return envelope ? *envelope : nlohmann::json{};
}

void flipHexDigit(nlohmann::json& envelope, const char* field) {
    auto& hex = envelope[field].get_ref<std::string&>();
    hex[4] = hex[4] == '0' ? '1' : '0';
}

TEST(SealedMove, OpensWithTheArbitersPassphrase) {
    const auto envelope = sealed("Ng8-f6");
    auto move = openSealedMove(envelope, kPass);
    ASSERT_TRUE(move) << move.error().message;
    EXPECT_EQ(*move, "Ng8-f6");
    EXPECT_EQ(openSealedMove(sealed("Кg8-f6 / Sg8-f6"), kPass).value(), "Кg8-f6 / Sg8-f6");
}

TEST(SealedMove, EnvelopeRevealsNeitherTheMoveNorItsLength) {
    const auto short_move = sealed("e4");
    const auto long_move = sealed("Qd1xd8+");
    const std::string text = short_move.dump() + long_move.dump();
    EXPECT_EQ(text.find("Qd1"), std::string::npos);
    EXPECT_EQ(text.find("xd8"), std::string::npos);
    EXPECT_EQ(short_move["ciphertext"].get<std::string>().size(),
              long_move["ciphertext"].get<std::string>().size());
    EXPECT_EQ(short_move["label"], kFast.label);
    EXPECT_NE(sealed("e4")["ciphertext"], short_move["ciphertext"]) << "fresh salt and nonce every time";
}

TEST(SealedMove, WrongPassphraseIsReportedAsSuch) {
    auto move = openSealedMove(sealed("Ng8-f6"), "correct horse battery!");
    ASSERT_FALSE(move);
    EXPECT_EQ(move.error().code, SealErrorCode::WrongPassphrase);
}

TEST(SealedMove, TamperedCiphertextNonceOrLabelIsDamage) {
    const auto envelope = sealed("Ng8-f6");
    for (const char* field : {"ciphertext", "nonce"}) {
        auto edited = envelope;
        flipHexDigit(edited, field);
        auto move = openSealedMove(edited, kPass);
        ASSERT_FALSE(move) << field;
        EXPECT_EQ(move.error().code, SealErrorCode::Damaged) << field;
    }
    auto relabelled = envelope;
    relabelled["label"] = "Round 4 board 1, move 41, Black (computer) seals";
    EXPECT_EQ(openSealedMove(relabelled, kPass).error().code, SealErrorCode::Damaged);
}

TEST(SealedMove, MalformedEnvelopesAreDamageNotCrashes) {
    const auto envelope = sealed("Ng8-f6");
    auto no_salt = envelope;
    no_salt.erase("salt");
    EXPECT_EQ(openSealedMove(no_salt, kPass).error().code, SealErrorCode::Damaged);
    auto wrong_type = envelope;
    wrong_type["opslimit"] = "two";
    EXPECT_EQ(openSealedMove(wrong_type, kPass).error().code, SealErrorCode::Damaged);
    auto greedy = envelope;
    greedy["memlimit"] = 1ULL << 40;
    EXPECT_EQ(openSealedMove(greedy, kPass).error().code, SealErrorCode::Damaged);
    auto truncated = envelope;
    truncated["ciphertext"] = envelope["ciphertext"].get<std::string>().substr(0, 20);
    EXPECT_EQ(openSealedMove(truncated, kPass).error().code, SealErrorCode::Damaged);
    EXPECT_EQ(openSealedMove(nlohmann::json::array(), kPass).error().code, SealErrorCode::Damaged);
}

TEST(SealedMove, RefusesBadInputWithAClearMessage) {
    auto short_pass = sealMove("Ng8-f6", "1234567", kFast);
    ASSERT_FALSE(short_pass);
    EXPECT_EQ(short_pass.error().code, SealErrorCode::InvalidInput);
    EXPECT_NE(short_pass.error().message.find("at least 8"), std::string::npos);
    EXPECT_EQ(sealMove("", kPass, kFast).error().code, SealErrorCode::InvalidInput);
    EXPECT_EQ(sealMove(std::string(64, 'x'), kPass, kFast).error().code, SealErrorCode::InvalidInput);
    EXPECT_TRUE(sealMove(std::string(63, 'x'), kPass, kFast));
}

TEST(SealedMove, EnvelopeTravelsThroughTheJournal) {
    test::TempDir dir;
    const auto path = dir / "game.journal";
    const auto envelope = sealed("Ng8-f6");
    {
        auto writer =
            journal::JournalWriter::create(path, nlohmann::json::object(), test::wallAt(0), test::monoAt(0));
        ASSERT_TRUE(writer);
        ASSERT_TRUE(writer->append("sealed_move",
                                   {{"envelope", envelope}, {"fingerprint", envelopeFingerprint(envelope)}},
                                   test::wallAt(1), test::monoAt(1)));
    }
    EXPECT_EQ(test::readFile(path).find("Ng8"), std::string::npos);
    auto contents = journal::readJournal(path);
    ASSERT_TRUE(contents) << contents.error().message;
    const auto& payload = contents->records[1].payload;
    EXPECT_EQ(payload["fingerprint"], envelopeFingerprint(payload["envelope"]));
    EXPECT_EQ(openSealedMove(payload["envelope"], kPass).value(), "Ng8-f6");
}

}  // namespace
}  // namespace oc::seal
