// --publish URL (the hub posting to nginx nchan's /publish): what is accepted, and refusals that say what
// would be right.
#include "broadcast/publish_url.hpp"

#include <gtest/gtest.h>

namespace oc::broadcast {
namespace {

TEST(PublishUrl, HostPortAndPathAreTakenApart) {
    auto url = parsePublishUrl("http://127.0.0.1:8090/publish?id=boards");
    ASSERT_TRUE(url) << url.error();
    EXPECT_EQ(url->host, "127.0.0.1");
    EXPECT_EQ(url->port, "8090");
    EXPECT_EQ(url->target, "/publish?id=boards");
    auto v6 = parsePublishUrl("http://[::1]:81/pub");
    ASSERT_TRUE(v6) << v6.error();
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->port, "81");
    auto bare = parsePublishUrl("http://hub.local");
    ASSERT_TRUE(bare) << bare.error();
    EXPECT_EQ(bare->port, "80");
    EXPECT_EQ(bare->target, "/");
}

TEST(PublishUrl, RefusalsNameTheUrlAndTheRightForm) {
    for (const char* bad : {"https://127.0.0.1/publish", "127.0.0.1:8090/publish", "http://:8090/publish",
                            "http://127.0.0.1:0/publish", "http://127.0.0.1:70000/", "http://127.0.0.1:8o/",
                            "http:///publish", ""}) {
        auto url = parsePublishUrl(bad);
        ASSERT_FALSE(url) << bad;
        EXPECT_NE(url.error().find(std::string("\"") + bad + "\""), std::string::npos) << url.error();
        EXPECT_NE(url.error().find("expected http://HOST:PORT/PATH"), std::string::npos) << url.error();
    }
}

}  // namespace
}  // namespace oc::broadcast
