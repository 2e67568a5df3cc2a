#include "session/journal_sink.hpp"

#include "i18n/mark.hpp"

namespace oc::session {

JournalSink::JournalSink(journal::JournalWriter writer, std::function<journal::WallTime()> wall)
    : writer_(std::move(writer)), wall_(std::move(wall)) {}

tl::expected<void, std::string> JournalSink::append(const nlohmann::json& record) {
    nlohmann::json payload = record;
    std::string type = payload.at("type");
    payload.erase("type");
    journal::MonoTime mono{payload.value("t", std::int64_t{0})};
    auto r = writer_.append(type, payload, wall_(), mono);
    if (!r) return tl::make_unexpected(r.error().message);
    return {};
}

std::vector<nlohmann::json> sessionRecords(const journal::JournalContents& contents) {
    std::vector<nlohmann::json> out;
    for (const auto& r : contents.records) {
        if (r.type == journal::kJournalHeaderType) continue;
        nlohmann::json j = r.payload;
        j["type"] = r.type;
        // The journal writes a key change itself, with the time of the session record that followed
        // (JournalSink's mono is the session's t): the session takes it as evidence at that time.
        if (r.type == journal::kSigningKeyChangedType) j["t"] = r.mono.count();
        out.push_back(std::move(j));
    }
    return out;
}

TimePoint latestRecordTime(const journal::JournalContents& contents) {
    TimePoint latest{};
    for (const auto& r : contents.records)
        latest = std::max(latest, TimePoint(std::chrono::duration_cast<TimePoint::duration>(r.mono)));
    return latest;
}

// E.III 2.2, 3.4: the setup is fixed at the first move; until then the operator may change it, and each
// change is a new setup record. The session refuses any after the lock, so the locked setup is the last
// setup record before the first move: the one every reader (the host's engine, the tools' language, the
// papers) must use. Reading the first one printed a game set up in Polish as an English scoresheet.
tl::expected<event::EventSetup, std::string> journalSetup(const std::vector<nlohmann::json>& records) {
    if (records.empty() || !records.front().contains("setup"))
        return tl::make_unexpected(i18n::N_("the journal does not start with the event setup"));
    const nlohmann::json* locked = &records.front();
    for (const auto& r : records) {
        const std::string type = r.value("type", "");
        if (type == "human_move" || type == "made") break;
        if (type == "setup" && r.contains("setup")) locked = &r;
    }
    return event::eventSetupFromJson(locked->at("setup"));
}

}  // namespace oc::session
