// Guidelines I.5, E.III 3.5: the move played at resumption is the one the envelope holds. The computer's
// move is sealed under the arbiter's passphrase, which the journal never holds: only an audit given it can
// open the envelope and compare; without it the check says the comparison was not made (issue 37: a check
// never says ok of what it did not look at).
#include <fmt/format.h>

#include "checks.hpp"
#include "i18n/mark.hpp"
#include "seal/sealed_move.hpp"

namespace oc::audit::detail {
namespace {

// The envelope's move against the move opened at record `resume`: true when they are the same.
bool compareOne(const Timeline& tl, const json& envelope, std::size_t resume, const std::string& passphrase,
                Findings& f) {
    const std::string opened = tl.at(resume).payload.value("opened", "");
    auto held = seal::openSealedMove(envelope, passphrase);
    if (!held) {
        f.cannotJudge(resume, fmt::format(i18n::N_("record #{}: the envelope could not be opened with "
                                                   "the passphrase given ({}): the move opened, {}, "
                                                   "is not compared with it"),
                                          resume, held.error().message, opened));
        return false;
    }
    if (*held != opened) {
        f.breach(resume, fmt::format(i18n::N_("record #{}: the move opened at resumption, {}, is not the "
                                              "envelope's, {} (Guidelines I.5, E.III 3.5)"),
                                     resume, opened, *held));
        return false;
    }
    return true;
}

// `f`'s findings added to a check already finished: a breach first, then what could not be judged.
void mergeInto(const Findings& f, Check& c) {
    const bool breach = !f.breaches.empty();
    const auto& lines = breach ? f.breaches : f.unjudged;
    const auto& at = breach ? f.breach_records : f.unjudged_records;
    if (lines.empty()) return;
    if (c.verdict != Verdict::Breach) {
        c.verdict = breach ? Verdict::Breach : Verdict::NotChecked;
        c.evidence = lines.front();
    }
    c.details.insert(c.details.begin(), lines.begin(), lines.end());
    c.records.insert(c.records.begin(), at.begin(), at.end());
}

}  // namespace

void compareOpenedMoves(const Timeline& tl, const std::string& passphrase, Check& sealed_move) {
    Findings f;
    const json* envelope = nullptr;
    std::vector<std::size_t> uncompared, same;
    for (std::size_t i = 0; i < tl.size(); ++i) {
        const auto& p = tl.at(i).payload;
        if (tl.at(i).type == "sealed" && p.value("by", "") == tl.computerName() && p.contains("envelope"))
            envelope = &p["envelope"];
        if (tl.at(i).type != "resume" || !envelope || !p.contains("opened")) continue;
        if (passphrase.empty())
            uncompared.push_back(i);
        else if (compareOne(tl, *envelope, i, passphrase, f))
            same.push_back(i);
        envelope = nullptr;
    }
    if (!uncompared.empty())
        sealed_move.evidence +=
            "; " + fmt::format(i18n::N_("the move opened at #{} was not compared with the envelope's: that "
                                        "needs the arbiter's passphrase, given in a file"),
                               uncompared.front());
    if (!same.empty())
        sealed_move.evidence +=
            "; " +
            fmt::format(i18n::N_("the move opened at #{} is the envelope's (opened with the passphrase "
                                 "given)"),
                        same.front());
    mergeInto(f, sealed_move);
}

}  // namespace oc::audit::detail
