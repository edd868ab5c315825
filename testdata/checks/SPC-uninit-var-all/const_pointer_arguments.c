// A variable passed by address to a function whose parameter is a pointer to const is read,
// not written, by that function; `time(&t)` and `time(out)` write it (libgit2's
// current_time(): `time(now_out); utc = gmtime_r(now_out, &buf);`).
#include <time.h>

struct tm *my_gmtime_r(const time_t *t, struct tm *out);

static void current_time(time_t *now_out, struct tm *utc) {
    time(now_out);
    my_gmtime_r(now_out, utc);
}

int stamp_ok(void) {
    time_t now;
    struct tm utc;
    current_time(&now, &utc);
    return (int) now;
}

static int peek(const int *p) {
    return *p; // expect: SPC-uninit-var-all
}

int peek_uninitialised(void) {
    int x;
    return peek(&x);
}
