#pragma once
// The console's voice (issue 13): speaks what the operator's view newly shows, in the event's language,
// and answers two keys. An output of the host: it hears every snapshot the host publishes, which is what
// the operator's view shows.

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "host/game.hpp"
#include "session/snapshot.hpp"
#include "speech/announcer.hpp"
#include "speech/speaker.hpp"
#include "ui/ui_state.hpp"

namespace oc::app {

struct SpeechOptions {
    std::string mode;  // --speech: off | computer | all; empty = the event setup's `speech` key
    bool phonetic = false;
};

// Adds --speech and --speech-phonetic.
void addSpeechOptions(CLI::App& cli, SpeechOptions& opt);

class SpeechOutput : public host::Output {
  public:
    explicit SpeechOutput(SpeechOptions opt) : opt_(std::move(opt)) {}
    void onRecord(const nlohmann::json&) override {}
    // Announces what `snapshot` newly shows.
    void onSnapshot(const session::Snapshot& snapshot, session::TimePoint now) override;
    // Once per frame, after the views are drawn: F7 says the computer's move again, F8 the move number
    // and both clocks (App. F 9.4).
    // F9 mutes and unmutes (as the Notices pane's button does).
    void keys(const session::Snapshot& snap);
    void toggleMute() { muted_ = !muted_; }
    // What the window shows of speech (issue 22: never off without a word).
    ui::SpeechStatus status() const;
    // Why the sound device failed, once, for the journal (then empty).
    std::optional<std::string> takeFailure();

  private:
    void openSpeaker();
    void speak(const speech::Announcement& a);

    SpeechOptions opt_;
    std::optional<speech::SpeechMode> mode_;
    std::optional<speech::Announcer> announcer_;
    std::unique_ptr<speech::Speaker> speaker_;
    bool no_sound_ = false;  // the device could not be opened: said once, shown, journalled
    std::string why_no_sound_;
    bool failure_taken_ = false;
    bool muted_ = false;
};

}  // namespace oc::app
