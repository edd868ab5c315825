// The NULL branch calls a fatal-error handler that logs what is open in a loop and then ends
// the program (`_exit`). A loop with a way out is taken to end, so the handler never returns
// and the lost block does not matter. A handler that may return keeps the finding.
#include <stdlib.h>
#include <unistd.h>

void logit(const char *fmt, ...);

static int num_handles;
static const char *handle_names[16];

static void log_handles(void) {
    for (int i = 0; i < num_handles; i++)
        logit("closed %s", handle_names[i]);
}

static void cleanup_exit(int status) {
    log_handles();
    _exit(status);
}

void fatal(const char *msg) {
    logit("%s", msg);
    cleanup_exit(255);
}

void warn_and_go_on(const char *msg) {
    log_handles();
    logit("%s", msg);
}

void grow(size_t len) {
    static char *buf;
    static size_t cap;
    if (len > cap) {
        if ((buf = realloc(buf, len)) == NULL)
            fatal("realloc failed");
        cap = len;
    }
}

void grow_badly(size_t len) {
    static char *buf;
    static size_t cap;
    if (len > cap) {
        if ((buf = realloc(buf, len)) == NULL) // expect: MEM-realloc-self
            warn_and_go_on("realloc failed");
        else
            cap = len;
    }
}
