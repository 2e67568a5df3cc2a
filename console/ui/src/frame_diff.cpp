#include "ui/frame_diff.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace oc::ui {

namespace {

bool same(const DrawnTriangle& a, const DrawnTriangle& b) {
    return std::memcmp(a.v, b.v, sizeof a.v) == 0 && a.texture == b.texture && a.clip.x == b.clip.x &&
           a.clip.y == b.clip.y && a.clip.z == b.clip.z && a.clip.w == b.clip.w;
}

// Grows `r` (float bounds x0, y0, x1, y1) by the triangles in [from, to).
void include(ImVec4& r, const std::vector<DrawnTriangle>& tris, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i)
        for (const ImDrawVert& v : tris[i].v) {
            r.x = std::min(r.x, v.pos.x);
            r.y = std::min(r.y, v.pos.y);
            r.z = std::max(r.z, v.pos.x);
            r.w = std::max(r.w, v.pos.y);
        }
}

// The triangles of one list that differ: those between the common beginning and the common end.
void includeChanges(ImVec4& r, const std::vector<DrawnTriangle>& a, const std::vector<DrawnTriangle>& b) {
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && same(a[head], b[head])) ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head &&
           same(a[a.size() - 1 - tail], b[b.size() - 1 - tail]))
        ++tail;
    include(r, a, head, a.size() - tail);
    include(r, b, head, b.size() - tail);
}

const std::vector<DrawnTriangle> kNoTriangles;

}  // namespace

DrawnFrame copyFrame(const ImDrawData& data) {
    DrawnFrame frame;
    frame.size = data.DisplaySize;
    for (int l = 0; l < data.CmdListsCount; ++l) {
        const ImDrawList& list = *data.CmdLists[l];
        auto& tris = frame.lists.emplace_back();
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback != nullptr) continue;
            for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
                DrawnTriangle t{};
                for (unsigned k = 0; k < 3; ++k)
                    t.v[k] = list.VtxBuffer[static_cast<int>(
                        cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + i + k)])];
                t.clip = cmd.ClipRect;
                t.texture = cmd.TextureId;
                tris.push_back(t);
            }
        }
    }
    return frame;
}

std::optional<PixelRect> changedArea(const DrawnFrame& before, const DrawnFrame& now) {
    const PixelRect whole{0, 0, static_cast<int>(std::ceil(now.size.x)),
                          static_cast<int>(std::ceil(now.size.y))};
    if (before.size.x != now.size.x || before.size.y != now.size.y) return whole;
    ImVec4 r(now.size.x, now.size.y, 0.f, 0.f);
    const std::size_t lists = std::max(before.lists.size(), now.lists.size());
    for (std::size_t l = 0; l < lists; ++l) {
        includeChanges(r, l < before.lists.size() ? before.lists[l] : kNoTriangles,
                       l < now.lists.size() ? now.lists[l] : kNoTriangles);
    }
    if (r.z < r.x || r.w < r.y) return std::nullopt;
    // A pixel around: anti-aliased edges and glyphs reach into the pixel their bounds end in.
    PixelRect area{static_cast<int>(std::floor(r.x)) - 1, static_cast<int>(std::floor(r.y)) - 1,
                   static_cast<int>(std::ceil(r.z)) + 1, static_cast<int>(std::ceil(r.w)) + 1};
    area.x0 = std::max(area.x0, 0);
    area.y0 = std::max(area.y0, 0);
    area.x1 = std::min(area.x1, whole.x1);
    area.y1 = std::min(area.y1, whole.y1);
    if (area.empty()) return std::nullopt;
    return area;
}

void clipDrawData(ImDrawData& data, const PixelRect& area) {
    const int height = static_cast<int>(data.DisplaySize.y);
    for (int l = 0; l < data.CmdListsCount; ++l) {
        for (ImDrawCmd& cmd : data.CmdLists[l]->CmdBuffer) {
            const ImVec4 c = cmd.ClipRect;
            // The backend's scissor box: x from the truncated left edge, y counted from the bottom.
            const int x0 = static_cast<int>(c.x);
            const int x1 = x0 + static_cast<int>(c.z - c.x);
            const int gl_y0 = static_cast<int>(static_cast<float>(height) - c.w);
            const int y1 = height - gl_y0;
            const int y0 = y1 - static_cast<int>(c.w - c.y);
            const PixelRect cut{std::max(x0, area.x0), std::max(y0, area.y0), std::min(x1, area.x1),
                                std::min(y1, area.y1)};
            cmd.ClipRect = cut.empty() ? ImVec4(0, 0, 0, 0)
                                       : ImVec4(static_cast<float>(cut.x0), static_cast<float>(cut.y0),
                                                static_cast<float>(cut.x1), static_cast<float>(cut.y1));
        }
    }
}

}  // namespace oc::ui
