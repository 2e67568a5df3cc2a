#pragma once
// The electronic board beside a running game (issue 24): its serial link reads on a thread of its own, so
// the window's frames and the CLI's loop never wait on the port. Everything of the board (the link, the
// tracker, the attachment) lives on that thread; the program's thread only hands in snapshots and takes
// out, in order, the journal records and the session commands to dispatch exactly as if typed. The two
// meet in one mutex-guarded mailbox.

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <tl/expected.hpp>
#include <variant>
#include <vector>

#include "event/event_setup.hpp"
#include "host/eboard_input.hpp"
#include "host/game.hpp"

namespace oc::host {

// Where `auto` looks for a board; OC_EBOARD_SEARCH_DIR replaces it (the tests' fake board).
[[nodiscard]] std::filesystem::path eboardSearchDir();
// `port` as given, or for "auto" the one DGT-like device in `dir` (a name holding "DGT" or "Digital Game
// Technology"); the error says none or which several were found, and what to give instead.
[[nodiscard]] tl::expected<std::string, std::string> resolveEboardPort(const std::string& port,
                                                                       const std::filesystem::path& dir);

struct EboardConfig {
    std::string port;  // a device, or "auto": searched by the board's thread until one is found (DGT only)
    eboard::TrackerSettings tracker;
    eboard::AttachmentSettings attach;
    eboard::BoardBrand brand = eboard::BoardBrand::Dgt;
    std::string serial;  // LiveChess: the board's serial number ("" the only board offered)
    // Why a setting was changed on the way (English, N_-marked): `--eboard-brand millennium` over a setup
    // whose commit is `lever` commits on Enter, the ChessLink having no clock. "" when nothing was.
    std::string note;
};
// The settings of the setup's `eboard` key, with `--eboard` over its port and `--eboard-brand` over its
// brand ("" keeps the setup's); nullopt when neither the flags nor the setup ask for a board. An error
// (saying what would be right) for a brand that is none, or a Millennium ChessLink with port `auto`.
[[nodiscard]] tl::expected<std::optional<EboardConfig>, std::string> eboardConfig(
    const event::EventSetup& setup, const std::string& port_flag, const std::string& brand_flag = "");

// What the board's thread hands over: a journal record (the "eboard" record's fields) or a command.
using EboardItem = std::variant<nlohmann::json, session::Command>;

class EboardThread : public Output {
  public:
    // Starts the thread; `wake` is called on it when something waits to be taken (may be empty).
    EboardThread(EboardConfig config, std::function<void()> wake);
    ~EboardThread() override;
    EboardThread(const EboardThread&) = delete;
    EboardThread& operator=(const EboardThread&) = delete;

    void onRecord(const nlohmann::json&) override {}
    // Keeps the latest snapshot for the board's thread (it reads only the newest).
    void onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) override;
    // What the board said since the last call, in order; times are moved onto the session's clock (`now`
    // is the session's time now: the programs' clocks may run ahead of the OS's steady clock).
    [[nodiscard]] std::vector<EboardItem> take(session::TimePoint now);
    // The status line and the mismatch for the screens.
    [[nodiscard]] session::EboardStatus status() const;
    // How many polls the board's thread made (tests and the CPU figure).
    [[nodiscard]] std::uint64_t polls() const { return polls_.load(); }

  private:
    [[nodiscard]] std::optional<std::string> findPort();
    void run();
    void step(EboardInput& input);
    void publish(EboardInput& input, std::vector<EboardItem> items);

    EboardConfig config_;
    std::function<void()> wake_;
    mutable std::mutex mutex_;
    std::optional<session::Snapshot> snapshot_;  // the newest, not yet seen by the thread
    std::vector<EboardItem> out_;
    session::EboardStatus status_;
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> polls_{0};
    std::thread thread_;  // last: started once everything above exists
};

}  // namespace oc::host
