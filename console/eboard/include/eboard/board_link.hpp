#pragma once
// A board on a serial port (or read through DGT LiveChess's WebSocket, livechess_board.hpp), for any brand:
// opening the port with the brand's line settings, the handshake's deadline, a ping when the board is silent,
// counting it gone after a longer silence or an unplug (one `Lost` notice), reopening every half second, and
// feeding the tracker. What differs between brands (line settings, codec, handshake, the clock or LEDs) is
// behind `Brand`: dgt_board.hpp (DGT) and millennium_board.hpp (Millennium ChessLink). Real time
// (steady_clock): the tracker underneath is the part on virtual time.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "eboard/dgt_messages.hpp"
#include "eboard/serial_link.hpp"
#include "eboard/tracker.hpp"
#include "eboard/transport.hpp"

namespace oc::eboard {

using Bytes = std::vector<std::uint8_t>;

enum class BoardBrand : std::uint8_t { Dgt, Millennium, LiveChess };
// "dgt" / "millennium" / "livechess"; nullopt for anything else.
[[nodiscard]] std::optional<BoardBrand> parseBrand(std::string_view name);
[[nodiscard]] const char* brandKey(BoardBrand b);
// The maker's name for the screens and the journal ("DGT", "Millennium ChessLink", "DGT LiveChess").
[[nodiscard]] const char* brandName(BoardBrand b);

// Who the board is, as it said on connecting.
struct BoardIdentity {
    std::string port;
    BoardBrand brand = BoardBrand::Dgt;
    std::optional<dgt::Version> version;
    std::string serial;                  // DGT and LiveChess
    std::string long_serial;             // DGT only
    std::optional<int> battery_percent;  // DGT Bluetooth boards
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
    Ms ping_after{2000};    // silence before asking the board for something small
    Ms silent_limit{5000};  // silence after which the board counts as gone
    Ms clock_resend{2000};  // DGT: a clock command unanswered this long is sent again
    int clock_tries = 3;
    Ms status_poll{250};  // ChessLink: a status asked for when none came this long
};

struct PollResult {
    std::vector<Event> events;
    std::vector<LinkNotice> notices;
};

// What a brand's protocol may use of the link it runs on.
class BrandContext {
  public:
    // Writes `bytes` (an error loses the link: check open() before going on).
    virtual void send(const Bytes& bytes) = 0;
    [[nodiscard]] virtual bool open() const = 0;
    [[nodiscard]] virtual Tracker& tracker() = 0;
    [[nodiscard]] virtual BoardIdentity& boardIdentity() = 0;
    [[nodiscard]] virtual const LinkSettings& settings() const = 0;
    // The connection is of no use (LiveChess does not offer the board): lost with `reason`, reopened later.
    virtual void fail(const std::string& reason) = 0;

  protected:
    ~BrandContext() = default;
};

// What differs between brands.
class Brand {
  public:
    virtual ~Brand() = default;
    [[nodiscard]] virtual BoardBrand brand() const = 0;
    [[nodiscard]] virtual LineSettings line() const = 0;
    // Opens the link to `port`: by default the serial port with line().
    [[nodiscard]] virtual tl::expected<std::unique_ptr<Transport>, std::string> connect(
        const std::string& port);
    // A new connection: the last one's partial state forgotten; the handshake's bytes.
    [[nodiscard]] virtual Bytes opened() = 0;
    // Bytes from the board: its messages to the tracker and the identity.
    virtual void feed(std::span<const std::uint8_t> bytes, TimePoint now, BrandContext& link) = 0;
    // The board has said enough for the handshake to be complete.
    [[nodiscard]] virtual bool ready() const = 0;
    // The handshake just completed.
    virtual void connected(TimePoint now, BrandContext& link) = 0;
    // Timers while connected (DGT: the clock command in flight; ChessLink: the status poll).
    virtual void tick(TimePoint now, BrandContext& link) = 0;
    // Something small the board answers, sent when it has been silent.
    [[nodiscard]] virtual Bytes ping() const = 0;
    // Asks for the whole board.
    [[nodiscard]] virtual Bytes pictureRequest() const = 0;
    [[nodiscard]] virtual std::size_t garbageBytes() const = 0;
    // The computer's move to make: DGT 3000 text (8 characters); a board without a display ignores it.
    virtual void showText(std::string_view text, std::uint8_t beep) = 0;
    virtual void showTimes() = 0;
    // The computer's move's squares (LEDs on a board that has them; nullopt: all off).
    virtual void showSquares(std::optional<std::pair<rules::Square, rules::Square>> squares,
                             BrandContext& link) = 0;
};

class BoardLink : private BrandContext {
  public:
    BoardLink(std::string port, std::unique_ptr<Brand> brand, TrackerSettings tracker = {},
              LinkSettings link = {});
    virtual ~BoardLink() = default;
    BoardLink(const BoardLink&) = delete;
    BoardLink& operator=(const BoardLink&) = delete;

    // Connects or reconnects when needed, reads for at most `max_wait`, feeds the tracker and runs its
    // timers. Call it in a loop.
    [[nodiscard]] PollResult poll(Ms max_wait);
    // Shows `text` on the board's clock, if it has one that shows text (DGT 3000).
    void showText(std::string_view text, std::uint8_t beep = 0) { brand_->showText(text, beep); }
    // Back to the times.
    void showTimes() { brand_->showTimes(); }
    // The computer's move's squares on the board's LEDs, if it has them; nullopt: off.
    void showSquares(std::optional<std::pair<rules::Square, rules::Square>> squares);
    // Asks for the whole board (re-reads it after a settle, or for the probe).
    void requestDump();

    [[nodiscard]] bool connected() const { return state_ == State::Connected; }
    [[nodiscard]] const BoardIdentity& identity() const { return identity_; }
    [[nodiscard]] Tracker& tracker() override { return tracker_; }
    [[nodiscard]] std::size_t reconnects() const { return reconnects_; }
    [[nodiscard]] std::size_t garbageBytes() const { return brand_->garbageBytes(); }
    [[nodiscard]] BoardBrand brand() const { return brand_->brand(); }

  protected:
    // Writes `bytes` now, if the port is open (a failure is noticed by the next poll's read).
    void sendNow(const Bytes& bytes);
    [[nodiscard]] const Brand& brandPart() const { return *brand_; }

  private:
    enum class State : std::uint8_t { Closed, Handshaking, Connected };

    void send(const Bytes& bytes) override;
    void fail(const std::string& reason) override;
    [[nodiscard]] bool open() const override { return link_ != nullptr; }
    [[nodiscard]] BoardIdentity& boardIdentity() override { return identity_; }
    [[nodiscard]] const LinkSettings& settings() const override { return settings_; }

    void tryOpen(TimePoint now, PollResult& out);
    void lose(const std::string& reason, TimePoint now, PollResult& out);
    void readSome(Ms wait, PollResult& out);
    void checkTimers(TimePoint now, PollResult& out);

    std::string port_;
    std::unique_ptr<Brand> brand_;
    LinkSettings settings_;
    Tracker tracker_;
    std::unique_ptr<Transport> link_;
    State state_ = State::Closed;
    TimePoint next_open_{};
    TimePoint opened_at_{};
    TimePoint last_heard_{};
    bool pinged_ = false;
    bool lost_reported_ = false;
    std::string lost_reason_;  // the last one said: a connection that fails again alike is not said again
    BoardIdentity identity_;
    std::size_t reconnects_ = 0;
    PollResult* current_ = nullptr;  // the poll under way, for a write error inside the brand's work
};

// The link for `brand`; `serial` names the board LiveChess offers ("" the only one; others ignore it).
[[nodiscard]] std::unique_ptr<BoardLink> makeBoard(BoardBrand brand, std::string port,
                                                   TrackerSettings tracker = {}, LinkSettings link = {},
                                                   std::string serial = {});

// What `operator-cli eboard probe` prints: the board's identity, its position, orientation, clock.
struct ProbeReport {
    BoardIdentity identity;
    std::string fen;                       // the placement as the board reports it (upright)
    std::optional<bool> turned;            // known only for the start position
    std::optional<dgt::ClockTimes> clock;  // nullopt: no clock, or it did not answer
    std::size_t garbage_bytes = 0;
};
// Whether `seen` is the start position upright (false) or turned (true); nullopt for any other.
[[nodiscard]] std::optional<bool> turnedIfStart(const Placement& seen);
// Connects to `port`, asks everything once and waits at most `timeout` for the answers.
[[nodiscard]] tl::expected<ProbeReport, std::string> probe(const std::string& port, Ms timeout,
                                                           BoardBrand brand = BoardBrand::Dgt);

}  // namespace oc::eboard
