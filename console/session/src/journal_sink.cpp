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
        out.push_back(std::move(j));
    }
    return out;
}

tl::expected<event::EventSetup, std::string> journalSetup(const std::vector<nlohmann::json>& records) {
    if (records.empty() || !records.front().contains("setup"))
        return tl::make_unexpected(i18n::N_("the journal does not start with the event setup"));
    return event::eventSetupFromJson(records.front()["setup"]);
}

}  // namespace oc::session
