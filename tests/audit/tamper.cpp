#include "tamper.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <optional>

#include "journal/journal.hpp"

namespace oc::audit::test {

const Check& checkNamed(const Report& report, const std::string& name) {
    auto it = std::find_if(report.checks.begin(), report.checks.end(),
                           [&](const Check& c) { return c.name == name; });
    EXPECT_NE(it, report.checks.end()) << name;
    return *it;
}

std::vector<json> readRecords(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::vector<json> out;
    for (std::string line; std::getline(in, line);) out.push_back(json::parse(line));
    return out;
}

namespace {

// The key that signs record `r` of a signed journal: the one its header or a key change names, else the
// one in force. Loaded from this computer's key folder, as the console's own operator could.
void takeKey(const json& r, std::optional<journal::SigningKey>& key) {
    const bool names_key = r["seq"] == 0 || r["type"] == journal::kSigningKeyChangedType;
    if (!names_key) return;
    const std::string hex = r["payload"].value("signing_key", "");
    key.reset();
    if (hex.empty()) return;  // versions 1 and 2: unsigned
    auto loaded = journal::SigningKey::load(hex);
    if (!loaded) {
        ADD_FAILURE() << "the journal's key is not here to re-sign with: " << loaded.error();
        return;
    }
    key.emplace(std::move(*loaded));
}

}  // namespace

std::string signedLine(json record, const journal::SigningKey* key) {
    record.erase("hash");
    record.erase("sig");
    const std::string canonical = record.dump();  // keys sorted, no spaces: the canonical form
    const std::string hash = journal::blake2bHex(canonical);
    const std::string sig = key ? "\"sig\":\"" + key->sign(hash) + "\"," : "";
    return "{\"hash\":\"" + hash + "\"," + sig + canonical.substr(1);
}

void writeRechained(const std::filesystem::path& path, std::vector<json> records) {
    std::ofstream out(path, std::ios::trunc);
    std::string prev(64, '0');
    std::optional<journal::SigningKey> key;
    for (std::size_t i = 0; i < records.size(); ++i) {
        json& r = records[i];
        r["seq"] = i;
        r["prev"] = prev;
        takeKey(r, key);
        const std::string line = signedLine(r, key ? &*key : nullptr);
        prev = line.substr(9, 64);  // {"hash":"<64 hex>"
        out << line << "\n";
    }
}

void asVersion2(std::vector<json>& records) {
    auto& header = records.front()["payload"];
    header["journal_version"] = 2;
    header.erase("signing_key");
}

std::size_t find(const std::vector<json>& records, const std::string& type, std::size_t from) {
    for (std::size_t i = from; i < records.size(); ++i)
        if (records[i]["type"] == type) return i;
    ADD_FAILURE() << "no " << type << " record at or after " << from;
    return records.size();
}

void insertBefore(std::vector<json>& records, std::size_t index, const std::string& type, json payload) {
    const json& like = records[index - 1];
    payload["t"] = like["payload"].value("t", std::int64_t{0});
    json r{{"type", type}, {"payload", payload}, {"wall", like["wall"]}, {"mono_ms", like["mono_ms"]}};
    records.insert(records.begin() + static_cast<std::ptrdiff_t>(index), r);
}

std::filesystem::path testDir(const std::string& prefix) {
    auto dir = std::filesystem::temp_directory_path() /
               (prefix + std::to_string(getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir);
    return dir;
}

int runCli(const std::string& args, std::string* out) {
    std::string command = std::string(OC_OPERATOR_CLI) + " " + args + (out ? "" : " >/dev/null") + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return -1;
    std::array<char, 4096> buffer{};
    for (std::size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
        if (out) out->append(buffer.data(), n);
    int status = pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::filesystem::path playScript(const std::filesystem::path& dir, const std::string& script) {
    const std::filesystem::path file = std::filesystem::path(script).is_absolute()
                                           ? std::filesystem::path(script)
                                           : std::filesystem::path(OC_SESSION_SCRIPTS) / (script + ".txt");
    auto journal = dir / (file.stem().string() + ".jsonl");
    std::filesystem::remove(journal);
    int rc = runCli("play --engine fake --engine-side black --tc 90m+30s --human script:" + file.string() +
                    " --journal " + journal.string());
    EXPECT_EQ(rc, 0) << script;
    return journal;
}

std::filesystem::path tampered(const std::filesystem::path& dir, const std::string& script,
                               const std::function<void(std::vector<json>&)>& edit) {
    auto records = readRecords(playScript(dir, script));
    edit(records);
    auto out = dir / "tampered.jsonl";
    writeRechained(out, records);
    EXPECT_TRUE(journal::readJournal(out)) << "the tampered journal must still verify";
    return out;
}

}  // namespace oc::audit::test
