/* libgit2 src/libgit2/diff_tform.c:1092 (git_diff_find_similar): the copy
 * table is allocated iff the FIND_COPIES flag of the local opts is set, and
 * it is only indexed under the same flag test later. */
#include <stdlib.h>

#define FIND_COPIES 4u
#define FLAG_SET(o, f) (((o)->flags & (f)) != 0)
struct opts { unsigned flags; int copy_threshold; };
struct match { int similarity; };

int find_similar(const struct opts *given, const int *is_target, size_t n)
{
    struct opts opts = *given;
    struct match *copy = NULL;
    int found = 0;

    if (FLAG_SET(&opts, FIND_COPIES)) {
        copy = calloc(n, sizeof(*copy));
        if (copy == NULL)
            return -1;
    }
    for (size_t t = 0; t < n; t++) {
        if (is_target[t])
            continue;
        else if (FLAG_SET(&opts, FIND_COPIES)) {
            if (copy[t].similarity < opts.copy_threshold)
                continue;
            found++;
        }
    }
    free(copy);
    return found;
}
