#include <stdio.h>
#include <string.h>

/* Every argument is evaluated before the callee runs: an array filled by a library call in
 * another argument is written when the callee reads it. */

struct out { char *ptr; size_t used; };

char *out_extend(struct out *b, size_t len);

void out_append(struct out *b, const char *s, size_t len) {
    memcpy(out_extend(b, len), s, len); // expect: SPC-uninit-arr-all
}

void append_average_ok(struct out *b, double avg) {
    char buf[33];
    out_append(b, buf, (size_t)snprintf(buf, sizeof(buf), "%.2f", avg));
}

void append_other_bad(struct out *b, double avg) {
    char buf[33], tmp[33];
    out_append(b, buf, (size_t)snprintf(tmp, sizeof(tmp), "%.2f", avg));
}
