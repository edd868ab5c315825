/* Setting the handle to NULL after closing it is a write, not a branch: the later test sees it. */
#include <stdio.h>

void close_once_ok(const char *path, int early) {
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (early) {
        fclose(f);
        f = NULL;
    }
    if (f != NULL)
        fclose(f);
}

void close_twice_bad(const char *path, int early) {
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (early)
        fclose(f);
    if (f != NULL)
        fclose(f); // expect: RESOURCE-double-close
}
