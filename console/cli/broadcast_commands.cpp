// operator-cli broadcast serve, and journal verify --against: the broadcast's commands, registered
// after `journal verify` so that --against joins it.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "broadcast/server.hpp"
#include "broadcast/witness.hpp"
#include "commands.hpp"

namespace oc::cli {
namespace {

struct ServeArgs {
    std::vector<std::string> journals;
    std::string listen = "127.0.0.1:8080", delay = "0", dir, web = OC_WEB_DIR;
    std::size_t max_clients = 1000;
};

int serveCommand(const ServeArgs& a) {
    broadcast::ServerOptions o;
    for (const auto& j : a.journals) o.journals.emplace_back(j);
    auto delay = broadcast::parseDelay(a.delay);
    if (!delay) return std::cerr << "error: " << delay.error() << "\n", 2;
    o.delay = *delay;
    if (auto ok = broadcast::parseListen(a.listen, o); !ok)
        return std::cerr << "error: " << ok.error() << "\n", 2;
    if (!a.dir.empty() && !std::filesystem::is_directory(a.dir))
        return std::cerr << "error: --dir " << a.dir << ": not a directory (create it first)\n", 2;
    if (a.max_clients == 0) return std::cerr << "error: --max-clients: expected at least 1\n", 2;
    o.dir = a.dir;
    o.max_clients = a.max_clients;
    o.web_dir = a.web;
    if (auto ok = broadcast::serve(o, std::cout, std::cerr); !ok)
        return std::cerr << "error: " << ok.error() << "\n", 1;
    return 0;
}

int against(const std::string& file, const std::vector<std::string>& archives) {
    auto contents = session::readJournal(file);
    if (!contents) return 1;  // verify has said why
    int rc = 0;
    for (const auto& archive : archives) {
        auto games = broadcast::readArchive(archive);
        if (!games) {
            std::cerr << "error: " << games.error() << "\n";
            rc = std::max(rc, 2);
            continue;
        }
        auto r = broadcast::checkPublished(contents->records, *games);
        for (const auto& f : r.fails) std::cout << "CONTRADICTED: " << f << "\n";
        if (r.fails.empty() && r.checked == 0) {
            std::cout << fmt::format("{}: no published game of this journal (its journal_id) found\n",
                                     archive);
            rc = std::max(rc, 1);
            continue;
        }
        std::cout << fmt::format("{}: {} published game(s) of this journal match it{}\n", archive, r.checked,
                                 r.others ? fmt::format(", {} other board(s) not checked", r.others) : "");
        if (!r.fails.empty()) rc = std::max(rc, 1);
    }
    return rc;
}

}  // namespace

void addBroadcastCommands(CLI::App& app, ExitCode& code) {
    auto a = std::make_shared<ServeArgs>();
    CLI::App* b = app.add_subcommand("broadcast", "Publish games live from their journals");
    b->require_subcommand(1);
    CLI::App* s = b->add_subcommand(
        "serve",
        "Follow journals and serve games.pgn, games.json, live updates (/events) and the spectator page");
    s->add_option("--journal", a->journals, "A game journal, one board each (repeat for many boards)")
        ->required();
    s->add_option("--listen", a->listen, "ADDR:PORT to listen on (PORT 0: any free port)")
        ->capture_default_str();
    s->add_option("--delay", a->delay, "Publish the game as it stood this long ago, e.g. 15m")
        ->capture_default_str();
    s->add_option("--dir", a->dir, "Also write games.pgn and games.json here on every change (atomically)");
    s->add_option("--max-clients", a->max_clients, "Connections served at once; more get 503")
        ->capture_default_str();
    s->add_option("--web", a->web, "The spectator page's folder (web/ with its npm packages)")
        ->capture_default_str();
    s->callback([a, &code] { code.value = serveCommand(*a); });

    // journal verify FILE --against ARCHIVE...: verify's own callback runs first (subcommand callbacks
    // come before their parent's), then this one on "journal" checks the archives.
    CLI::App* journal = app.get_subcommand("journal");
    CLI::App* verify = journal->get_subcommand("verify");
    auto archives = std::make_shared<std::vector<std::string>>();
    verify->add_option(
        "--against", *archives,
        "Saved copies of the published games.pgn or games.json: every published journal head must "
        "be a record of this journal, at that move");
    journal->callback([verify, archives, &code] {
        if (verify->parsed() && code.value == 0 && !archives->empty())
            code.value = against(verify->get_option("FILE")->as<std::string>(), *archives);
    });
}

}  // namespace oc::cli
