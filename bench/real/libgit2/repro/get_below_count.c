/* libgit2 apply.c:659, merge.c:3093, tree.c:466, stash.c:234 and 8 more:
 * the getter returns NULL only for a NULL container (the soft argument
 * assertion GIT_ASSERT_ARG_WITH_RETVAL) or an index >= count. Here diff was
 * already dereferenced by diff_num_deltas() and i < count, so delta is not
 * NULL. (With `assert(diff)` in place of the `if (!diff)` test the false
 * finding disappears: the NULL-argument return is what the model keeps.) */
#include <stddef.h>
struct delta { int status; };
struct diff { struct delta **deltas; size_t length; };

size_t diff_num_deltas(const struct diff *diff) { return diff->length; }

const struct delta *diff_get_delta(const struct diff *diff, size_t idx)
{
    if (!diff)
        return NULL;
    return idx < diff->length ? diff->deltas[idx] : NULL;
}

int count_deleted(const struct diff *diff)
{
    int n = 0;
    for (size_t i = 0; i < diff_num_deltas(diff); i++) {
        const struct delta *delta = diff_get_delta(diff, i);
        if (delta->status == 2)
            n++;
    }
    return n;
}
