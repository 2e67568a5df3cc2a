#include "ui/board_view.hpp"

#include <imgui.h>

#include <cmath>

namespace oc::ui {

namespace {

constexpr ImU32 kLight = IM_COL32(240, 217, 181, 255);
constexpr ImU32 kDark = IM_COL32(181, 136, 99, 255);
constexpr ImU32 kHighlight = IM_COL32(205, 210, 106, 170);
constexpr ImU32 kCoordinate = IM_COL32(220, 220, 220, 255);
constexpr ImU32 kPending = IM_COL32(60, 140, 255, 150);
constexpr ImU32 kArrow = IM_COL32(20, 90, 230, 210);

// An arrow from the centre of one cell to another: the engine's move the operator must execute.
void drawArrow(ImDrawList* dl, ImVec2 from, ImVec2 to, float cell) {
    const float dx = to.x - from.x;
    const float dy = to.y - from.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1.f) {
        return;
    }
    const ImVec2 u{dx / len, dy / len};
    const float head = cell * 0.38f;
    const ImVec2 base{to.x - u.x * head, to.y - u.y * head};
    dl->AddLine(from, base, kArrow, cell * 0.14f);
    dl->AddTriangleFilled(to, {base.x - u.y * head * 0.6f, base.y + u.x * head * 0.6f},
                          {base.x + u.y * head * 0.6f, base.y - u.x * head * 0.6f}, kArrow);
}

}  // namespace

void drawBoard(const BoardPicture& picture, const Fonts& fonts, float side) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 top_left = ImGui::GetCursorScreenPos();
    const float margin = ImGui::GetFontSize() * 1.2f;  // room for rank and file labels
    const float cell = (side - margin) / 8.f;          // the file labels go below, outside `side`
    const ImVec2 board{top_left.x + margin, top_left.y};

    ImVec2 pending_from{-1, -1};
    ImVec2 pending_to{-1, -1};
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
            if (square == picture.pending_from || square == picture.pending_to) {
                dl->AddRectFilled(a, b, kPending);
                (square == picture.pending_from ? pending_from : pending_to) = {a.x + cell * 0.5f,
                                                                                a.y + cell * 0.5f};
            }
            const float inset = cell * 0.04f;
            fonts.sprites.draw(dl, picture.squares[static_cast<std::size_t>(square)],
                               {a.x + inset, a.y + inset}, {b.x - inset, b.y - inset});
        }
    }
    if (pending_from.x >= 0 && pending_to.x >= 0) {
        drawArrow(dl, pending_from, pending_to, cell);
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
