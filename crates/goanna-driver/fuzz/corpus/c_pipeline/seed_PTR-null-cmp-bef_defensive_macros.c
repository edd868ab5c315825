// A NULL test inside a macro after a dereference is the macro's own defensive check.
#include <stddef.h>

struct settings { int verbose; };
struct easy { struct settings set; int state; };
void trc_infof(struct easy *data, const char *fmt, ...);

#define infof(data, ...) do { if ((data) && (data)->set.verbose) trc_infof(data, __VA_ARGS__); } while (0)

int start_ok(struct easy *data) {
    data->state = 1;
    infof(data, "starting, state %d", data->state);
    return 0;
}

int start_bad(struct easy *data) {
    data->state = 1; // expect: PTR-null-cmp-bef
    if (data != NULL && data->set.verbose)
        trc_infof(data, "started");
    return 0;
}
