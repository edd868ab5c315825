// A NULL test written inside a macro is a defensive check the macro makes for every caller
// (logging and tracing macros test their context pointer), not the programmer saying that the
// pointer may be NULL where the macro is used.
#include <stddef.h>

struct settings { int verbose; int retries; };
struct easy { struct settings set; int state; };
void trc_infof(struct easy *data, const char *fmt, ...);
void log_line(const char *msg);

#define trc_is_verbose(data) ((data) && (data)->set.verbose)
#define infof(data, ...) do { if (trc_is_verbose(data)) trc_infof(data, __VA_ARGS__); } while (0)

int retry_ok(struct easy *data) {
    infof(data, "retrying");
    return data->set.retries;
}

int start_ok(struct easy *data) {
    data->state = 1;
    infof(data, "starting, state %d", data->state);
    return data->state;
}

/* The same test written by hand is about this pointer. */
int retry_bad(struct easy *data) {
    if (data == NULL)
        log_line("no handle");
    return data->set.retries; // expect: PTR-null-cmp-aft
}
