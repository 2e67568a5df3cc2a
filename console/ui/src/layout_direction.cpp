#include "ui/layout_direction.hpp"

#include "i18n/bidi.hpp"

namespace oc::ui {

LayoutDirection layoutDirection() {
    return i18n::rightToLeftUi() ? LayoutDirection::RightToLeft : LayoutDirection::LeftToRight;
}

float placeAlong(float left, float right, float offset, float width, LayoutDirection d) {
    return d == LayoutDirection::LeftToRight ? left + offset : right - offset - width;
}

std::size_t columnAt(std::size_t visual, std::size_t n, LayoutDirection d) {
    return d == LayoutDirection::LeftToRight ? visual : n - 1 - visual;
}

}  // namespace oc::ui
