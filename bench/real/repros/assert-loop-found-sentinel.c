/* rsync (RsyncProject/rsync) options.c:1033, set_refuse_options, PTR-null-cmp-bef `op`.
 * Cause: idiom. `list_end` starts NULL and is set to `op` (an element address of a static
 * array, never NULL) when the loop meets the sentinel entry; `assert(list_end != NULL)`
 * after the loop checks that the sentinel was found, not that `op` may be NULL. The
 * dereferences of `op` before it are not made unsafe by that assert. */
#include <assert.h>
#include <string.h>

struct opt { const char *longName; int shortName; const char *descrip; };
static struct opt long_options[] = {
    { "verbose", 'v', 0 }, { "archive", 'a', 0 }, { "server", 0, 0 }, { 0, 0, 0 }
};
extern int am_daemon;
void parse_one(const char *name, struct opt *end);

void set_refuse_options(void)
{
    struct opt *op, *list_end = NULL;

    for (op = long_options; ; op++) {
        const char *longName = op->longName ? op->longName : "";
        if (!op->longName && !op->shortName) {
            list_end = op;
            break;
        }
        if (!am_daemon || op->shortName == 'e' || strcmp("server", longName) == 0)
            op->descrip = "a=";
        else
            op->descrip = "a*";
    }
    assert(list_end != NULL);
    if (am_daemon)
        parse_one("copy-devices", list_end);
}
