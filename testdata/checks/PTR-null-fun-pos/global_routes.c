// A result that may be NULL, handed to a callee through a global that dereferences it
// unchecked (issue 12, route 5), or through a flag that selects the callee's dereference.
#include <stdlib.h>

struct stats {
    long reads;
    long writes;
};

static struct stats *current_stats;

static void reset_current_stats(void) {
    struct stats *s = current_stats;
    s->reads = 0;
    s->writes = 0;
}

void stats_unchecked_bad(void) {
    struct stats *s = malloc(sizeof *s);
    current_stats = s;
    reset_current_stats(); // expect: PTR-null-fun-pos
    free(s);
}

void stats_checked_good(void) {
    struct stats *s = malloc(sizeof *s);
    if (!s)
        return;
    current_stats = s;
    reset_current_stats();
    free(s);
}

static int keep_stats;

static void clear_stats(struct stats *s) {
    if (keep_stats) {
        s->reads = 0;
        s->writes = 0;
    }
}

void kept_stats_unchecked_bad(void) {
    struct stats *s = malloc(sizeof *s);
    keep_stats = 1;
    clear_stats(s); // expect: PTR-null-fun-pos
    free(s);
}

void stats_not_kept_good(void) {
    struct stats *s = malloc(sizeof *s);
    keep_stats = 0;
    clear_stats(s);
    free(s);
}
