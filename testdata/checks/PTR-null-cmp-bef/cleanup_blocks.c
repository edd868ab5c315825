#include <stdlib.h>
#include <string.h>

struct info { char *name; long seq; };
extern struct info *info_new(void);
extern void info_free(struct info *);
extern int read_line(char *buf, int n);

/* A cleanup block shared by early and late failures tests the pointer because the early ones
 * reach it before the pointer was set: not a dereference-before-check. */
int load(void) {
    struct info *ai = NULL;
    char buf[64];
    if (read_line(buf, sizeof buf) < 0)
        goto fail;
    ai = info_new();
    ai->seq = strtol(buf, NULL, 10);
    if (ai->seq < 0)
        goto fail;
    info_free(ai);
    return 0;
fail:
    if (ai)
        info_free(ai);
    return -1;
}

/* The test is reached only through the dereference: the check is too late. */
long too_late(struct info *ai) {
    long seq = ai->seq; // expect: PTR-null-cmp-bef
    if (ai == NULL)
        return -1;
    return seq;
}

/* A loop that dereferences and then, in the same iteration, tests. */
long last_seq(struct info **list, int n) {
    long seq = 0;
    for (int i = 0; i < n; i++) {
        struct info *it = list[i];
        seq += it->seq; // expect: PTR-null-cmp-bef
        if (!it)
            break;
    }
    return seq;
}

/* Only some paths dereference before the test: the test guards the others. */
long maybe(struct info *ai, int verbose) {
    long seq = 0;
    if (verbose)
        seq = ai->seq;
    if (ai == NULL)
        return -1;
    return seq + 1;
}
