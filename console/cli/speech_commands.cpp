// `say`: the phrases the console would speak for a sequence of moves, and optionally the sound (issue 13,
// contract in docs/operator-guide.md "Spoken moves").
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "i18n/tr.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "speech/language.hpp"
#include "speech/phrases.hpp"
#include "speech/synth.hpp"

namespace oc::cli {
namespace {

using i18n::tr;
using i18n::trf;

struct SayArgs {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::string lang = "en";
    std::string wav;
    bool phonetic = false;
    std::vector<std::string> moves;
};

// The move's phrase, and with "(=)" written after it the draw offer (App. C.12), as the console says it.
std::string movePhrase(const rules::Position& pos, const rules::ParsedMoveText& parsed, const SayArgs& args,
                       speech::SpeechLanguage lang) {
    std::string text = speech::movePhrase(pos, parsed.move, {lang, args.phonetic});
    if (!parsed.draw_offer) return text;
    return fmt::format("{}. {}", text, speech::eventPhrase(speech::Event::DrawOffer, pos.sideToMove(), lang));
}

// The phrases are speech in the speech language (console/speech), not the UI language: a notation
// language's words, or Persian, whose moves are read in English SAN.
// Every move's phrase, each played from the position the previous one left; nothing on a bad move.
tl::expected<std::vector<std::string>, std::string> phrases(const SayArgs& args,
                                                            speech::SpeechLanguage lang) {
    auto pos = rules::Position::fromFen(args.fen);
    if (!pos) return tl::unexpected(trf("bad FEN: {}", i18n::translateMessage(pos.error().message)));
    std::vector<std::string> out;
    for (const std::string& text : args.moves) {
        auto parsed = rules::parseMoveText(*pos, text, speech::notationOf(lang));
        if (!parsed)
            return tl::unexpected(trf("move {} \"{}\": {}", out.size() + 1, text,
                                      i18n::translateMessage(parsed.error().message)));
        out.push_back(movePhrase(*pos, *parsed, args, lang));
        *pos = pos->play(parsed->move);
    }
    return out;
}

// The phrases spoken one after another, with a short pause between moves, as one WAV.
tl::expected<void, std::string> writeSpeech(const std::vector<std::string>& lines,
                                            speech::SpeechLanguage lang, const std::string& path) {
    speech::Pcm all;
    for (const std::string& line : lines) {
        auto pcm = speech::synthesize(line, speech::voiceName(lang));
        if (!pcm) return tl::unexpected(i18n::translateMessage(pcm.error()));
        all.sample_rate = pcm->sample_rate;
        all.samples.insert(all.samples.end(), pcm->samples.begin(), pcm->samples.end());
        all.samples.resize(all.samples.size() + static_cast<std::size_t>(pcm->sample_rate / 4));
    }
    if (auto ok = speech::writeWav(path, all); !ok) return tl::unexpected(i18n::translateMessage(ok.error()));
    return {};
}

int runSay(const SayArgs& args) {
    auto lang = speech::parseSpeechLanguage(args.lang);
    if (!lang) {
        std::cerr << trf("unknown language '{}' (expected {})", args.lang, speech::speechLanguageList())
                  << '\n';
        return 2;
    }
    if (!rules::Position::fromFen(args.fen)) {
        std::cerr << phrases(args, *lang).error() << '\n';
        return 2;
    }
    auto lines = phrases(args, *lang);
    if (!lines) {
        std::cerr << lines.error() << '\n';
        return 1;
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
    auto* cmd = app.add_subcommand("say", tr("Print (and with --wav speak) the announcement of each move"));
    cmd->add_option("--lang", args->lang,
                    tr("Speech language, and the notation of the moves: en pl de fr es nl ru, or fa (Persian "
                       "words, moves in English SAN)"));
    cmd->add_option("--fen", args->fen,
                    tr("Position before the first move (FEN); default the initial position"));
    cmd->add_option("--wav", args->wav, tr("Also write the speech as a 16-bit mono WAV file"));
    cmd->add_flag("--phonetic", args->phonetic, tr("Files as Anna, Bella, Cesar ... (Laws App. F)"));
    cmd->add_option("moves", args->moves, tr("Moves in the language's notation or UCI, played in turn"))
        ->required();
    cmd->callback([args, &code] { code.value = runSay(*args); });
}

}  // namespace oc::cli
