// operator-cli broadcast serve, and journal verify --against: the broadcast's commands, registered
// after `journal verify` so that --against joins it.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <optional>

#include "broadcast/ledger.hpp"
#include "broadcast/lichess_target.hpp"
#include "broadcast/publish_url.hpp"
#include "broadcast/server.hpp"
#include "broadcast/witness.hpp"
#include "commands.hpp"
#include "data_files/data_files.hpp"
#include "i18n/tr.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;

struct ServeArgs {
    std::vector<std::string> journals;
    std::string listen = "127.0.0.1:8080", delay = "0", dir, web;  // web: empty finds the installed page
    std::string state;  // empty: beside --dir, else ./broadcast-state
    std::size_t max_clients = 1000;
    std::size_t max_per_address = 16;
    std::string publish;
    // --push-lichess ROUND_ID and its companions (docs/broadcast.md, "Pushing to lichess")
    std::string push_lichess, token_file, push_url = "https://lichess.org", ca_file, push_round_filter;
};

// The page's folder: --web, else the one beside the program (build/web) or installed with it
// (share/operator-console/web). Not found: the server is told nothing and serves without the page,
// after a warning that says where it looked.
std::filesystem::path webFolder(const std::string& given) {
    if (!given.empty()) return given;
    auto found = data_files::find("web/index.html");
    if (found) return found->parent_path();
    std::cerr << trf("warning: {}; games.pgn, games.json and /events are served without the page",
                     i18n::translateMessage(found.error()))
              << "\n";
    return {};
}

// The ledger's folder (docs/broadcast.md): --state, else DIR-state beside --dir (never inside it: the
// ledger holds whole journal records, engine output too), else ./broadcast-state. A default folder that
// cannot be made leaves the hub without a ledger, after a warning; a --state that cannot be used stops it.
std::filesystem::path stateFolder(const ServeArgs& a) {
    if (!a.state.empty()) return a.state;
    std::filesystem::path dir = a.dir.empty() ? std::filesystem::path() : std::filesystem::path(a.dir);
    if (!dir.empty() && !dir.has_filename()) dir = dir.parent_path();
    const std::filesystem::path folder = dir.empty()
                                             ? std::filesystem::path("broadcast-state")
                                             : dir.parent_path() / (dir.filename().string() + "-state");
    auto made = broadcast::makePrivateFolder(folder);
    if (made) return folder;
    std::cerr << trf("warning: cannot create the ledger's folder {} ({}): a restart will not know what was "
                     "published; give --state DIR",
                     folder.string(), made.error())
              << "\n";
    return {};
}

// --push-lichess: the round's id, the URL, the CA file and the token, all checked before anything is
// served; an error message (translated) or the options. The token is never part of a message.
tl::expected<std::optional<broadcast::LichessPushOptions>, std::string> pushOptions(const ServeArgs& a) {
    if (a.push_lichess.empty()) {
        if (!a.token_file.empty() || !a.ca_file.empty() || !a.push_round_filter.empty())
            return tl::unexpected(
                tr("--token-file, --ca-file and --push-round-filter go with --push-lichess "
                   "ROUND_ID"));
        return std::nullopt;
    }
    if (auto ok = broadcast::checkRoundId(a.push_lichess); !ok)
        return tl::unexpected(i18n::translateMessage(ok.error()));
    if (auto ok = broadcast::pushEndpoint(a.push_url, a.push_lichess); !ok)
        return tl::unexpected(i18n::translateMessage(ok.error()));
    if (a.token_file.empty())
        return tl::unexpected(
            tr("--push-lichess needs --token-file FILE: a file (chmod 600) holding a lichess "
               "token with the study:write scope"));
    std::error_code ec;
    if (!a.ca_file.empty() && !std::filesystem::is_regular_file(a.ca_file, ec))
        return tl::unexpected(
            trf("--ca-file {}: no such file; give the PEM file of the CA that signed the "
                "server's certificate",
                a.ca_file));
    auto token = broadcast::readTokenFile(a.token_file);
    if (!token) return tl::unexpected(i18n::translateMessage(token.error()));
    return broadcast::LichessPushOptions{a.push_lichess, std::move(*token), a.push_url, a.ca_file,
                                         a.push_round_filter};
}

int serveCommand(const ServeArgs& a) {
    broadcast::ServerOptions o;
    for (const auto& j : a.journals) o.journals.emplace_back(j);
    auto delay = broadcast::parseDelay(a.delay);
    if (!delay) return std::cerr << trf("error: {}", i18n::translateMessage(delay.error())) << "\n", 2;
    o.delay = *delay;
    if (auto ok = broadcast::parseListen(a.listen, o); !ok)
        return std::cerr << trf("error: {}", i18n::translateMessage(ok.error())) << "\n", 2;
    // An upload job's folder that does not exist yet is created, as `mkdir -p` would.
    std::error_code dir_error;
    if (!a.dir.empty() && !std::filesystem::is_directory(a.dir) &&
        (std::filesystem::create_directories(a.dir, dir_error), !std::filesystem::is_directory(a.dir)))
        return std::cerr << trf("error: --dir {}: cannot create this folder ({}); give a folder that exists "
                                "or can be created",
                                a.dir, dir_error ? dir_error.message() : tr("a file has that name"))
                         << "\n",
               2;
    if (a.max_clients == 0) return std::cerr << tr("error: --max-clients: expected at least 1") << "\n", 2;
    if (a.max_per_address == 0)
        return std::cerr << tr("error: --max-per-address: expected at least 1") << "\n", 2;
    o.dir = a.dir;
    o.state = stateFolder(a);
    o.max_clients = a.max_clients;
    o.max_per_address = a.max_per_address;
    o.web_dir = webFolder(a.web);
    if (!a.publish.empty()) {
        if (auto url = broadcast::parsePublishUrl(a.publish); !url)
            return std::cerr << trf("error: {}", i18n::translateMessage(url.error())) << "\n", 2;
        o.publish = a.publish;
    }
    auto push = pushOptions(a);
    if (!push) return std::cerr << trf("error: {}", push.error()) << "\n", 2;
    o.lichess = std::move(*push);
    // serve's own lines ("listening ADDR:PORT", read by operator-console) are the broadcast's: English.
    if (auto ok = broadcast::serve(o, std::cout, std::cerr); !ok)
        return std::cerr << trf("error: {}", i18n::translateMessage(ok.error())) << "\n", 1;
    return 0;
}

// English writes "game(s)"; a translation may put the counts where no plural form depends on them.
std::string checkedLine(const std::string& archive, std::size_t checked, std::size_t others) {
    if (others == 0) return trf("{}: {} published game(s) of this journal match it", archive, checked);
    return trf("{}: {} published game(s) of this journal match it, {} other board(s) not checked", archive,
               checked, others);
}

int against(const std::string& file, const std::vector<std::string>& archives) {
    auto contents = journal::readJournal(file);
    if (!contents) return 1;  // verify has said why
    int rc = 0;
    for (const auto& archive : archives) {
        auto games = broadcast::readArchive(archive);
        if (!games) {
            std::cerr << trf("error: {}", i18n::translateMessage(games.error())) << "\n";
            rc = std::max(rc, 2);
            continue;
        }
        auto r = broadcast::checkPublished(contents->records, *games);
        for (const auto& f : r.fails) std::cout << trf("CONTRADICTED: {}", i18n::translateMessage(f)) << "\n";
        if (r.fails.empty() && r.checked == 0) {
            std::cout << trf("{}: no published game of this journal (its journal_id) found", archive) << "\n";
            rc = std::max(rc, 1);
            continue;
        }
        std::cout << checkedLine(archive, r.checked, r.others) << "\n";
        if (!r.fails.empty()) rc = std::max(rc, 1);
    }
    return rc;
}

// The hub's own options: what it follows, where it listens and writes, its limits.
void addHubOptions(CLI::App* s, ServeArgs& a) {
    s->add_option("--journal", a.journals, tr("A game journal, one board each (repeat for many boards)"))
        ->required();
    s->add_option("--listen", a.listen, tr("ADDR:PORT to listen on (PORT 0: any free port)"))
        ->capture_default_str();
    s->add_option("--delay", a.delay, tr("Publish the game as it stood this long ago, e.g. 15m"))
        ->capture_default_str();
    s->add_option("--dir", a.dir,
                  tr("Also write games.pgn and games.json here on every change (atomically)"));
    s->add_option("--state", a.state,
                  tr("The hub's own folder: what it published, read again at a restart, and the operator's "
                     "control files (default: DIR-state beside --dir, else ./broadcast-state)"));
    s->add_option("--max-clients", a.max_clients, tr("Connections served at once; more get 503"))
        ->capture_default_str();
    s->add_option("--max-per-address", a.max_per_address,
                  tr("Connections served at once from one address; more get 429 (behind a proxy: as "
                     "--max-clients)"))
        ->capture_default_str();
    s->add_option("--web", a.web,
                  tr("The spectator page's folder (default: the one installed with the program)"));
}

// Where else the games go: a publisher (nginx nchan) and a lichess round.
void addPushOptions(CLI::App* s, ServeArgs& a) {
    s->add_option("--publish", a.publish,
                  tr("Also post each board update once to this publisher URL (nginx nchan's /publish, "
                     "docs/broadcast.md), e.g. http://127.0.0.1:8090/publish"));
    s->add_option("--push-lichess", a.push_lichess,
                  tr("Also push the games to this lichess broadcast round (its 8-character id, the end of "
                     "the round's URL); needs --token-file"));
    s->add_option("--token-file", a.token_file,
                  tr("The file (chmod 600) holding the lichess token with the study:write scope"));
    s->add_option("--push-url", a.push_url,
                  tr("The host that takes the push (another lichess, a test server)"))
        ->capture_default_str();
    s->add_option("--ca-file", a.ca_file,
                  tr("Trust only this CA's certificate (PEM) for the push (default: the system's CA store)"));
    s->add_option("--push-round-filter", a.push_round_filter,
                  tr("Push only the boards of this round (their Round tag, e.g. 3), not every board"));
}

// journal verify FILE --against ARCHIVE...: verify's own callback runs first (subcommand callbacks come
// before their parent's), then this one on "journal" checks the archives.
void addVerifyAgainst(CLI::App& app, ExitCode& code) {
    CLI::App* journal = app.get_subcommand("journal");
    CLI::App* verify = journal->get_subcommand("verify");
    auto archives = std::make_shared<std::vector<std::string>>();
    verify->add_option(
        "--against", *archives,
        tr("Saved copies of the published games.pgn or games.json: every published journal head must "
           "be a record of this journal, at that move"));
    journal->callback([verify, archives, &code] {
        if (verify->parsed() && code.value == 0 && !archives->empty())
            code.value = against(verify->get_option("FILE")->as<std::string>(), *archives);
    });
}

}  // namespace

void addBroadcastCommands(CLI::App& app, ExitCode& code) {
    auto a = std::make_shared<ServeArgs>();
    CLI::App* b = app.add_subcommand("broadcast", tr("Publish games live from their journals"));
    b->require_subcommand(1);
    CLI::App* s = b->add_subcommand(
        "serve",
        tr("Follow journals and serve games.pgn, games.json, live updates (/events) and the spectator page"));
    addHubOptions(s, *a);
    addPushOptions(s, *a);
    s->callback([a, &code] { code.value = serveCommand(*a); });
    addVerifyAgainst(app, code);
}

}  // namespace oc::cli
