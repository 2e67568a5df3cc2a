// `say`: the phrases the console would speak for a sequence of moves, and optionally the sound (issue 13,
// contract in docs/operator-guide.md "Spoken moves").
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "speech/phrases.hpp"
#include "speech/synth.hpp"

namespace oc::cli {
namespace {

struct SayArgs {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::string lang = "en";
    std::string wav;
    bool phonetic = false;
    std::vector<std::string> moves;
};

// Every move's phrase, each played from the position the previous one left; nothing on a bad move.
tl::expected<std::vector<std::string>, std::string> phrases(const SayArgs& args, rules::Language lang) {
    auto pos = rules::Position::fromFen(args.fen);
    if (!pos) return tl::unexpected(fmt::format("bad FEN: {}", pos.error().message));
    std::vector<std::string> out;
    for (const std::string& text : args.moves) {
        auto parsed = rules::parseMoveText(*pos, text, lang);
        if (!parsed)
            return tl::unexpected(
                fmt::format("move {} \"{}\": {}", out.size() + 1, text, parsed.error().message));
        out.push_back(speech::movePhrase(*pos, parsed->move, {lang, args.phonetic}));
        *pos = pos->play(parsed->move);
    }
    return out;
}

// The phrases spoken one after another, with a short pause between moves, as one WAV.
tl::expected<void, std::string> writeSpeech(const std::vector<std::string>& lines, rules::Language lang,
                                            const std::string& path) {
    speech::Pcm all;
    for (const std::string& line : lines) {
        auto pcm = speech::synthesize(line, speech::voiceName(lang));
        if (!pcm) return tl::unexpected(pcm.error());
        all.sample_rate = pcm->sample_rate;
        all.samples.insert(all.samples.end(), pcm->samples.begin(), pcm->samples.end());
        all.samples.resize(all.samples.size() + static_cast<std::size_t>(pcm->sample_rate / 4));
    }
    return speech::writeWav(path, all);
}

int runSay(const SayArgs& args) {
    auto lang = rules::parseLanguage(args.lang);
    if (!lang) {
        std::cerr << fmt::format("unknown language '{}' (expected en pl de fr es nl ru)\n", args.lang);
        return 2;
    }
    auto lines = phrases(args, *lang);
    if (!lines) {
        std::cerr << lines.error() << '\n';
        return lines.error().starts_with("bad FEN") ? 2 : 1;
    }
    for (const std::string& line : *lines) fmt::print("{}\n", line);
    if (args.wav.empty()) return 0;
    if (auto ok = writeSpeech(*lines, *lang, args.wav); !ok) {
        std::cerr << ok.error() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace

void addSpeechCommands(CLI::App& app, ExitCode& code) {
    auto args = std::make_shared<SayArgs>();
    auto* cmd = app.add_subcommand("say", "Print (and with --wav speak) the announcement of each move");
    cmd->add_option("--lang", args->lang, "Notation and speech language: en pl de fr es nl ru");
    cmd->add_option("--fen", args->fen, "Position before the first move (FEN); default the initial position");
    cmd->add_option("--wav", args->wav, "Also write the speech as a 16-bit mono WAV file");
    cmd->add_flag("--phonetic", args->phonetic, "Files as Anna, Bella, Cesar ... (Laws App. F)");
    cmd->add_option("moves", args->moves, "Moves in the language's notation or UCI, played in turn")
        ->required();
    cmd->callback([args, &code] { code.value = runSay(*args); });
}

}  // namespace oc::cli
