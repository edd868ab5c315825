// A pointer set to an offset into a checked pointer (`name = desc + 8`) is not NULL: arithmetic
// on a null pointer is undefined. libgit2's FETCH_HEAD parser sets `type` only together with
// `name = desc + N`, tests `if (name)`, then passes `name` on under `if (type)`. When `type`
// can be set without `name`, the NULL `name` is passed on (reported as the NULL it was given).
#include <stddef.h>
#include <string.h>

static void join(char *out, const char *a, const char *b) {
    out[0] = a[0];
    out[1] = b[0];
}

int parse_ok(char *line, char *out) {
    const char *type = NULL, *name = NULL;
    char *desc;
    if ((desc = line) == NULL)
        return -1;
    if (strncmp(desc, "branch '", 8) == 0) {
        type = "heads";
        name = desc + 8;
    } else if (strncmp(desc, "'", 1) == 0) {
        name = desc + 1;
    }
    if (name) {
        if (strstr(name, "' ") == NULL)
            return -1;
    }
    if (type)
        join(out, type, name);
    return 0;
}

int parse_type_only(char *line, char *out) {
    const char *type = NULL, *name = NULL;
    if (strncmp(line, "tag", 3) == 0)
        type = "tags";
    else if (strncmp(line, "'", 1) == 0)
        name = line + 1;
    if (name) {
        if (strstr(name, "' ") == NULL)
            return -1;
    }
    if (type)
        join(out, type, name); // expect: PTR-null-assign
    return 0;
}
