#include "gl_window.hpp"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <functional>
#include <string_view>

#include "canvas.hpp"
#include "i18n/tr.hpp"

namespace oc::app {

namespace {

void mix(std::size_t& h, std::size_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
}

template <class T>
void mixBytes(std::size_t& h, const ImVector<T>& v) {
    const auto* bytes = reinterpret_cast<const char*>(v.Data);
    mix(h,
        std::hash<std::string_view>{}(std::string_view(bytes, sizeof(T) * static_cast<std::size_t>(v.Size))));
}

// Everything that decides the picture: the display size, every vertex, index and draw command (clip
// rectangle, texture, range). Equal hashes: the frame would put the same pixels on screen.
std::size_t drawDataHash(const ImDrawData& d) {
    std::size_t h = 1;
    mix(h, std::hash<float>{}(d.DisplaySize.x));
    mix(h, std::hash<float>{}(d.DisplaySize.y));
    mix(h, std::hash<float>{}(d.FramebufferScale.x));
    for (int i = 0; i < d.CmdListsCount; ++i) {
        const ImDrawList& list = *d.CmdLists[i];
        mixBytes(h, list.VtxBuffer);
        mixBytes(h, list.IdxBuffer);
        for (const ImDrawCmd& c : list.CmdBuffer) {
            mix(h, std::hash<std::string_view>{}(
                       std::string_view(reinterpret_cast<const char*>(&c.ClipRect), sizeof c.ClipRect)));
            mix(h, std::hash<const void*>{}(c.TextureId));
            mix(h, (std::size_t{c.VtxOffset} << 32) ^ c.IdxOffset ^ (std::size_t{c.ElemCount} << 16));
        }
    }
    return h == 0 ? 1 : h;
}

}  // namespace

GlWindow::GlWindow() = default;

GlWindow::~GlWindow() {
    canvas_.reset();  // its GL objects go while the context is current
    if (backends_) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplSDL2_Shutdown();
    }
    if (ImGui::GetCurrentContext() != nullptr) {
        ImGui::DestroyContext();
    }
    if (context_ != nullptr) {
        SDL_GL_DeleteContext(context_);
    }
    if (window_ != nullptr) {
        SDL_DestroyWindow(window_);
    }
    SDL_Quit();
}

bool GlWindow::open(const char* title, int width, int height) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // never litter the working directory with imgui.ini
    ImGui::StyleColorsDark();
    if (!startSdl() || !createWindow(title, width, height)) return false;
    SDL_GL_MakeCurrent(window_, context_);
    SDL_GL_SetSwapInterval(1);
    if (!ImGui_ImplSDL2_InitForOpenGL(window_, context_) || !ImGui_ImplOpenGL3_Init("#version 130")) {
        error_ = i18n::tr("ImGui's SDL2/OpenGL3 backends failed to start");
        return false;
    }
    backends_ = true;
    canvas_ = std::make_unique<Canvas>();
    if (!canvas_->load()) canvas_.reset();
    return true;
}

// SDL's video, timer and events, and the OpenGL 3.3 core context that the window will ask for.
bool GlWindow::startSdl() {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
        error_ = i18n::trf("SDL could not start: {}", SDL_GetError());
        return false;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    return true;
}

bool GlWindow::createWindow(const char* title, int width, int height) {
    const auto flags =
        static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    window_ = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (window_ == nullptr) {
        error_ = i18n::trf("the window could not be created: {}", SDL_GetError());
        return false;
    }
    context_ = SDL_GL_CreateContext(window_);
    if (context_ == nullptr) {
        error_ = i18n::trf("no OpenGL 3.3 context: {}", SDL_GetError());
        return false;
    }
    return true;
}

void GlWindow::beginFrame(std::optional<ImVec2> pointer) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    if (pointer) {
        ImGui::GetIO().MousePos = *pointer;  // the backend read where the pointer is now
    }
    ImGui::NewFrame();
}

bool GlWindow::render(bool force) {
    ImGui::Render();
    const std::size_t hash = drawDataHash(*ImGui::GetDrawData());
    if (!force && hash == shown_) return false;
    shown_ = hash;
    if (canvas_) {
        canvas_->draw(*ImGui::GetDrawData(), force);
        return true;
    }
    const ImGuiIO& io = ImGui::GetIO();
    auto clear_color =
        reinterpret_cast<void (*)(float, float, float, float)>(SDL_GL_GetProcAddress("glClearColor"));
    auto clear = reinterpret_cast<void (*)(unsigned)>(SDL_GL_GetProcAddress("glClear"));
    auto viewport = reinterpret_cast<void (*)(int, int, int, int)>(SDL_GL_GetProcAddress("glViewport"));
    viewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    clear_color(0.1f, 0.1f, 0.12f, 1.f);
    clear(0x00004000);  // GL_COLOR_BUFFER_BIT
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    return true;
}

void GlWindow::present() {
    SDL_GL_SwapWindow(window_);
}

}  // namespace oc::app
