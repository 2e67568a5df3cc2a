#pragma once
// A DGT board on a serial port: the handshake (reset, version, serial numbers, a dump, UPDATE_NICE, then
// the clock's VERSION), the messages fed to the tracker, one clock command in flight at a time (resent
// after 2 s, three tries), a ping when the board is silent, and reconnecting after an unplug or a
// board that stopped answering. Real time (steady_clock): the tracker underneath is the part on
// virtual time.

#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "eboard/dgt_decoder.hpp"
#include "eboard/dgt_encoder.hpp"
#include "eboard/serial_link.hpp"
#include "eboard/tracker.hpp"

namespace oc::eboard {

// Who the board is, as it said on connecting.
struct BoardIdentity {
    std::string port;
    std::optional<dgt::Version> version;
    std::string serial;
    std::string long_serial;
    std::optional<int> battery_percent;  // Bluetooth boards
    std::optional<bool> clock_present;   // nullopt until the clock answered or was found missing
    std::optional<dgt::Version> clock_version;
};

namespace link {
struct Connected {
    BoardIdentity identity;
};
struct Lost {
    std::string reason;
};
}  // namespace link
using LinkNotice = std::variant<link::Connected, link::Lost>;

struct LinkSettings {
    Ms reopen_every{500};
    Ms handshake_timeout{3000};
    Ms ping_after{2000};    // silence before asking for the serial number
    Ms silent_limit{5000};  // silence after which the board counts as gone
    Ms clock_resend{2000};  // a clock command unanswered this long is sent again
    int clock_tries = 3;
};

struct PollResult {
    std::vector<Event> events;
    std::vector<LinkNotice> notices;
};

class DgtBoard {
  public:
    DgtBoard(std::string port, TrackerSettings tracker = {}, LinkSettings link = {});

    // Connects or reconnects when needed, reads for at most `max_wait`, feeds the tracker and runs its
    // timers. Call it in a loop.
    [[nodiscard]] PollResult poll(Ms max_wait);
    // Shows `text` (8 characters) on a DGT 3000; queued behind a command in flight, replacing a display
    // still waiting there.
    void showText(std::string_view text, std::uint8_t beep = 0);
    // Back to the times.
    void showTimes();
    // Asks for a dump (re-reads the board after a settle, or for the probe).
    void requestDump();
    void requestBattery();
    void requestClock();

    [[nodiscard]] bool connected() const { return state_ == State::Connected; }
    [[nodiscard]] const BoardIdentity& identity() const { return identity_; }
    [[nodiscard]] Tracker& tracker() { return tracker_; }
    [[nodiscard]] const dgt::DecoderStats& decoderStats() const { return decoder_.stats(); }
    [[nodiscard]] std::size_t reconnects() const { return reconnects_; }
    // The last clock reading with times, as the board sent it.
    [[nodiscard]] const std::optional<dgt::ClockTimes>& lastClock() const { return last_clock_; }
    // The last whole picture, in the board's own orientation.
    [[nodiscard]] const std::optional<dgt::BoardDump>& lastDump() const { return last_dump_; }

  private:
    enum class State : std::uint8_t { Closed, Handshaking, Connected };
    struct InFlight {
        dgt::Bytes bytes;
        TimePoint sent_at{};
        int tries = 0;
    };

    void tryOpen(TimePoint now, PollResult& out);
    void lose(const std::string& reason, TimePoint now, PollResult& out);
    void readSome(Ms wait, PollResult& out);
    void handle(const dgt::Message& m, TimePoint now, PollResult& out);
    void handleClock(const dgt::ClockAck& ack);
    void checkTimers(TimePoint now, PollResult& out);
    void pumpClock(TimePoint now);
    void queueDisplay(dgt::Bytes bytes);
    void send(const dgt::Bytes& bytes, TimePoint now, PollResult& out);

    std::string port_;
    LinkSettings settings_;
    Tracker tracker_;
    dgt::Decoder decoder_;
    std::optional<SerialLink> link_;
    State state_ = State::Closed;
    TimePoint next_open_{};
    TimePoint opened_at_{};
    TimePoint last_heard_{};
    bool pinged_ = false;
    bool have_dump_ = false;
    bool lost_reported_ = false;
    BoardIdentity identity_;
    std::deque<dgt::Bytes> clock_queue_;
    std::optional<InFlight> in_flight_;
    std::size_t reconnects_ = 0;
    std::optional<std::string> write_error_;
    std::optional<dgt::ClockTimes> last_clock_;
    std::optional<dgt::BoardDump> last_dump_;
};

// What `operator-cli eboard probe` prints: the board's identity, its position, orientation, clock.
struct ProbeReport {
    BoardIdentity identity;
    std::string fen;                       // the placement as the board reports it (upright)
    std::optional<bool> turned;            // known only for the start position
    std::optional<dgt::ClockTimes> clock;  // nullopt: no clock, or it did not answer
    dgt::DecoderStats stats;
};
// Connects to `port`, asks everything once and waits at most `timeout` for the answers.
[[nodiscard]] tl::expected<ProbeReport, std::string> probe(const std::string& port, Ms timeout);

}  // namespace oc::eboard
