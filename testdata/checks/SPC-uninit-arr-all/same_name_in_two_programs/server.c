#include <stddef.h>
#include <stdio.h>

char *canonical_path(const char *path, char *resolved);

void reply_realpath_ok(const char *path) {
    char resolved[256];
    if (canonical_path(path, resolved) == NULL)
        return;
    printf("%s\n", resolved);
}

void reply_unwritten_bad(const char *path) {
    char resolved[256];
    (void)path;
    printf("%c\n", resolved[0]); // expect: SPC-uninit-arr-all
}
