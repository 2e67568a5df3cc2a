// The Millennium ChessLink codec (issue 24 item 10): golden frames written out by hand from the
// behaviour description (odd parity in bit 7, two hex characters of XOR block parity), every reply whole,
// byte by byte and in random splits, garbage skipped and counted to the byte, broken replies dropped, the
// status's square order, the LEDs, and the fake board's end reading the console's commands back.
#include "eboard/millennium.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>

#include "eboard/fake_millennium.hpp"

namespace oc::eboard::millennium {
namespace {

constexpr std::string_view kStartBody = "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";

Bytes bytesOf(std::string_view text) {
    Bytes out;
    for (char c : text) out.push_back(withParity(c));
    return out;
}

Bytes stripped(const Bytes& b) {  // what a 7O1 UART hands up: bit 7 gone
    Bytes out;
    for (std::uint8_t x : b) out.push_back(static_cast<std::uint8_t>(x & 0x7F));
    return out;
}

TEST(Millennium, EveryCharacterGetsOddParity) {
    for (int c = 0; c < 128; ++c) {
        const std::uint8_t b = withParity(static_cast<char>(c));
        EXPECT_EQ(b & 0x7F, c);
        EXPECT_EQ(std::popcount(b) % 2, 1) << c;
        EXPECT_TRUE(parityAcceptable(b));
        EXPECT_TRUE(parityAcceptable(static_cast<std::uint8_t>(c))) << "a UART that strips bit 7";
        if ((b & 0x80) == 0) {
            EXPECT_FALSE(parityAcceptable(static_cast<std::uint8_t>(c | 0x80))) << c;
        }
    }
}

TEST(Millennium, CommandsAreGoldenFrames) {
    // 'S' 0x53 has four ones: its parity bit is set; block parity "53".
    EXPECT_EQ(encode(Command::Status), (Bytes{0xD3, 0xB5, 0xB3}));
    EXPECT_EQ(encode(Command::Version), (Bytes{0xD6, 0xB5, 0xB6}));
    EXPECT_EQ(encode(Command::LedsOff), (Bytes{0x58, 0xB5, 0x38}));
    EXPECT_EQ(readE2rom(2), bytesOf("R0250"));
    EXPECT_EQ(handshake(), bytesOf("V56S53"));
    EXPECT_EQ(blockParity("v0104"), "73");
}

TEST(Millennium, RepliesDecodeFromGoldenFrames) {
    Decoder d;
    const std::string status = "s" + std::string(kStartBody) + "73";
    auto got = d.feed(bytesOf(status + "v010473" + "l6C" + "x78" + "r011476"));
    ASSERT_EQ(got.size(), 5u);
    ASSERT_TRUE(std::holds_alternative<Status>(got[0]));
    EXPECT_EQ(placementOf(std::get<Status>(got[0])), eboard::placementOf(rules::Position::startpos()));
    EXPECT_EQ(got[1], Message(Version{1, 4}));
    EXPECT_EQ(got[2], Message(Ack{'l'}));
    EXPECT_EQ(got[3], Message(Ack{'x'}));
    EXPECT_EQ(got[4], Message(E2rom{'r', 0x01, 0x14}));
    EXPECT_EQ(d.stats().garbage_bytes, 0u);
    EXPECT_EQ(d.stats().messages, 5u);
}

TEST(Millennium, TheStatusRunsFromA8ToH1) {
    Status s;
    s.squares.fill('.');
    s.squares[0] = 'K';   // a8
    s.squares[7] = 'q';   // h8
    s.squares[8] = 'N';   // a7
    s.squares[63] = 'p';  // h1
    const Placement p = placementOf(s);
    EXPECT_EQ(p[rules::Square::A8], Cell::WhiteKing);
    EXPECT_EQ(p[rules::Square::H8], Cell::BlackQueen);
    EXPECT_EQ(p[rules::Square::A7], Cell::WhiteKnight);
    EXPECT_EQ(p[rules::Square::H1], Cell::BlackPawn);
    EXPECT_EQ(statusOf(p), s);
    EXPECT_EQ(placementFen(p), "K6q/N7/8/8/8/8/8/7p");
}

Bytes allReplies() {
    Bytes out;
    Status s = statusOf(eboard::placementOf(rules::Position::startpos()));
    for (const Bytes& b : {reply(s), reply(Version{2, 11}), reply(Ack{'l'}), reply(Ack{'x'}),
                           reply(E2rom{'r', 4, 15}), reply(E2rom{'w', 2, 3})})
        out.insert(out.end(), b.begin(), b.end());
    return out;
}

TEST(Millennium, WholeByteByByteAndInRandomSplits) {
    const Bytes stream = allReplies();
    Decoder whole;
    const auto expected = whole.feed(stream);
    ASSERT_EQ(expected.size(), 6u);
    Decoder single;
    std::vector<Message> one;
    for (std::uint8_t b : stream) single.feed(std::span(&b, 1), one);
    EXPECT_EQ(one, expected);
    EXPECT_EQ(single.stats(), whole.stats());
    std::mt19937 rng(24);
    for (int round = 0; round < 200; ++round) {
        Decoder d;
        std::vector<Message> got;
        std::size_t at = 0;
        while (at < stream.size()) {
            const std::size_t n = std::min<std::size_t>(
                std::uniform_int_distribution<std::size_t>(1, 80)(rng), stream.size() - at);
            d.feed(std::span(stream.data() + at, n), got);
            at += n;
        }
        ASSERT_EQ(got, expected) << "round " << round;
        EXPECT_EQ(d.stats().garbage_bytes, 0u);
    }
    EXPECT_EQ(Decoder().feed(stripped(stream)), expected) << "with bit 7 stripped by a 7O1 UART";
}

TEST(Millennium, GarbageIsSkippedAndCountedToTheByte) {
    const Bytes good = allReplies();
    std::mt19937 rng(10);
    for (int round = 0; round < 300; ++round) {
        Bytes stream;
        std::size_t garbage = 0;
        for (int i = 0; i < 4; ++i) {
            const int n = std::uniform_int_distribution<int>(0, 30)(rng);
            // Any byte at all, reply letters and bad parity bits included.
            for (int k = 0; k < n; ++k) stream.push_back(static_cast<std::uint8_t>(rng() & 0xFF));
            garbage += static_cast<std::size_t>(n);
            stream.insert(stream.end(), good.begin(), good.end());
        }
        Decoder d;
        const auto got = d.feed(stream);
        ASSERT_EQ(got.size(), 24u) << "round " << round;
        EXPECT_EQ(d.stats().garbage_bytes, garbage) << "round " << round;
        EXPECT_EQ(d.stats().bytes, stream.size());
    }
}

TEST(Millennium, BrokenRepliesAreDropped) {
    Decoder d;
    Bytes bad_check = bytesOf("v010474");  // block parity off by one
    Bytes bad_bit = bytesOf("v010473");
    bad_bit[2] ^= 0x80;                                             // a parity bit damaged on the line
    Bytes bad_letter = bytesOf("s" + std::string(64, 'Z') + "73");  // no piece letter
    Bytes stream;
    for (const Bytes& b : {bad_check, bad_bit, bad_letter, reply(Version{1, 4})})
        stream.insert(stream.end(), b.begin(), b.end());
    const auto got = d.feed(stream);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0], Message(Version{1, 4}));
    EXPECT_EQ(d.stats().garbage_bytes, bad_check.size() + bad_bit.size() + bad_letter.size());
    EXPECT_GE(d.stats().dropped_frames, 3u);
    // A reply cut short waits; a reset forgets it and counts it.
    (void)d.feed(bytesOf("v01"));
    d.reset();
    EXPECT_EQ(d.feed(reply(Ack{'x'})).size(), 1u);
}

TEST(Millennium, LedsSitOnTheCorners) {
    EXPECT_EQ(cornersOf(rules::Square::A8), (std::array<std::size_t, 4>{0, 1, 9, 10}));
    EXPECT_EQ(cornersOf(rules::Square::A1), (std::array<std::size_t, 4>{7, 8, 16, 17}));    // LED 9
    EXPECT_EQ(cornersOf(rules::Square::H8), (std::array<std::size_t, 4>{63, 64, 72, 73}));  // LED 73
    EXPECT_EQ(cornersOf(rules::Square::H1), (std::array<std::size_t, 4>{70, 71, 79, 80}));  // LED 81
    const Bytes l = leds(0x10, movePattern(rules::Square::E2, rules::Square::E4));
    EXPECT_EQ(l.size(), 1u + 2u + 162u + 2u);
    RequestReader r;
    std::vector<Request> got;
    r.feed(l, got);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].letter, 'L');
    EXPECT_EQ(got[0].params.substr(0, 2), "10");
}

TEST(Millennium, TheFakeBoardAnswersAndFlagsAnE2romWrite) {
    FakeChessLink fake(eboard::placementOf(rules::Position::startpos()), false);
    Decoder d;
    auto got = d.feed(fake.receive(handshake()));
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0], Message(Version{1, 4}));
    EXPECT_EQ(placementOf(std::get<Status>(got[1])), eboard::placementOf(rules::Position::startpos()));
    got = d.feed(fake.lift(rules::Square::E2));
    ASSERT_EQ(got.size(), 1u) << "a status on every change";
    EXPECT_EQ(placementOf(std::get<Status>(got[0]))[rules::Square::E2], Cell::Empty);
    EXPECT_TRUE(d.feed(fake.receive(leds(0x10, movePattern(rules::Square::G8, rules::Square::F6)))).size() ==
                1);
    EXPECT_EQ(fake.shownLine(), "LEDs: g8 steady, f6 flashing");
    EXPECT_EQ(d.feed(fake.receive(encode(Command::LedsOff))), (std::vector<Message>{Ack{'x'}}));
    EXPECT_EQ(fake.shownLine(), "LEDs: off");
    EXPECT_TRUE(fake.forbiddenSeen().empty());
    EXPECT_TRUE(fake.receive(message("W0203")).empty());
    EXPECT_EQ(fake.forbiddenSeen(), (std::vector<std::uint8_t>{'W'}));
    EXPECT_TRUE(fake.receive(bytesOf("V57")).empty()) << "a wrong block parity is not answered";
}

}  // namespace
}  // namespace oc::eboard::millennium
