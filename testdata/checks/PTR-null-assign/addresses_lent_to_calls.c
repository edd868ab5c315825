// A local structure whose address is passed to calls (`f(&opts)`) changes only at the calls it
// is lent to, and not at those that take it as a pointer to const (libgit2's
// git_diff_find_similar: a copy table allocated under `if (FLAG_SET(&opts, COPIES))`, used
// under the same test after a loop of `similarity_measure(.., &opts, ..)` calls, whose
// parameter is `const git_diff_find_options *`).
#include <stdlib.h>

struct options { unsigned flags; int threshold; };
int normalize(struct options *o);
int measure(int *score, const struct options *o, int s);
int adjust(int *score, struct options *o, int s);
void progress(int s);

int find_ok(int n) {
    struct options opts;
    int *copies = NULL, score = 0;
    if (normalize(&opts) < 0)
        return -1;
    if (opts.flags & 4) {
        copies = calloc(n, sizeof(int));
        if (!copies)
            return -1;
    }
    for (int s = 0; s < n; s++) {
        progress(s);
        if (measure(&score, &opts, s) < 0)
            goto out;
    }
    if (opts.flags & 4) {
        if (copies[0] < opts.threshold)
            score++;
    }
out:
    free(copies);
    return score;
}

int find_adjusted(int n) {
    struct options opts;
    int *copies = NULL, score = 0;
    if (normalize(&opts) < 0)
        return -1;
    if (opts.flags & 4) {
        copies = calloc(n, sizeof(int));
        if (!copies)
            return -1;
    }
    for (int s = 0; s < n; s++) {
        if (adjust(&score, &opts, s) < 0)
            goto out;
    }
    if (opts.flags & 4) {
        if (copies[0] < opts.threshold) // expect: PTR-null-assign
            score++;
    }
out:
    free(copies);
    return score;
}

/* libgit2's spelling: a macro that takes a pointer, given the structure's address. */
#define FLAG_SET(o, f) (((o)->flags & (f)) != 0)

int find_macro_ok(int n) {
    struct options opts;
    int *copies = NULL, score = 0;
    if (normalize(&opts) < 0)
        return -1;
    if (FLAG_SET(&opts, 4)) {
        copies = calloc(n, sizeof(int));
        if (!copies)
            return -1;
    }
    for (int s = 0; s < n; s++) {
        if (measure(&score, &opts, s) < 0)
            goto out;
    }
    if (FLAG_SET(&opts, 4)) {
        if (copies[0] < opts.threshold)
            score++;
    }
out:
    free(copies);
    return score;
}
