// The DGT codec: every reply whole, byte by byte, in random splits and inside garbage; every BWTIME
// case; the commands as bytes. Golden frames are built from the behaviour description's tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "eboard/dgt_board_side.hpp"
#include "eboard/dgt_decoder.hpp"
#include "eboard/dgt_encoder.hpp"
#include "eboard/placement.hpp"

namespace oc::eboard::dgt {
namespace {

using Frames = std::vector<std::pair<Bytes, Message>>;

BoardDump startDump() {
    return dgt::dumpOf(oc::eboard::placementOf(rules::Position::startpos()));
}

ClockTimes sampleTimes() {
    ClockTimes t;
    t.right = {1, 29, 58, false, true, false};
    t.left = {0, 5, 9, false, false, false};
    t.status = kStatusRunning | kStatusLeverRightHigh | kStatusLeftToMove;
    return t;
}

// One frame of every reply the console decodes, with the message it must give.
Frames everyMessage() {
    Frames out;
    out.push_back({frame(startDump()), startDump()});
    out.push_back({frame(FieldUpdate{12, 0x0A}), FieldUpdate{12, 0x0A}});
    out.push_back({frame(sampleTimes()), sampleTimes()});
    out.push_back({noClockFrame(), NoClock{}});
    out.push_back({frame(ClockAck{{0x10, 0x09, 0x21, 0x00}}), ClockAck{{0x10, 0x09, 0x21, 0x00}}});
    out.push_back({frame(ClockAck{{0x10, 0x88, 0x00, 0x35}}), ClockAck{{0x10, 0x88, 0x00, 0x35}}});
    out.push_back({frame(ClockAck{{0x90, 0x8C, 0x80, 0xB5}}), ClockAck{{0x90, 0x8C, 0x80, 0xB5}}});
    out.push_back({frame(Version{1, 8}), Version{1, 8}});
    out.push_back({frame(SerialNumber{"12345"}), SerialNumber{"12345"}});
    out.push_back({frame(LongSerialNumber{"3250012345"}), LongSerialNumber{"3250012345"}});
    out.push_back({frame(BatteryStatus{{87, 2, 30, 0x7F, 0x7F, 1, 0, 0, 3}}),
                   BatteryStatus{{87, 2, 30, 0x7F, 0x7F, 1, 0, 0, 3}}});
    const std::uint8_t zero[7] = {};
    out.push_back({frame(ReplyId::ClockTime, zero), EmptyClockReply{}});
    const std::uint8_t mark[] = {'D', 'G', 'T'};
    out.push_back({frame(ReplyId::Trademark, mark), Skipped{0x92, 6}});
    return out;
}

Bytes concat(const Frames& frames) {
    Bytes all;
    for (const auto& f : frames) all.insert(all.end(), f.first.begin(), f.first.end());
    return all;
}

std::vector<Message> messagesOf(const Frames& frames) {
    std::vector<Message> out;
    for (const auto& f : frames) out.push_back(f.second);
    return out;
}

// Feeds `bytes` in pieces whose lengths come from `rng` (1..max).
std::vector<Message> feedSplit(Decoder& d, const Bytes& bytes, std::mt19937& rng, std::size_t max) {
    std::vector<Message> out;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::size_t n =
            std::min(bytes.size() - at, std::uniform_int_distribution<std::size_t>(1, max)(rng));
        d.feed(std::span(bytes).subspan(at, n), out);
        at += n;
    }
    return out;
}

TEST(DgtCodec, EveryMessageWhole) {
    for (const auto& [bytes, message] : everyMessage()) {
        Decoder d;
        const auto got = d.feed(bytes);
        ASSERT_EQ(got.size(), 1u) << "id " << int(bytes[0]);
        EXPECT_EQ(got.front(), message) << "id " << int(bytes[0]);
        EXPECT_EQ(d.stats().garbage_bytes, 0u);
    }
}

TEST(DgtCodec, EveryMessageByteByByte) {
    const Frames frames = everyMessage();
    Decoder d;
    std::vector<Message> got;
    for (std::uint8_t b : concat(frames)) d.feed(std::span(&b, 1), got);
    EXPECT_EQ(got, messagesOf(frames));
    EXPECT_EQ(d.stats().garbage_bytes, 0u);
    EXPECT_EQ(d.stats().messages, frames.size());
}

TEST(DgtCodec, RandomSplitsGiveTheSameMessages) {
    const Frames frames = everyMessage();
    const Bytes all = concat(frames);
    std::mt19937 rng(24);
    for (int round = 0; round < 200; ++round) {
        Decoder d;
        EXPECT_EQ(feedSplit(d, all, rng, 1 + static_cast<std::size_t>(round % 70)), messagesOf(frames));
    }
}

TEST(DgtCodec, ResyncsAfterGarbage) {
    const Frames frames = everyMessage();
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 300; ++round) {
        Bytes stream;
        std::size_t garbage = 0;
        for (const auto& f : frames) {
            const int n = round % 12;
            for (int i = 0; i < n; ++i) {
                // Garbage that cannot complete a frame: 7-bit bytes, or a header byte cut short by the
                // next frame (the top bit of the next frame's id aborts it).
                stream.push_back(static_cast<std::uint8_t>(byte(rng) & 0x7F));
                ++garbage;
            }
            if (round % 3 == 0) {
                stream.push_back(0x86);  // a board dump that never arrives
                stream.push_back(0x00);
                garbage += 2;
            }
            stream.insert(stream.end(), f.first.begin(), f.first.end());
        }
        Decoder d;
        EXPECT_EQ(feedSplit(d, stream, rng, 9), messagesOf(frames));
        EXPECT_EQ(d.stats().garbage_bytes, garbage);
        EXPECT_EQ(d.stats().bytes, stream.size());
    }
}

TEST(DgtCodec, BrokenFramesAreDroppedAndCounted) {
    Decoder d;
    const Bytes good = frame(FieldUpdate{3, 1});
    Bytes stream;
    stream.insert(stream.end(), {0x8E, 0x00, 0x09, 1, 2, 3});  // a field update of the wrong size
    stream.insert(stream.end(), {0x8E, 0x00, 0x05, 0x40, 1});  // square 64
    stream.insert(stream.end(), {0x8D, 0x00, 0x0A, 0x01, 0x6A, 0x00, 0, 0, 0, 1});  // minutes 6A: not BCD
    stream.insert(stream.end(), {0x91, 0x00, 0x08, '1', '2', 'x', '4', '5'});       // a serial with a letter
    stream.insert(stream.end(), {0xFF, 0x81, 0xC0});                                // ids that start no frame
    stream.insert(stream.end(), {0x86, 0x7F, 0x7F});                                // a dump of 16383 bytes
    stream.insert(stream.end(), good.begin(), good.end());
    const auto got = d.feed(stream);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got.front(), Message(FieldUpdate{3, 1}));
    EXPECT_EQ(d.stats().garbage_bytes, stream.size() - good.size());
    EXPECT_EQ(d.stats().dropped_frames, 5u);
}

TEST(DgtCodec, EepromDumpIsSkippedWhole) {
    Bytes stream{0x8F, static_cast<std::uint8_t>((0x1F03 >> 7) & 0x7F),
                 static_cast<std::uint8_t>(0x1F03 & 0x7F)};
    stream.resize(0x1F03, 0x55);
    const Bytes after = frame(Version{3, 1});
    stream.insert(stream.end(), after.begin(), after.end());
    Decoder d;
    const auto got = d.feed(stream);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0], Message(Skipped{0x8F, 0x1F03}));
    EXPECT_EQ(got[1], Message(Version{3, 1}));
}

TEST(DgtCodec, ClockTimesDecodeBcdAndStatus) {
    // Right 9:59:59 with its flag fallen; left 0:00:00; right's turn, clock stopped, battery low.
    const Bytes f{0x8D, 0x00, 0x0A, 0x19, 0x59, 0x59, 0x00, 0x00, 0x00, 0x14};
    const auto got = Decoder{}.feed(f);
    ASSERT_EQ(got.size(), 1u);
    const auto& t = std::get<ClockTimes>(got.front());
    EXPECT_EQ(t.right.totalSeconds(), 9 * 3600 + 59 * 60 + 59);
    EXPECT_TRUE(t.right.flag_fallen);
    EXPECT_EQ(t.left.totalSeconds(), 0);
    EXPECT_FALSE(t.running());
    EXPECT_TRUE(t.batteryLow());
    EXPECT_TRUE(t.rightToMove());
    EXPECT_FALSE(t.leftToMove());
    EXPECT_FALSE(t.leverRightHigh());
}

TEST(DgtCodec, ClockAckEitherMarkerAndTopBits) {
    // The ack marker in d0 only, and in d3 only: both are acks.
    EXPECT_TRUE(std::holds_alternative<ClockAck>(
        Decoder{}.feed(Bytes{0x8D, 0, 0x0A, 0x0A, 0x10, 0x0C, 0, 0, 0, 0}).at(0)));
    const Bytes ack_frame{0x8D, 0, 0x0A, 0x00, 0x10, 0x0B, 0x0A, 0x00, 0x00, 0};
    const auto got = Decoder{}.feed(ack_frame).at(0);
    const auto& ack = std::get<ClockAck>(got);
    EXPECT_TRUE(ack.ok());
    EXPECT_EQ(ack.command(), 0x0B);
    EXPECT_FALSE(ack.unsolicited());
    // A button event of the clock's own: ack1 = 0x88 (its top bit carried in d3's 0x20 bit).
    const auto button =
        std::get<ClockAck>(Decoder{}.feed(Bytes{0x8D, 0, 0x0A, 0x0A, 0x10, 0x08, 0x2A, 0, 0x35, 0}).at(0));
    EXPECT_TRUE(button.unsolicited());
    EXPECT_EQ(button.command(), 0x08);
    EXPECT_EQ(button.ack[3], 0x35);
    // An error ack.
    EXPECT_FALSE(
        std::get<ClockAck>(Decoder{}.feed(Bytes{0x8D, 0, 0x0A, 0x0A, 0x40, 0x0A, 0, 0, 0, 0}).at(0)).ok());
}

TEST(DgtCodec, NoClockAndEmptyReply) {
    EXPECT_EQ(Decoder{}.feed(Bytes{0x8D, 0, 0x0A, 1, 2, 3, 0, 0, 0, 0x21}).at(0), Message(NoClock{}));
    EXPECT_EQ(Decoder{}.feed(Bytes{0x8D, 0, 0x0A, 0, 0, 0, 0, 0, 0, 0}).at(0), Message(EmptyClockReply{}));
}

TEST(DgtCodec, CommandsAreSingleBytesAndNeverForbidden) {
    EXPECT_EQ(encode(Command::UpdateNice), Bytes{0x4B});
    EXPECT_EQ(encode(Command::SendBoard), Bytes{0x42});
    EXPECT_EQ(handshake(), (Bytes{0x40, 0x4D, 0x45, 0x55, 0x42, 0x4B}));
    for (Command c :
         {Command::Reset, Command::SendClock, Command::SendBoard, Command::UpdateBoard, Command::SerialNumber,
          Command::UpdateNice, Command::Battery, Command::Version, Command::LongSerialNumber})
        EXPECT_FALSE(isForbiddenCommand(encode(c).front()));
    for (int b : {0x49, 0x4E, 0x51, 0x53, 0x54})
        EXPECT_TRUE(isForbiddenCommand(static_cast<std::uint8_t>(b)));
}

TEST(DgtCodec, ClockCommandsFraming) {
    EXPECT_EQ(clockEnd(), (Bytes{0x2B, 0x03, 0x03, 0x03, 0x00}));
    EXPECT_EQ(clockVersion(), (Bytes{0x2B, 0x03, 0x03, 0x09, 0x00}));
    EXPECT_EQ(clockBeep(8), (Bytes{0x2B, 0x04, 0x03, 0x0B, 0x08, 0x00}));
    EXPECT_EQ(clockText("Nf3 ?g1", 3),
              (Bytes{0x2B, 0x0C, 0x03, 0x0C, 'N', 'f', '3', ' ', '?', 'g', '1', ' ', 0x03, 0x00}));
    // Longer text is cut to 8; a non-ASCII byte becomes '?'; the beep is at most 15.
    const Bytes t = clockText("Sf3\xC3\xB3xyz1234", 99);
    EXPECT_EQ(t.size(), 14u);
    EXPECT_EQ(t[7], '?');
    EXPECT_EQ(t[12], 15);
}

TEST(DgtCodec, BoardSideReadsTheCommandsBack) {
    RequestReader r;
    std::vector<Request> got;
    Bytes all = handshake();
    for (const Bytes& b : {clockText("e4", 0), clockEnd(), clockVersion()})
        all.insert(all.end(), b.begin(), b.end());
    for (std::uint8_t b : all) r.feed(std::span(&b, 1), got);
    ASSERT_EQ(got.size(), 9u);
    EXPECT_EQ(got[0], Request{std::uint8_t{0x40}});
    EXPECT_EQ(std::get<ClockRequest>(got[6]).command, 0x0C);
    EXPECT_EQ(std::get<ClockRequest>(got[6]).payload.size(), 9u);
    EXPECT_EQ(std::get<ClockRequest>(got[7]), (ClockRequest{0x03, {}}));
    EXPECT_EQ(std::get<ClockRequest>(got[8]), (ClockRequest{0x09, {}}));
}

TEST(DgtPlacement, DgtSquaresAndOrientation) {
    EXPECT_EQ(dgt::squareOf(0), rules::Square::A8);
    EXPECT_EQ(dgt::squareOf(7), rules::Square::H8);
    EXPECT_EQ(dgt::squareOf(63), rules::Square::H1);
    EXPECT_EQ(dgt::squareOf(52), rules::Square::E2);
    for (std::uint8_t s = 0; s < 64; ++s) EXPECT_EQ(dgt::dgtSquare(dgt::squareOf(s)), s);
    const Placement start = oc::eboard::placementOf(rules::Position::startpos());
    EXPECT_EQ(dgt::placementOf(startDump()), start);
    EXPECT_EQ(placementFen(turned(start)), "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr");
    EXPECT_EQ(dgt::cellOfCode(0x02), Cell::WhiteRook);
    EXPECT_EQ(dgt::cellOfCode(0x0C), Cell::BlackQueen);
    EXPECT_EQ(dgt::cellOfCode(0x0D), Cell::Unknown);
    EXPECT_EQ(parsePlacementFen(placementFen(start)), start);
    EXPECT_FALSE(parsePlacementFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP"));
    EXPECT_FALSE(parsePlacementFen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"));
}

}  // namespace
}  // namespace oc::eboard::dgt
