/* A library (no `main` among the units) is linked with code it does not show: its tests and
 * its users may write a global of external linkage that no function of the library writes
 * (nghttp2's `nghttp2_enable_strict_preface`, set to 0 by its test suite). A test of such a
 * global is not constant; one of a `static` or `const` global that nothing writes is. */
int enable_strict_preface = 1;
static int trace_frames = 0;
const int max_streams = 100;

int session_new(int *preface_expected) {
    if (enable_strict_preface)
        *preface_expected = 1;
    if (trace_frames) // expect: RED-cond-never
        return -1;
    if (max_streams > 0) // expect: RED-cond-always
        return 0;
    return 1;
}
