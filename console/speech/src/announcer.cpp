// Announcements from snapshot differences. Only fields the operator's view shows are read; the
// engine's evaluation (PendingEngineMove::eval) is never touched.
#include "speech/announcer.hpp"

#include <fmt/format.h>

namespace oc::speech {
namespace {

using rules::Color;
using rules::Position;
using session::Phase;
using session::Snapshot;

// The event's speech language: Persian for a Persian event (`ui_language: fa`, English SAN), else the
// notation's words. The operator's own --ui-lang does not reach the snapshot: the voice is the players'.
SpeechLanguage languageOf(const Snapshot& snap) {
    return eventSpeechLanguage(snap.setup.language, snap.setup.ui_language);
}

// The position before scoresheet move `ply` (games start from the initial array, Art. 2).
std::optional<Position> positionBefore(const Snapshot& snap, std::size_t ply) {
    Position pos = Position::startpos();
    for (std::size_t i = 0; i < ply && i < snap.moves.size(); ++i) {
        auto m = rules::parseUci(pos, snap.moves[i].uci);
        if (!m) return std::nullopt;
        pos = pos.play(*m);
    }
    return pos;
}

std::optional<std::string> phraseFor(const Position& pos, const std::string& uci, const PhraseOptions& opt) {
    auto m = rules::parseUci(pos, uci);
    if (!m) return std::nullopt;
    return movePhrase(pos, *m, opt);
}

// The computer's move as the operator sees it now: shown, not sealed, not held back (REC-03).
bool computerMoveVisible(const Snapshot& snap) {
    if (!snap.engine_move || snap.engine_move->made) return false;
    if (snap.computer_move_withheld || snap.seal_requested || snap.sealed_by) return false;
    return snap.phase == Phase::EngineMoveShown;
}

// The side that claimed, from the operator's notice "white claims a draw (...)"; else the side to move.
Color claimant(const Snapshot& snap) {
    for (auto it = snap.notices.rbegin(); it != snap.notices.rend(); ++it) {
        if (it->starts_with("white claims a draw")) return Color::White;
        if (it->starts_with("black claims a draw")) return Color::Black;
    }
    return snap.to_move;
}

bool claimedDraw(const Snapshot& snap) {
    return snap.termination == "threefold repetition" || snap.termination == "fifty-move rule";
}

}  // namespace

std::optional<SpeechMode> parseSpeechMode(std::string_view text) {
    if (text == "off") return SpeechMode::Off;
    if (text == "computer") return SpeechMode::Computer;
    if (text == "all") return SpeechMode::All;
    return std::nullopt;
}

PhraseOptions Announcer::options(const Snapshot& snap) const {
    return PhraseOptions{languageOf(snap), phonetic_};
}

std::vector<Announcement> Announcer::update(const Snapshot& snap) {
    std::vector<Announcement> out;
    if (mode_ == SpeechMode::Off) return out;
    if (std::exchange(first_, false)) {
        remember(snap);
        shownComputerMove(snap, out);
        return out;
    }
    newMoves(snap, out);
    shownComputerMove(snap, out);
    events(snap, out);
    remember(snap);
    return out;
}

// App. F 9.2: the human's move, read back as entered so the player and an assistant hear a mistake.
void Announcer::newMoves(const Snapshot& snap, std::vector<Announcement>& out) {
    if (snap.moves.size() < plies_) plies_ = snap.moves.size();  // moves taken back (Art. 7)
    const Color computer = snap.setup.computer_side;
    for (std::size_t ply = plies_; ply < snap.moves.size(); ++ply) {
        if (snap.moves[ply].side == computer || mode_ != SpeechMode::All) continue;
        auto pos = positionBefore(snap, ply);
        auto text = pos ? phraseFor(*pos, snap.moves[ply].uci, options(snap)) : std::nullopt;
        if (text) out.push_back({*text, languageOf(snap), true});
    }
}

void Announcer::shownComputerMove(const Snapshot& snap, std::vector<Announcement>& out) {
    if (!computerMoveVisible(snap)) return;
    const std::string key = fmt::format("{}:{}", snap.moves.size(), snap.engine_move->uci);
    if (key == shown_) return;
    shown_ = key;
    auto pos = Position::fromFen(snap.fen);
    auto text = pos ? phraseFor(*pos, snap.engine_move->uci, options(snap)) : std::nullopt;
    if (text) out.push_back({*text, languageOf(snap), true});
}

// Offers, claims, flags and the arbiter's pauses (all), and the result (every mode).
void Announcer::events(const Snapshot& snap, std::vector<Announcement>& out) const {
    const SpeechLanguage lang = languageOf(snap);
    auto say = [&](Event e, Color side) { out.push_back({eventPhrase(e, side, lang), lang, false}); };
    if (mode_ == SpeechMode::All) {
        const Color computer = snap.setup.computer_side;
        if (snap.human_offer_pending && !prev_.human_offer_pending) say(Event::DrawOffer, ~computer);
        if (snap.computer_offer_pending && !prev_.computer_offer_pending) say(Event::DrawOffer, computer);
        if (snap.phase == Phase::ClaimPending && prev_.phase != Phase::ClaimPending)
            say(Event::DrawClaim, ~computer);  // DRW-02: only the human's incorrect claim waits
        if (snap.qpf_claimant && !prev_.qpf_claimant) say(Event::DrawClaim, *snap.qpf_claimant);
        if (claimedDraw(snap) && prev_.result == "*") say(Event::DrawClaim, claimant(snap));
        if (snap.flag_reported && snap.flag_reported != prev_.flag_reported)
            say(Event::FlagReported, *snap.flag_reported);
        if (snap.clock_paused != prev_.clock_paused && snap.phase != Phase::GameOver &&
            snap.phase != Phase::Adjourned)
            say(snap.clock_paused ? Event::ClocksPaused : Event::ClocksResumed, snap.to_move);
    }
    if (snap.result != prev_.result && snap.result != "*")
        out.push_back({resultPhrase(snap.result, lang), lang, false});
}

void Announcer::remember(const Snapshot& snap) {
    plies_ = snap.moves.size();
    prev_.phase = snap.phase;
    prev_.human_offer_pending = snap.human_offer_pending;
    prev_.computer_offer_pending = snap.computer_offer_pending;
    prev_.qpf_claimant = snap.qpf_claimant;
    prev_.flag_reported = snap.flag_reported;
    prev_.clock_paused = snap.clock_paused;
    prev_.result = snap.result;
}

std::optional<Announcement> Announcer::computerMoveAgain(const Snapshot& snap) const {
    const SpeechLanguage lang = languageOf(snap);
    if (computerMoveVisible(snap)) {
        auto pos = Position::fromFen(snap.fen);
        auto text = pos ? phraseFor(*pos, snap.engine_move->uci, options(snap)) : std::nullopt;
        if (text) return Announcement{*text, lang, true};
    }
    for (std::size_t ply = snap.moves.size(); ply-- > 0;) {
        if (snap.moves[ply].side != snap.setup.computer_side) continue;
        auto pos = positionBefore(snap, ply);
        auto text = pos ? phraseFor(*pos, snap.moves[ply].uci, options(snap)) : std::nullopt;
        if (text) return Announcement{*text, lang, true};
        break;
    }
    return std::nullopt;
}

Announcement Announcer::movesAndClocks(const Snapshot& snap) const {
    const SpeechLanguage lang = languageOf(snap);
    const auto& t = snap.remaining;
    return {clockPhrase(snap.move_number, t[Color::White], t[Color::Black], lang), lang, true};
}

}  // namespace oc::speech
