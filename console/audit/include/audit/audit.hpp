#pragma once
// The arbiter's audit of a game journal (FIDE Handbook E.III and the adjournment guidelines): one
// verdict per rule, each with its evidence and the journal records it rests on, and the series the
// audit's pictures draw. Everything is read from the journal's own records (engine I/O included);
// nothing here talks to an engine, a clock or a printer.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <vector>

#include "journal/journal.hpp"

namespace oc::audit {

// NotChecked: the check could not run over the whole journal (the console's replay stopped at a record the
// console cannot have written, reported as an integrity breach), or could not judge a record an older
// console is known to have written so, or a newer console's rules: never read as "ok", never a breach.
enum class Verdict { Ok, Breach, NotApplicable, NotChecked };

// "ok", "breach", "n/a", "not-checked" (one word, so that scripts can split the lines on spaces).
std::string_view verdictName(Verdict v);

struct Check {
    std::string name;     // stable identifier, e.g. "no-forced-move"
    std::string article;  // "E.III 2.3"
    std::string title;    // one line for the printed report
    Verdict verdict = Verdict::NotApplicable;
    std::string evidence;              // one line: the verdict's reason, with record indices
    std::vector<std::string> details;  // one line per item looked at (syncs, offers, faults, ...)
    std::vector<std::size_t> records;  // journal record indices (line number - 1); breaches first
    bool listed = false;  // the evidence says the details are "listed below": checkLines lists them
};

// The mover's clock after each half-move, as the console mirrored it (%clk).
struct ClockPoint {
    int ply = 0;  // 1 = White's first move
    bool white = true;
    double remaining_s = 0;
};

// A table-clock reading entered by the operator (E.III 1.1) and what it corrected.
struct SyncMark {
    int ply = 0;  // half-moves played when the reading was entered
    std::optional<double> white_s, black_s;
    std::optional<double> white_diff_s, black_diff_s;  // official minus console
    std::size_t record = 0;
};

// One search for the computer's move.
struct ComputerMove {
    int ply = 0;                       // the half-move it answers (1-based)
    double given_s = 0;                // the computer's time in the `go` (the budget's base)
    std::optional<double> think_s;     // go -> bestmove
    std::optional<double> handling_s;  // move shown -> clock pressed (E.III 2.1)
    double reserve_s = 0;              // the handling reserve per move in force at the search
    std::optional<int> eval_cp;        // the engine's score, computer's view; mates as +/-100000-N
    bool faster = false;               // E.III 2.2 faster rate in force
    std::size_t record = 0;            // the `go` (or ponder hit) record
};

// An offer, claim, acceptance or resignation on the board of the evaluation picture.
struct Mark {
    int ply = 0;
    std::string what;  // "offer", "claim", "accept", "resign", "quickplay"
    bool computer = false;
    std::size_t record = 0;
};

struct PolicyLines {
    int offer_within_cp = 0, accept_below_cp = 0, claim_below_cp = 0, resign_below_cp = 0;
};

struct Series {
    int plies = 0;
    double reserve_setting_s = 0;
    std::vector<ClockPoint> clocks;
    std::vector<SyncMark> syncs;
    std::vector<ComputerMove> computer_moves;
    std::vector<Mark> marks;
    PolicyLines policy;
    std::vector<std::pair<int, int>> faster_periods;  // [first ply, last ply] under the faster rate
    // Half-moves played, the sealed move included, where the game was adjourned: the time pictures
    // break after each (no line joins the sessions across the break).
    std::vector<int> adjournments;
};

// A signing_key_changed record (issue 35): from `record` on, the journal is signed by `key`.
struct KeyChange {
    std::size_t record = 0;
    std::string key;           // hex public key
    std::string previous_key;  // the key it says it replaces
    std::string reason;        // the writer's words: why the key before was not there
};

struct Report {
    std::string file;
    bool verified = false;  // the hash chain verifies (a torn last record is only a warning)
    std::size_t records = 0;
    std::string final_hash;
    std::string event, white, black, result;
    bool computer_white = false;
    std::vector<Check> checks;
    Series series;
    // Who wrote the journal and the rules its go figures were judged by (issue 37 items 1, 6).
    int journal_version = 0;
    std::string written_by;  // "operator-console 0.1.0 (commit 6a34db6f6dd9)"; empty: the header does not say
    int reserve_rule = 0;    // the handling-reserve rule judged by; 0: none fits (the budget not checked)
    // "header", "figures" (recognised: an older console's header names none), "release" (this release's:
    // the header names rules no console of its release had), "none"
    std::string rules_from;
    // Who signed the records (issue 35): the header's hex public key (empty: a version 1 or 2 journal,
    // unsigned) and each key a later record brought in.
    std::string signing_key;
    std::vector<KeyChange> key_changes;
    // A console that resumed the game and named itself (console_resumed): from that record on, its rule.
    struct Resumed {
        std::size_t record = 0;
        std::string by;        // as written_by
        int reserve_rule = 0;  // the rule it names; 0: none named
    };
    std::vector<Resumed> resumed_by;
    // Records where an older console (no console_resumed records yet) resumed the game without saying so:
    // the new engine's handshake and the search issued again, judged as a resume.
    std::vector<std::size_t> unannounced_resumes;
    // The console's replay stopped at a record the console cannot have written (integrity): the other
    // checks ran over the records before it only.
    bool replay_stopped = false;
    // True when the journal verifies and every check is ok or n/a.
    bool passed() const;
    // True when the chain does not verify or a check is a breach. A report neither passed nor breached
    // holds checks that could not judge (an older console's records, a newer console's rules): no breach
    // was found there, and none was looked for.
    bool breached() const;
    // The checks that could not judge.
    std::size_t notChecked() const;
};

// What the arbiter gives the audit besides the journal.
struct AuditOptions {
    // The passphrase the computer's sealed move was sealed under: the audit then opens each envelope and
    // compares its move with the move opened at resumption (empty: not compared, and the check says so).
    std::string seal_passphrase;
};

// Audits the journal at `path`. A journal that does not verify gives a report whose integrity check is
// a breach (the other checks n/a); only a file that cannot be read at all is an error.
[[nodiscard]] tl::expected<Report, std::string> auditJournal(const std::filesystem::path& path,
                                                             const AuditOptions& options = {});

// Audits records already read and verified.
Report auditContents(const journal::JournalContents& contents, const std::string& file,
                     const AuditOptions& options = {});

// The report as JSON (checks with verdicts, evidence, record indices; the series).
nlohmann::json toJson(const Report& report);

// One line per check: "<check> ok|breach|n/a|not-checked <evidence>". The evidence is English (marked for the
// catalogue); `evidence_text`, when given, turns it into the reader's language (the CLI passes
// i18n::translateMessage: the audit itself never links the catalogues). Name and verdict stay as they are.
// `listed` checks are followed by their details, one per line, indented by two spaces.
std::string checkLines(const Report& report,
                       const std::function<std::string(const std::string&)>& evidence_text = {});

}  // namespace oc::audit
