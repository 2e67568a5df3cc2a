#include "canvas.hpp"

#include <SDL.h>
#include <SDL_opengl.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string_view>

namespace oc::app {

// The OpenGL functions the canvas needs, from the driver (the program does not link libGL: ImGui's
// backend loads it at run time too).
struct Canvas::Gl {
    PFNGLGENFRAMEBUFFERSPROC GenFramebuffers = nullptr;
    PFNGLDELETEFRAMEBUFFERSPROC DeleteFramebuffers = nullptr;
    PFNGLBINDFRAMEBUFFERPROC BindFramebuffer = nullptr;
    PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D = nullptr;
    PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus = nullptr;
    PFNGLBLITFRAMEBUFFERPROC BlitFramebuffer = nullptr;
    decltype(&glGenTextures) GenTextures = nullptr;
    decltype(&glDeleteTextures) DeleteTextures = nullptr;
    decltype(&glBindTexture) BindTexture = nullptr;
    decltype(&glTexImage2D) TexImage2D = nullptr;
    decltype(&glTexParameteri) TexParameteri = nullptr;
    decltype(&glViewport) Viewport = nullptr;
    decltype(&glScissor) Scissor = nullptr;
    decltype(&glEnable) Enable = nullptr;
    decltype(&glDisable) Disable = nullptr;
    decltype(&glClearColor) ClearColor = nullptr;
    decltype(&glClear) Clear = nullptr;
    decltype(&glGetString) GetString = nullptr;
    // GLX_EXT_buffer_age, on X11 only: how old the back buffer's content is after a swap.
    void* (*GetCurrentDisplay)() = nullptr;
    unsigned long (*GetCurrentDrawable)() = nullptr;
    void (*QueryDrawable)(void*, unsigned long, int, unsigned int*) = nullptr;
};

namespace {

template <class F>
bool loadFn(F& fn, const char* name) {
    fn = reinterpret_cast<F>(SDL_GL_GetProcAddress(name));
    return fn != nullptr;
}

// Whether every function of the list was found (a braced list runs each loadFn in it, in order).
bool allFound(std::initializer_list<bool> found) {
    return std::find(found.begin(), found.end(), false) == found.end();
}

constexpr int kGlxBackBufferAge = 0x20F4;  // GLX_BACK_BUFFER_AGE_EXT
constexpr std::size_t kMaxAge = 3;         // older back buffers get the whole picture

ui::PixelRect unite(const ui::PixelRect& a, const ui::PixelRect& b) {
    return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

}  // namespace

Canvas::~Canvas() {
    if (gl_ != nullptr) {
        if (fbo_ != 0) gl_->DeleteFramebuffers(1, &fbo_);
        if (texture_ != 0) gl_->DeleteTextures(1, &texture_);
    }
    delete gl_;
}

bool Canvas::load() {
    auto gl = std::make_unique<Gl>();
    if (!loadFramebufferFns(*gl) || !loadDrawingFns(*gl)) return false;
    loadBufferAge(*gl);
    const auto* renderer = reinterpret_cast<const char*>(gl->GetString(GL_RENDERER));
    const std::string_view name = renderer ? renderer : "";
    software_ =
        name.find("llvmpipe") != std::string_view::npos || name.find("softpipe") != std::string_view::npos;
    gl_ = gl.release();
    return true;
}

// The framebuffer objects the picture is kept in, and the copy to the back buffer.
bool Canvas::loadFramebufferFns(Gl& gl) {
    return allFound({loadFn(gl.GenFramebuffers, "glGenFramebuffers"),
                     loadFn(gl.DeleteFramebuffers, "glDeleteFramebuffers"),
                     loadFn(gl.BindFramebuffer, "glBindFramebuffer"),
                     loadFn(gl.FramebufferTexture2D, "glFramebufferTexture2D"),
                     loadFn(gl.CheckFramebufferStatus, "glCheckFramebufferStatus"),
                     loadFn(gl.BlitFramebuffer, "glBlitFramebuffer")});
}

// The texture, viewport, scissor and clearing functions, and glGetString (to name the renderer).
bool Canvas::loadDrawingFns(Gl& gl) {
    return allFound({loadFn(gl.GenTextures, "glGenTextures"), loadFn(gl.DeleteTextures, "glDeleteTextures"),
                     loadFn(gl.BindTexture, "glBindTexture"), loadFn(gl.TexImage2D, "glTexImage2D"),
                     loadFn(gl.TexParameteri, "glTexParameteri"), loadFn(gl.Viewport, "glViewport"),
                     loadFn(gl.Scissor, "glScissor"), loadFn(gl.Enable, "glEnable"),
                     loadFn(gl.Disable, "glDisable"), loadFn(gl.ClearColor, "glClearColor"),
                     loadFn(gl.Clear, "glClear"), loadFn(gl.GetString, "glGetString")});
}

// GLX functions exist only under X11 (not Wayland, not SDL's offscreen driver).
void Canvas::loadBufferAge(Gl& gl) {
    const char* video = SDL_GetCurrentVideoDriver();
    if (video == nullptr || std::string_view(video) != "x11") return;
    const bool found = allFound({loadFn(gl.GetCurrentDisplay, "glXGetCurrentDisplay"),
                                 loadFn(gl.GetCurrentDrawable, "glXGetCurrentDrawable"),
                                 loadFn(gl.QueryDrawable, "glXQueryDrawable")});
    if (!found) gl.QueryDrawable = nullptr;
}

bool Canvas::resize(int width, int height) {
    if (width == width_ && height == height_ && fbo_ != 0) return true;
    if (fbo_ != 0) gl_->DeleteFramebuffers(1, &fbo_);
    if (texture_ != 0) gl_->DeleteTextures(1, &texture_);
    gl_->GenTextures(1, &texture_);
    gl_->BindTexture(GL_TEXTURE_2D, texture_);
    gl_->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl_->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl_->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    gl_->GenFramebuffers(1, &fbo_);
    gl_->BindFramebuffer(GL_FRAMEBUFFER, fbo_);
    gl_->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    width_ = width;
    height_ = height;
    have_last_ = false;
    return gl_->CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

void Canvas::clearArea(const ui::PixelRect& area, int height) {
    gl_->Enable(GL_SCISSOR_TEST);
    gl_->Scissor(area.x0, height - area.y1, area.x1 - area.x0, area.y1 - area.y0);
    gl_->ClearColor(0.1f, 0.1f, 0.12f, 1.f);
    gl_->Clear(GL_COLOR_BUFFER_BIT);
    gl_->Disable(GL_SCISSOR_TEST);
}

void Canvas::draw(ImDrawData& data, bool whole) {
    const int w = static_cast<int>(data.DisplaySize.x * data.FramebufferScale.x);
    const int h = static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
    if (!resize(w, h)) return drawDirect(data, w, h);
    // Only the plain case is narrowed: no scaling (high-DPI) and the origin at the top left.
    const bool plain = data.FramebufferScale.x == 1.f && data.FramebufferScale.y == 1.f &&
                       data.DisplayPos.x == 0.f && data.DisplayPos.y == 0.f;
    whole = whole || !plain || !have_last_;
    ui::DrawnFrame now = ui::copyFrame(data);
    const auto area =
        whole ? std::optional<ui::PixelRect>(ui::PixelRect{0, 0, w, h}) : ui::changedArea(last_, now);
    last_ = std::move(now);
    have_last_ = true;
    gl_->BindFramebuffer(GL_FRAMEBUFFER, fbo_);
    if (area) {
        gl_->Viewport(0, 0, w, h);
        clearArea(*area, h);
        if (!whole) ui::clipDrawData(data, *area);
        ImGui_ImplOpenGL3_RenderDrawData(&data);
    }
    copyToBackBuffer(area, w, h);
}

// No usable framebuffer object (the driver refused this size): the whole frame, directly.
void Canvas::drawDirect(ImDrawData& data, int w, int h) {
    gl_->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl_->Viewport(0, 0, w, h);
    clearArea({0, 0, w, h}, h);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    have_last_ = false;
}

// Copying the whole canvas cost 7 ms with llvmpipe: only what the back buffer lacks is copied.
void Canvas::copyToBackBuffer(const std::optional<ui::PixelRect>& changed, int w, int h) {
    const ui::PixelRect b = blitArea(changed, w, h);
    gl_->BindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
    gl_->BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    if (!b.empty())
        gl_->BlitFramebuffer(b.x0, h - b.y1, b.x1, h - b.y0, b.x0, h - b.y1, b.x1, h - b.y0,
                             GL_COLOR_BUFFER_BIT, GL_NEAREST);
    gl_->BindFramebuffer(GL_FRAMEBUFFER, 0);
}

// 0 when the driver cannot say (then the back buffer's content counts as lost). Mesa's software
// rasterizers (llvmpipe, softpipe: no GPU, e.g. under Xvfb) draw into a buffer of their own that a swap
// copies to the window and keeps, but do not implement GLX_EXT_buffer_age: for them the age is 1.
int Canvas::backBufferAge() const {
    unsigned int age = 0;
    void* display = gl_->QueryDrawable ? gl_->GetCurrentDisplay() : nullptr;
    const unsigned long drawable = display ? gl_->GetCurrentDrawable() : 0;
    if (drawable != 0) gl_->QueryDrawable(display, drawable, kGlxBackBufferAge, &age);
    return age == 0 && software_ ? 1 : static_cast<int>(age);
}

ui::PixelRect Canvas::blitArea(const std::optional<ui::PixelRect>& changed, int width, int height) {
    const ui::PixelRect whole{0, 0, width, height};
    history_.push_front(changed.value_or(ui::PixelRect{}));
    if (history_.size() > kMaxAge) history_.pop_back();
    const auto age = static_cast<std::size_t>(backBufferAge());
    if (age == 0 || age > history_.size()) return whole;
    ui::PixelRect out = history_.front();
    for (std::size_t i = 1; i < age; ++i)
        out = history_[i].empty() ? out : out.empty() ? history_[i] : unite(out, history_[i]);
    return out;
}

}  // namespace oc::app
