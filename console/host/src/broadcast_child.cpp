#include "host/broadcast_child.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "i18n/tr.hpp"
#include "journal/journal.hpp"

extern char** environ;

namespace oc::host {
namespace {

// The first line the child writes (its stdout is a pipe; the rest goes to the console's stderr).
std::string firstLine(int fd) {
    std::string line;
    char c = 0;
    while (::read(fd, &c, 1) == 1 && c != '\n') line += c;
    return line;
}

// The user's state folder ($XDG_STATE_HOME, else ~/.local/state); empty when neither is set.
std::filesystem::path userStateFolder() {
    if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg) return xdg;
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".local" / "state";
    return {};
}

}  // namespace

std::filesystem::path broadcastStateFolder(const std::filesystem::path& journal) {
    const auto absolute = std::filesystem::absolute(journal).lexically_normal();
    const auto user = userStateFolder();
    if (user.empty()) return absolute.string() + ".broadcast-state";
    // The file's name for the reader, the whole path's hash so that two journals never share a folder.
    const std::string id = journal::blake2bHex(absolute.string()).substr(0, 16);
    return user / "operator-console" / "broadcast" / (absolute.filename().string() + "-" + id);
}

// `operator-cli broadcast serve` for the journal. Its errors reach the operator on the console's stderr,
// so it speaks the console's language.
std::vector<std::string> broadcastChildArgs(const std::filesystem::path& cli,
                                            const std::filesystem::path& journal, const std::string& listen) {
    return {cli.string(),
            "broadcast",
            "serve",
            "--journal",
            journal.string(),
            "--listen",
            listen,
            "--state",
            broadcastStateFolder(journal).string(),
            "--ui-lang",
            std::string(i18n::uiLanguageCode(i18n::uiLanguage()))};
}

namespace {}  // namespace

tl::expected<std::unique_ptr<BroadcastChild>, std::string> BroadcastChild::start(
    const std::filesystem::path& journal, const std::string& listen) {
    if (listen.empty()) return nullptr;
    std::error_code ec;
    const auto cli = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path() / "operator-cli";
    if (ec || !std::filesystem::exists(cli))
        return tl::make_unexpected(
            i18n::trf("--broadcast: operator-cli is not beside operator-console ({})", cli.string()));
    std::array<int, 2> out{};
    if (::pipe2(out.data(), O_CLOEXEC) != 0)
        return tl::make_unexpected(i18n::tr("--broadcast: cannot create a pipe"));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    std::vector<std::string> args = broadcastChildArgs(cli, journal, listen);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, cli.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (rc != 0) {
        ::close(out[0]);
        return tl::make_unexpected(i18n::trf("--broadcast: cannot start {}", cli.string()));
    }
    std::string line = firstLine(out[0]);
    ::close(out[0]);  // the child's later lines (none expected) would meet a closed pipe: SIGPIPE-safe
    if (line.rfind("listening ", 0) != 0) {
        int status = 0;
        ::waitpid(pid, &status, 0);
        return tl::make_unexpected(
            i18n::trf("--broadcast {}: the broadcast did not start (its error is above)", listen));
    }
    // The child's "listening ADDR:PORT" is its own line (scripts read it): English inside a translation.
    std::fprintf(stderr, "%s\n", i18n::trf("operator-console: broadcast {}", line).c_str());
    return std::unique_ptr<BroadcastChild>(new BroadcastChild(pid, line));
}

BroadcastChild::~BroadcastChild() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
}

}  // namespace oc::host
