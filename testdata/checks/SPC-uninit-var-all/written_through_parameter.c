#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* A callee that stores through its pointer parameter before it reads what it points to reads
 * its own value, not the caller's (tmux and openssh xvasprintf). */

void fatal(const char *msg) __attribute__((noreturn));

int xvasprintf(char **ret, const char *fmt, va_list ap) {
    int i = vasprintf(ret, fmt, ap);
    if (i == -1 || *ret == NULL)
        fatal("xvasprintf");
    return i;
}

char *format_message_ok(const char *fmt, ...) {
    va_list ap;
    char *msg;
    va_start(ap, fmt);
    xvasprintf(&msg, fmt, ap);
    va_end(ap);
    return msg;
}

static int read_then_write(char **out) {
    int had = *out != NULL; // expect: SPC-uninit-var-all
    *out = NULL;
    return had;
}

int reads_before_writing_bad(void) {
    char *p;
    return read_then_write(&p);
}
