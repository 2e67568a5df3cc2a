// `operator-cli engine probe`: start an engine, show what it offers and how fast it answers, quit it.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>

#include "commands.hpp"
#include "engine_bridge/engine.hpp"
#include "i18n/format.hpp"
#include "i18n/tr.hpp"

namespace oc::cli {
namespace {

using engine::Engine;
using engine::EngineEvent;
using Clock = std::chrono::steady_clock;
using i18n::tr;
using i18n::trf;

constexpr int kEngineFailure = 3;

struct ProbeArgs {
    std::string command;
    std::vector<std::string> args;
    int timeout_ms = 10000;
    int pings = 200;
};

// The "id" and "option" lines repeat the engine's UCI words (and parsers read them): never translated.

// Pumps the engine with the real clock until an event of type T, a fault, or the deadline.
template <typename T>
tl::expected<T, std::string> waitFor(Engine& e, std::chrono::milliseconds limit) {
    const auto end = Clock::now() + limit;
    while (Clock::now() < end) {
        e.waitForActivity(std::chrono::milliseconds{20});
        for (const auto& event : e.poll(Clock::now())) {
            if (const auto* hit = std::get_if<T>(&event)) return *hit;
            if (const auto* f = std::get_if<engine::FaultEvent>(&event)) {
                if (f->fault.kind != engine::FaultKind::Garbage)
                    return tl::unexpected(i18n::translateMessage(describe(f->fault)));
            }
        }
    }
    return tl::unexpected(trf("no answer within {} ms", limit.count()));
}

std::string describeOption(const engine::Option& o) {
    std::string line = fmt::format("option {} type {}", o.name, engine::toString(o.type));
    if (o.default_value) line += " default " + (o.default_value->empty() ? "\"\"" : *o.default_value);
    if (o.min) line += fmt::format(" min {}", *o.min);
    if (o.max) line += fmt::format(" max {}", *o.max);
    for (const auto& v : o.vars) line += " var " + v;
    return line;
}

double percentileMs(std::vector<std::chrono::nanoseconds> samples, double p) {
    std::sort(samples.begin(), samples.end());
    const auto index = static_cast<std::size_t>(p * static_cast<double>(samples.size() - 1) + 0.5);
    return std::chrono::duration<double, std::milli>(samples[index]).count();
}

tl::expected<std::vector<std::chrono::nanoseconds>, std::string> pingRounds(Engine& e, int count,
                                                                            std::chrono::milliseconds limit) {
    std::vector<std::chrono::nanoseconds> samples;
    for (int i = 0; i < count; ++i) {
        if (auto sent = e.ping(Clock::now()); !sent)
            return tl::unexpected(i18n::translateMessage(sent.error()));
        auto pong = waitFor<engine::PongEvent>(e, limit);
        if (!pong) return tl::unexpected(pong.error());
        samples.push_back(pong->round_trip);
    }
    return samples;
}

// `step` is the UCI step's own name (start, handshake, isready, quit): not translated.
int fail(const std::string& step, const std::string& why) {
    fmt::print(stderr, "{}\n", trf("engine probe failed at step '{}': {}", step, why));
    return kEngineFailure;
}

int probe(const ProbeArgs& a) {
    engine::EngineSettings settings;
    settings.process = {a.command, a.args, "", {}};
    settings.timeouts.handshake = std::chrono::milliseconds{a.timeout_ms};
    settings.timeouts.ready = std::chrono::milliseconds{a.timeout_ms};
    settings.max_restarts = 0;  // a probe reports the first fault instead of recovering from it
    Engine e(settings, engine::makeRulesValidator());
    if (auto started = e.start(Clock::now()); !started)
        return fail("start", i18n::translateMessage(started.error()));
    const auto limit = std::chrono::milliseconds{a.timeout_ms + 1000};
    if (auto ready = waitFor<engine::ReadyEvent>(e, limit); !ready) return fail("handshake", ready.error());
    fmt::print("id name {}\nid author {}\n", e.identity().name, e.identity().author);
    for (const auto& option : e.offeredOptions()) fmt::print("{}\n", describeOption(option));
    auto samples = pingRounds(e, a.pings, limit);
    if (!samples) return fail("isready", samples.error());
    const auto ms = [](double v) { return i18n::formatDecimal(i18n::uiLanguage(), v, 3); };
    fmt::print("{}\n", trf("isready round trip over {} pings: median {} ms, p99 {} ms", a.pings,
                           ms(percentileMs(*samples, 0.5)), ms(percentileMs(*samples, 0.99))));
    e.shutdown(Clock::now());
    if (auto stopped = waitFor<engine::StoppedEvent>(e, limit); !stopped)
        return fail("quit", stopped.error());
    return 0;
}

}  // namespace

void addEngineCommands(CLI::App& app, ExitCode& code) {
    auto* engine_cmd = app.add_subcommand("engine", tr("UCI engine tools"));
    engine_cmd->require_subcommand(1);
    auto* probe_cmd = engine_cmd->add_subcommand(
        "probe", tr("Start an engine, print its id and options and the isready round trip, then quit it"));
    auto args = std::make_shared<ProbeArgs>();
    probe_cmd
        ->add_option("--engine", args->command, tr("Engine command (path, or a name in PATH or /usr/games)"))
        ->required();
    probe_cmd->add_option("--engine-arg", args->args, tr("An argument for the engine (repeatable)"))
        ->allow_extra_args(false);
    probe_cmd
        ->add_option("--timeout-ms", args->timeout_ms, tr("Handshake and isready timeout in milliseconds"))
        ->check(CLI::Range(1, 600000));
    probe_cmd->add_option("--pings", args->pings, tr("Number of isready round trips to measure"))
        ->check(CLI::Range(1, 100000));
    probe_cmd->callback([args, &code] { code.value = probe(*args); });
}

}  // namespace oc::cli
