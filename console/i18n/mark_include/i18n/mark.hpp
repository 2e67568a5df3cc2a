#pragma once
// N_("...") marks an English message for the catalogue without translating it: the session, rules and
// clock write their refusals and errors in English (the journal keeps them so), and the screens show
// them through i18n::translateMessage. Header-only (target i18n_mark), so those parts stay free of the
// catalogues. It keeps fmt's compile-time check: fmt::format(N_("illegal move '{}': {}"), a, b).

namespace oc::i18n {

constexpr const char* N_(const char* english) {
    return english;
}

}  // namespace oc::i18n
