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
constexpr ImU32 kProposed = IM_COL32(30, 160, 60, 210);

// An arrow from the centre of one cell to another: the engine's move the operator must execute.
void drawArrow(ImDrawList* dl, ImVec2 from, ImVec2 to, float cell, ImU32 colour = kArrow) {
    const float dx = to.x - from.x;
    const float dy = to.y - from.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1.f) {
        return;
    }
    const ImVec2 u{dx / len, dy / len};
    const float head = cell * 0.38f;
    const ImVec2 base{to.x - u.x * head, to.y - u.y * head};
    dl->AddLine(from, base, colour, cell * 0.14f);
    dl->AddTriangleFilled(to, {base.x - u.y * head * 0.6f, base.y + u.x * head * 0.6f},
                          {base.x + u.y * head * 0.6f, base.y - u.x * head * 0.6f}, colour);
}

// Where the board goes in the window: the rank labels' margin on the left, then eight cells a row.
struct BoardGeometry {
    ImVec2 top_left;  // the rank labels start here
    ImVec2 board;     // the first cell's top-left corner
    float margin;
    float cell;

    ImVec2 cellMin(int row, int col) const {
        return {board.x + static_cast<float>(col) * cell, board.y + static_cast<float>(row) * cell};
    }
};

BoardGeometry boardGeometry(ImVec2 top_left, float side) {
    const float margin = ImGui::GetFontSize() * 1.2f;  // room for rank and file labels
    const float cell = (side - margin) / 8.f;          // the file labels go below, outside `side`
    return {top_left, {top_left.x + margin, top_left.y}, margin, cell};
}

// The file and rank shown in a column and row (0 = left, top) as the picture turns the board.
int fileAt(const BoardPicture& picture, int col) {
    return picture.white_at_bottom ? col : 7 - col;
}

int rankAt(const BoardPicture& picture, int row) {
    return picture.white_at_bottom ? 7 - row : row;
}

// The centre of the cell showing `square`, where the pending move's arrow starts or ends.
ImVec2 cellCentre(const BoardPicture& picture, const BoardGeometry& g, int square) {
    // The turn is its own inverse: the column showing a file is found as the file shown in a column.
    const ImVec2 a = g.cellMin(rankAt(picture, square / 8), fileAt(picture, square % 8));
    return {a.x + g.cell * 0.5f, a.y + g.cell * 0.5f};
}

// One cell: the square's colour, the last move's tint, the pending move's mark, then the piece.
void drawSquare(ImDrawList* dl, const BoardPicture& picture, const Fonts& fonts, int square, ImVec2 a,
                float cell) {
    const ImVec2 b{a.x + cell, a.y + cell};
    dl->AddRectFilled(a, b, (square % 8 + square / 8) % 2 == 0 ? kDark : kLight);
    if (square == picture.highlight_from || square == picture.highlight_to) {
        dl->AddRectFilled(a, b, kHighlight);
    }
    if (square == picture.pending_from || square == picture.pending_to) {
        dl->AddRectFilled(a, b, kPending);
    }
    if (square == picture.selected) dl->AddRect(a, b, kArrow, 0.f, 0, cell * 0.08f);
    const float inset = cell * 0.04f;
    fonts.sprites.draw(dl, picture.squares[static_cast<std::size_t>(square)], {a.x + inset, a.y + inset},
                       {b.x - inset, b.y - inset});
    if ((picture.targets >> square) & 1U)
        dl->AddCircleFilled({a.x + cell * 0.5f, a.y + cell * 0.5f}, cell * 0.14f, kPending);
}

void drawSquares(ImDrawList* dl, const BoardPicture& picture, const Fonts& fonts, const BoardGeometry& g) {
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            const int square = rankAt(picture, row) * 8 + fileAt(picture, col);
            drawSquare(dl, picture, fonts, square, g.cellMin(row, col), g.cell);
        }
    }
}

bool onBoard(int square) {
    return square >= 0 && square < 64;
}

// The engine's move still to be played: an arrow between its squares' centres (none while it has no
// squares, -1).
void drawPendingArrow(ImDrawList* dl, const BoardPicture& picture, const BoardGeometry& g) {
    if (onBoard(picture.pending_from) && onBoard(picture.pending_to)) {
        drawArrow(dl, cellCentre(picture, g, picture.pending_from),
                  cellCentre(picture, g, picture.pending_to), g.cell);
    }
    // Issue 24: the human's move the e-board shows, waiting for the lever (or Enter): a green arrow.
    if (onBoard(picture.proposed_from) && onBoard(picture.proposed_to)) {
        drawArrow(dl, cellCentre(picture, g, picture.proposed_from),
                  cellCentre(picture, g, picture.proposed_to), g.cell, kProposed);
    }
}

// The file letters below the board, the rank digits on its left.
void drawCoordinates(ImDrawList* dl, const BoardPicture& picture, const BoardGeometry& g) {
    for (int i = 0; i < 8; ++i) {
        const char file_label[2] = {static_cast<char>('a' + fileAt(picture, i)), 0};
        const char rank_label[2] = {static_cast<char>('1' + rankAt(picture, i)), 0};
        const float offset = static_cast<float>(i) * g.cell + g.cell * 0.5f;
        dl->AddText({g.board.x + offset - ImGui::GetFontSize() * 0.25f, g.board.y + 8.f * g.cell + 2.f},
                    kCoordinate, file_label);
        dl->AddText({g.top_left.x + 2.f, g.board.y + offset - ImGui::GetFontSize() * 0.5f}, kCoordinate,
                    rank_label);
    }
}

// The square (a1 = 0) under a point, or -1 off the cells.
int squareUnder(const BoardPicture& picture, const BoardGeometry& g, ImVec2 p) {
    const float x = (p.x - g.board.x) / g.cell, y = (p.y - g.board.y) / g.cell;
    if (x < 0.f || y < 0.f || x >= 8.f || y >= 8.f) return -1;
    return rankAt(picture, static_cast<int>(y)) * 8 + fileAt(picture, static_cast<int>(x));
}

// The mouse on the board: an invisible button over it, so it takes clicks and drags like any control.
BoardClick boardMouse(const BoardPicture& picture, const BoardGeometry& g, float side, const char* id) {
    ImGui::InvisibleButton(id, {side, side - g.margin + ImGui::GetFontSize() * 1.3f});
    BoardClick click;
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsItemActivated()) click.pressed = squareUnder(picture, g, io.MousePos);
    if (ImGui::IsItemDeactivated()) click.released = squareUnder(picture, g, io.MousePos);
    return click;
}

}  // namespace

BoardClick drawBoard(const BoardPicture& picture, const Fonts& fonts, float side, const char* id) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const BoardGeometry g = boardGeometry(ImGui::GetCursorScreenPos(), side);
    drawSquares(dl, picture, fonts, g);
    drawPendingArrow(dl, picture, g);
    drawCoordinates(dl, picture, g);
    return boardMouse(picture, g, side, id);
}

std::pair<ImVec2, ImVec2> squareRect(const BoardPicture& picture, ImVec2 top_left, float side, int square) {
    const BoardGeometry g = boardGeometry(top_left, side);
    const ImVec2 a = g.cellMin(rankAt(picture, square / 8), fileAt(picture, square % 8));
    return {a, {a.x + g.cell, a.y + g.cell}};
}

}  // namespace oc::ui
