#include "ui/board_view.hpp"

#include <imgui.h>

#include <cctype>
#include <string>

namespace oc::ui {

namespace {

constexpr ImU32 kLight = IM_COL32(240, 217, 181, 255);
constexpr ImU32 kDark = IM_COL32(181, 136, 99, 255);
constexpr ImU32 kHighlight = IM_COL32(205, 210, 106, 170);
constexpr ImU32 kWhitePiece = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kBlackPiece = IM_COL32(0, 0, 0, 255);
constexpr ImU32 kCoordinate = IM_COL32(220, 220, 220, 255);

std::string utf8(unsigned cp) {
    std::string out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

void drawPiece(ImDrawList* dl, const Fonts& fonts, char letter, ImVec2 origin, float cell) {
    const unsigned solid = solidFigurine(letter);
    if (solid == 0) {
        return;
    }
    const float size = cell * 0.9f;
    const ImVec2 glyph_size = fonts.pieces->CalcTextSizeA(size, 1e9f, 0.f, utf8(solid).c_str());
    const ImVec2 pos{origin.x + (cell - glyph_size.x) * 0.5f, origin.y + (cell - glyph_size.y) * 0.5f};
    const bool white = std::isupper(static_cast<unsigned char>(letter)) != 0;
    // U+2654..2659 are outlines only: a white piece is the solid glyph filled white with the outline on top,
    // so the square colour never shows through it.
    dl->AddText(fonts.pieces, size, pos, white ? kWhitePiece : kBlackPiece, utf8(solid).c_str());
    if (white) {
        dl->AddText(fonts.pieces, size, pos, kBlackPiece, utf8(solid - 6).c_str());
    }
}

}  // namespace

unsigned solidFigurine(char fen_letter) {
    switch (std::tolower(static_cast<unsigned char>(fen_letter))) {
        case 'k':
            return 0x265A;
        case 'q':
            return 0x265B;
        case 'r':
            return 0x265C;
        case 'b':
            return 0x265D;
        case 'n':
            return 0x265E;
        case 'p':
            return 0x265F;
        default:
            return 0;
    }
}

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
            drawPiece(dl, fonts, picture.squares[static_cast<std::size_t>(square)], a, cell);
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
