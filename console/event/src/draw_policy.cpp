#include "event/draw_policy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "i18n/mark.hpp"

namespace oc::event {
namespace {

constexpr int kMateCp = 100000;

// True when the last `n` evaluations exist and all satisfy `pred`.
template <typename Pred>
bool lastAll(const std::vector<Evaluation>& evals, int n, Pred pred) {
    auto count = static_cast<std::size_t>(n);
    if (n < 1 || evals.size() < count) return false;
    return std::all_of(evals.end() - static_cast<std::ptrdiff_t>(count), evals.end(),
                       [&](const Evaluation& e) { return pred(e.effectiveCp()); });
}

// One function per indication: each gives its reason when it applies, nothing when it does not.
using Reason = std::optional<std::string>;

Reason acceptReason(const DrawPolicy& p, const PolicyInput& in) {
    if (lastAll(in.evals, p.accept_over_moves, [&](int cp) { return cp <= p.accept_below_cp; }))
        return fmt::format(i18n::N_("if the human offers, accept: last {} scores <= {} cp"),
                           p.accept_over_moves, p.accept_below_cp);
    return std::nullopt;
}

Reason offerReason(const DrawPolicy& p, const PolicyInput& in) {
    bool rate_ok = !in.last_rejected_offer || in.move_number - *in.last_rejected_offer >= p.offer_rate_limit;
    if (p.offer_enabled && in.move_number >= p.offer_after_move && rate_ok &&
        lastAll(in.evals, p.accept_over_moves, [&](int cp) { return std::abs(cp) <= p.offer_within_cp; }))
        return fmt::format(i18n::N_("offer: |score| <= {} cp from move {}"), p.offer_within_cp,
                           p.offer_after_move);
    return std::nullopt;
}

// E.III 3.3: a claim needs both the policy's word and a claim the rules accept.
Reason claimReason(const DrawPolicy& p, const PolicyInput& in) {
    if (p.claim_enabled && in.claim_valid && !in.evals.empty() &&
        in.evals.back().effectiveCp() <= p.claim_below_cp)
        return fmt::format(i18n::N_("claim: valid and score <= {} cp"), p.claim_below_cp);
    return std::nullopt;
}

// QPF-02 (E.III 3.3, Q2): "the opponent cannot win by normal means" read as a level game for the
// last N computer moves; deterministic, so a replay indicates the same.
Reason quickplayClaimReason(const DrawPolicy& p, const PolicyInput& in) {
    if (p.qpf_claim_enabled && in.quickplay_possible &&
        lastAll(in.evals, p.qpf_claim_over_moves,
                [&](int cp) { return std::abs(cp) <= p.qpf_claim_within_cp; }))
        return fmt::format(i18n::N_("quickplay claim: |score| <= {} cp for the last {} moves"),
                           p.qpf_claim_within_cp, p.qpf_claim_over_moves);
    return std::nullopt;
}

Reason resignReason(const DrawPolicy& p, const PolicyInput& in) {
    if (p.resign_enabled &&
        lastAll(in.evals, p.resign_over_moves, [&](int cp) { return cp <= p.resign_below_cp; }))
        return fmt::format(i18n::N_("resign: last {} scores <= {} cp"), p.resign_over_moves,
                           p.resign_below_cp);
    return std::nullopt;
}

}  // namespace

int Evaluation::effectiveCp() const {
    if (!mate) return cp;
    int distance = std::abs(*mate);
    return *mate > 0 ? kMateCp - distance : -kMateCp + distance;
}

Indication indicate(const DrawPolicy& p, const PolicyInput& in) {
    Indication out;
    std::vector<std::string> why;
    auto note = [&why](bool& flag, Reason reason) {
        if (!reason) return;
        flag = true;
        why.push_back(std::move(*reason));
    };
    // The reasons in this order: accept, offer, claim, quickplay claim, resign.
    note(out.accept_draw, acceptReason(p, in));
    note(out.offer_draw, offerReason(p, in));
    note(out.claim_draw, claimReason(p, in));
    note(out.claim_quickplay, quickplayClaimReason(p, in));
    note(out.resign, resignReason(p, in));
    out.reason = fmt::format("{}", fmt::join(why, "; "));
    return out;
}

}  // namespace oc::event
