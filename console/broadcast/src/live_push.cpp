#include "broadcast/live_push.hpp"

namespace oc::broadcast {

std::string_view eventStreamHead() {
    return "HTTP/1.1 200 OK\r\n"
           "Content-Type: text/event-stream\r\n"
           "Cache-Control: no-store\r\n"
           "X-Content-Type-Options: nosniff\r\n"
           "Connection: keep-alive\r\n\r\n"
           "retry: 2000\n\n";
}

std::string sseEvent(std::string_view name, std::string_view data) {
    std::string out;
    out.reserve(name.size() + data.size() + 16);
    out.append("event: ").append(name).append("\ndata: ").append(data).append("\n\n");
    return out;
}

std::string_view sseHeartbeat() {
    return ": keep-alive\n\n";
}

bool PushQueue::push(std::shared_ptr<const std::string> message) {
    bytes_ += message->size();
    queue_.push_back(std::move(message));
    if (bytes_ <= kMaxBytes) return true;
    queue_.clear();
    bytes_ = 0;
    return false;
}

void PushQueue::pop() {
    bytes_ -= queue_.front()->size();
    queue_.pop_front();
}

}  // namespace oc::broadcast
