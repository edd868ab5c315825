/* A pointer reset to NULL after its release, with a shared cleanup that tests it (redis's
 * functionsLibCtxFunctionsMerge: `dictReleaseIterator(iter); iter = NULL;` and
 * `done: if (iter) dictReleaseIterator(iter);`): the cleanup's test is for the reset. */
#include <stddef.h>

struct iter { int pos; int end; };
struct iter *iter_new(int n);
void iter_release(struct iter *it);

static int iter_next(struct iter *it)
{
    return it->pos++ < it->end;
}
int conflict(int v);

int merge(int n, int m)
{
    int err = 0;
    struct iter *it = NULL;

    it = iter_new(n);
    while (iter_next(it)) {
        if (conflict(it->pos)) {
            err = -1;
            goto done;
        }
    }
    iter_release(it);
    it = NULL;

    it = iter_new(m);
    while (iter_next(it)) {
        if (conflict(it->end)) {
            err = -2;
            goto done;
        }
    }
    iter_release(it);
    it = NULL;

done:
    if (it)
        iter_release(it);
    return err;
}

/* No reset reaches the test: the late test is about the dereferenced value. */
int late_test(int n)
{
    struct iter *it = NULL;
    it = iter_new(n);
    int pos = it->pos; // expect: PTR-null-cmp-bef
    if (it)
        iter_release(it);
    return pos;
}
