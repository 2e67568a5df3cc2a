// Issue 13 latency: from the computer's move shown to the operator (the snapshot that first carries it)
// to the start of its audio (the sound device's callback taking the announcement's first sample).
// The path measured is the console's: Announcer::update on the snapshot, Speaker::say, espeak-ng's first
// chunk, the SDL callback. Target: p99 <= 200 ms. Each run is a real session with the in-process engine.
// Usage: speech_latency_bench [RUNS] [LANG]  (default 200 pl). Without SDL_AUDIODRIVER set it uses SDL's
// disk driver into /dev/null, which calls back at the device's pace like a sound card.
#include <fmt/format.h>
#include <stdlib.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "session/record_sink.hpp"
#include "session/session.hpp"
#include "sim/fake_engine.hpp"
#include "speech/announcer.hpp"
#include "speech/speaker.hpp"

namespace {

using namespace oc;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

double millis(Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

const std::vector<std::string> kReplies{"g8f6", "e7e5", "b8c6", "d7d5", "c7c5", "e7e6", "g7g6", "b7b6"};

// One game up to the computer's first move on the operator's screen; returns the snapshot that shows it
// and the announcer that has seen every snapshot before it.
struct ShownMove {
    session::Snapshot snap;
    speech::Announcer announcer{speech::SpeechMode::Computer, false};
};

std::optional<ShownMove> playToShownMove(const std::string& lang, int run) {
    event::EventSetup setup;
    setup.engine.command = "fake";
    setup.language = lang;
    session::MemorySink sink;
    sim::FakeEngine engine(sim::legalMovesAfter, static_cast<std::uint64_t>(run));
    const session::TimePoint t0{std::chrono::hours(1000)};
    auto s = session::Session::create(setup, sink, engine, t0);
    if (!s) return std::nullopt;
    ShownMove out;
    (void)(*s)->dispatch(session::cmd::StartGame{}, t0);
    engine.queueMove(kReplies[static_cast<std::size_t>(run) % kReplies.size()]);
    (void)(*s)->dispatch(session::cmd::HumanMove{"e4"}, t0 + 1s);
    (void)out.announcer.update((*s)->snapshot(t0 + 1s));
    session::TimePoint now = t0 + 1s;
    while (auto due = engine.nextDue()) (*s)->poll(now = *due);
    out.snap = (*s)->snapshot(now);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::max(10, std::atoi(argv[1])) : 200;
    const std::string lang = argc > 2 ? argv[2] : "pl";
    setenv("SDL_AUDIODRIVER", "disk", 0);
    setenv("SDL_DISKAUDIOFILE", "/dev/null", 0);
    auto speaker = speech::Speaker::open();
    if (!speaker) {
        fmt::print(stderr, "speech_latency_bench: {}\n", speaker.error());
        return 2;
    }
    std::vector<double> ms;
    for (int run = 0; run < runs; ++run) {
        auto shown = playToShownMove(lang, run);
        if (!shown) return 2;
        const auto t0 = Clock::now();  // the frame that shows the move
        const auto said = shown->announcer.update(shown->snap);
        if (said.empty()) return 2;
        const auto id = (*speaker)->say(said.front().text, said.front().language, true);
        while (!(*speaker)->lastStart() || (*speaker)->lastStart()->id != id)
            std::this_thread::sleep_for(200us);
        ms.push_back(millis((*speaker)->lastStart()->at - t0));
        std::this_thread::sleep_for(std::chrono::milliseconds(20 + run % 37));  // vary the device phase
    }
    const double p50 = percentile(ms, 0.5), p90 = percentile(ms, 0.9), p99 = percentile(ms, 0.99);
    fmt::print("speech latency, move shown -> start of audio, {} runs, voice {}:\n", runs, lang);
    fmt::print("  p50 {:.1f} ms  p90 {:.1f} ms  p99 {:.1f} ms  max {:.1f} ms\n", p50, p90, p99,
               *std::max_element(ms.begin(), ms.end()));
    fmt::print("  p99 / target (200 ms) = {:.2f}  {}\n", p99 / 200.0, p99 <= 200.0 ? "ok" : "OVER TARGET");
    return p99 <= 200.0 ? 0 : 1;
}
