#pragma once
// The test TRF files (tests/data/trf), read whole as bytes.
#include <fstream>
#include <sstream>
#include <string>

namespace oc::trf::test {

inline std::string readTrf(const std::string& name) {
    std::ifstream in(std::string(OC_TRF_DATA) + "/" + name, std::ios::binary);
    std::ostringstream all;
    all << in.rdbuf();
    return all.str();
}

}  // namespace oc::trf::test
