// fontconfig (used by cairo to find DejaVu Sans) keeps process-wide caches it never frees; in ASan
// builds LeakSanitizer reads this hook and ignores them, so real leaks in our code still fail the run.
extern "C" const char* __lsan_default_suppressions();
extern "C" const char* __lsan_default_suppressions() {
    return "leak:libfontconfig.so\n";
}
