#include "ui/board_view.hpp"

#include <imgui.h>

namespace oc::ui {

namespace {

constexpr ImU32 kLight = IM_COL32(240, 217, 181, 255);
constexpr ImU32 kDark = IM_COL32(181, 136, 99, 255);
constexpr ImU32 kHighlight = IM_COL32(205, 210, 106, 170);
constexpr ImU32 kCoordinate = IM_COL32(220, 220, 220, 255);

}  // namespace

void drawBoard(const BoardPicture& picture, const Fonts& fonts, float side) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 top_left = ImGui::GetCursorScreenPos();
    const float margin = ImGui::GetFontSize() * 1.2f;  // room for rank and file labels
    const float cell = (side - margin) / 8.f;          // the file labels go below, outside `side`
    const ImVec2 board{top_left.x + margin, top_left.y};

    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            const int file = picture.white_at_bottom ? col : 7 - col;
            const int rank = picture.white_at_bottom ? 7 - row : row;
            const int square = rank * 8 + file;
            const ImVec2 a{board.x + static_cast<float>(col) * cell,
                           board.y + static_cast<float>(row) * cell};
            const ImVec2 b{a.x + cell, a.y + cell};
            dl->AddRectFilled(a, b, (file + rank) % 2 == 0 ? kDark : kLight);
            if (square == picture.highlight_from || square == picture.highlight_to) {
                dl->AddRectFilled(a, b, kHighlight);
            }
            const float inset = cell * 0.04f;
            fonts.sprites.draw(dl, picture.squares[static_cast<std::size_t>(square)],
                               {a.x + inset, a.y + inset}, {b.x - inset, b.y - inset});
        }
    }
    for (int i = 0; i < 8; ++i) {
        const int file = picture.white_at_bottom ? i : 7 - i;
        const int rank = picture.white_at_bottom ? 7 - i : i;
        const char file_label[2] = {static_cast<char>('a' + file), 0};
        const char rank_label[2] = {static_cast<char>('1' + rank), 0};
        const float offset = static_cast<float>(i) * cell + cell * 0.5f;
        dl->AddText({board.x + offset - ImGui::GetFontSize() * 0.25f, board.y + 8.f * cell + 2.f},
                    kCoordinate, file_label);
        dl->AddText({top_left.x + 2.f, board.y + offset - ImGui::GetFontSize() * 0.5f}, kCoordinate,
                    rank_label);
    }
    ImGui::Dummy({side, side - margin + ImGui::GetFontSize() * 1.3f});
}

}  // namespace oc::ui
