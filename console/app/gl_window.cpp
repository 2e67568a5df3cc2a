#include "gl_window.hpp"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

namespace oc::app {

GlWindow::~GlWindow() {
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
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0) {
        error_ = std::string("SDL could not start: ") + SDL_GetError();
        return false;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    const auto flags =
        static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    window_ = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (window_ == nullptr) {
        error_ = std::string("the window could not be created: ") + SDL_GetError();
        return false;
    }
    context_ = SDL_GL_CreateContext(window_);
    if (context_ == nullptr) {
        error_ = std::string("no OpenGL 3.3 context: ") + SDL_GetError();
        return false;
    }
    SDL_GL_MakeCurrent(window_, context_);
    SDL_GL_SetSwapInterval(1);
    if (!ImGui_ImplSDL2_InitForOpenGL(window_, context_) || !ImGui_ImplOpenGL3_Init("#version 130")) {
        error_ = "ImGui's SDL2/OpenGL3 backends failed to start";
        return false;
    }
    backends_ = true;
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

void GlWindow::render() {
    ImGui::Render();
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
}

void GlWindow::present() {
    SDL_GL_SwapWindow(window_);
}

}  // namespace oc::app
