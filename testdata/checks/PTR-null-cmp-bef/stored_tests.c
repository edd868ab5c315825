/* A NULL test kept in a variable (`success = (reply != NULL); if (!success) return 0;`) is a
 * test of the pointer: the dereference after it is safe, and the defensive `if (reply)` of the
 * shared clean-up label is only redundant (redis-cli's clusterManagerMigrateKeysInSlot). */
#include <stddef.h>

struct reply { int type; int len; };

struct reply *command(int slot);
void release(struct reply *r);

int migrate(int slot)
{
    int success = 1;
    while (1) {
        struct reply *reply = command(slot);
        success = (reply != NULL);
        if (!success)
            return 0;
        if (reply->type == 1) {
            success = 0;
            goto next;
        }
        if (reply->len == 0) {
            release(reply);
            break;
        }
    next:
        if (reply != NULL)
            release(reply);
        if (!success)
            break;
    }
    return success;
}

/* The same with the sense inverted (`missing = !r`). */
int length(int slot)
{
    struct reply *r = command(slot);
    int missing = !r;
    int n;
    if (missing)
        return -1;
    n = r->len;
    if (r == NULL)
        return -2;
    return n;
}

/* The variable holds a test of an older value: the pointer was written since. */
int stale(int slot)
{
    struct reply *r = command(slot);
    int found = r != NULL;
    int n;
    r = command(slot + 1);
    if (!found)
        return -1;
    n = r->len; // expect: PTR-null-cmp-bef
    if (r == NULL)
        return -2;
    return n;
}
