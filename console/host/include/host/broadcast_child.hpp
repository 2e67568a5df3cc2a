#pragma once
// operator-console --broadcast ADDR:PORT: `operator-cli broadcast serve` for the console's own journal,
// as a child process. A separate process only reads the journal, so it can neither slow nor crash the
// game; it is stopped (SIGTERM) when the console closes.

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>
#include <tl/expected.hpp>
#include <vector>

namespace oc::host {

// The hub's own --state folder (its ledger and accept-board-N, docs/broadcast.md) for this journal: in
// the user's state folder ($XDG_STATE_HOME, else ~/.local/state)/operator-console/broadcast, one folder
// per journal path. Never the hub's default ./broadcast-state, which two consoles started in the same
// folder would share, and not beside the journal, whose folder may be shared on the hall's network
// where anyone could edit the ledger. Beside the journal (JOURNAL.broadcast-state) only when the user
// has no home.
std::filesystem::path broadcastStateFolder(const std::filesystem::path& journal);
// The child's command line: operator-cli broadcast serve --journal ... --listen ... --state ... --ui-lang ...
std::vector<std::string> broadcastChildArgs(const std::filesystem::path& cli,
                                            const std::filesystem::path& journal, const std::string& listen);

class BroadcastChild {
  public:
    // Starts operator-cli (beside this program) and waits for its "listening ADDR:PORT" line, which goes
    // to stderr for the operator. An empty `listen` starts nothing (nullptr): no --broadcast.
    [[nodiscard]] static tl::expected<std::unique_ptr<BroadcastChild>, std::string> start(
        const std::filesystem::path& journal, const std::string& listen);
    ~BroadcastChild();
    BroadcastChild(const BroadcastChild&) = delete;
    BroadcastChild& operator=(const BroadcastChild&) = delete;

    const std::string& listening() const { return listening_; }  // "listening 127.0.0.1:8080"

  private:
    BroadcastChild(pid_t pid, std::string listening) : pid_(pid), listening_(std::move(listening)) {}
    pid_t pid_;
    std::string listening_;
};

}  // namespace oc::host
