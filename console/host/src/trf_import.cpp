#include "host/trf_import.hpp"

#include <fmt/format.h>

#include "host/input_file.hpp"
#include "i18n/tr.hpp"

namespace oc::host {
namespace {

using i18n::tr;
using i18n::trf;

tl::expected<void, std::string> checkRequest(const TrfRequest& r) {
    if (r.round < 1) return tl::make_unexpected(tr("--trf needs --round N: the round to play (1 or more)"));
    if (r.player.empty())
        return tl::make_unexpected(
            tr("--trf needs --player NAME|START_RANK: the computer's entry in the TRF, e.g. 12 or "
               "\"Stockfish\""));
    return {};
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

std::vector<std::string> notesOf(const trf::Pairing& p) {
    std::vector<std::string> notes;
    if (p.board > 0 && p.board_from_order)
        notes.push_back(
            trf("board {}: the TRF has no board numbers; this is the round's board order (score, then "
                "start rank): check it against the posted pairings",
                p.board));
    if (!p.time_control_text.empty() && p.time_control.empty())
        notes.push_back(
            trf("the TRF's time control \"{}\" is not a form the console reads: give it as e.g. "
                "\"40/90m+30s, 30m+30s\"",
                p.time_control_text));
    if (!p.missing.empty())
        notes.push_back(trf("the TRF left these for the operator: {}", joined(p.missing)));
    return notes;
}

}  // namespace

tl::expected<TrfImport, std::string> importTrf(const TrfRequest& request, event::EventSetup& setup) {
    if (auto ok = checkRequest(request); !ok) return tl::make_unexpected(ok.error());
    auto text = readTextFile(request.path, kMaxTrfFileBytes);
    if (!text) return tl::make_unexpected(text.error());
    auto pairing = trf::pairingFromText(*text, request.round, request.player);
    if (!pairing)
        return tl::make_unexpected(
            fmt::format("{}: {}", request.path, i18n::translateMessage(pairing.error())));
    if (auto ok = trf::applyPairing(setup, *pairing); !ok)
        return tl::make_unexpected(fmt::format("{}: {}", request.path, i18n::translateMessage(ok.error())));
    return TrfImport{*pairing, notesOf(*pairing)};
}

}  // namespace oc::host
