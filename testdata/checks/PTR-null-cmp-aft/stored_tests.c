/* A NULL test stored in an int and tested later (redis's kvstoreScan and lookupCommandLogic):
 * each branch of `&&` and `||` gives the variable its own value. */
#include <stddef.h>

struct dict { int size; struct dict *sub; };

struct dict *get_dict(int idx);
int should_skip(struct dict *d);

unsigned long scan(int idx, unsigned long cursor, int use_cb)
{
    unsigned long next = 0;
    struct dict *d = get_dict(idx);
    int skip = !d || (use_cb && should_skip(d));
    if (!skip)
        next = cursor + (unsigned long) d->size;
    return next;
}

struct dict *lookup(int idx, int argc)
{
    struct dict *base = get_dict(idx);
    int has_sub;
    has_sub = base && base->sub;
    if (argc == 1 || !has_sub)
        return base;
    return base->sub;
}

/* The flag does not say the pointer was found non-NULL: `p == NULL` and `force` both set it. */
int forced(int idx, int force)
{
    struct dict *d = get_dict(idx);
    int go = d != NULL || force;
    if (go)
        return d->size; // expect: PTR-null-cmp-aft
    return 0;
}

/* The branch where the stored test failed found the pointer NULL. */
int report_missing(int idx)
{
    struct dict *d = get_dict(idx);
    int found = (d != NULL);
    if (!found)
        return d->size; // expect: PTR-null-cmp-aft
    return 0;
}
