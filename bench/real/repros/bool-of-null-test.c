/* redis src/kvstore.c kvstoreScan(), src/server.c lookupCommandLogic(): the
 * NULL test of a pointer is stored in an int, and the use is guarded by that
 * int. Reported: PTR-null-cmp-aft (lines 17 and 26). */
#include <stddef.h>

struct dict { int size; struct dict *sub; };

struct dict *get_dict(int idx);
int should_skip(struct dict *d);

unsigned long scan(int idx, unsigned long cursor, int use_cb) {
    unsigned long next = 0;
    struct dict *d = get_dict(idx);

    int skip = !d || (use_cb && should_skip(d));
    if (!skip)
        next = cursor + (unsigned long) d->size;
    return next;
}

struct dict *lookup(int idx, int argc, const char *name) {
    struct dict *base = get_dict(idx);
    int has_sub = base && base->sub;
    if (argc == 1 || !has_sub)
        return base;
    return base->sub;
}
