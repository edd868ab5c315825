/* redis src/zmalloc.c, src/sds.c sdssplitlen() and its callers (config.c,
 * acl.c, module.c, sentinel.c, eval.c): the split returns NULL with a count
 * of 0 (empty input), or without setting the count when the allocator fails;
 * but the allocator never fails: on failure it calls the out-of-memory
 * handler through a function pointer, and every handler aborts. Callers loop
 * `for (i = 0; i < count; i++)` over the result without testing it.
 * Reported: PTR-null-fun-pos (line 57). */
#include <stdlib.h>
#include <string.h>

static void default_oom(size_t size) {
    (void) size;
    abort();
}

static void (*oom_handler)(size_t) = default_oom;

/* Never returns NULL: the handler aborts (the server installs another
 * handler that also aborts). */
void *xmalloc(size_t size) {
    void *ptr = malloc(size);
    if (!ptr) oom_handler(size);
    return ptr;
}

char **split(const char *s, long len, char sep, int *count) {
    int elements = 0;
    long start = 0, j;
    char **tokens;

    if (len <= 0) {
        *count = 0;
        return NULL;
    }
    tokens = xmalloc(sizeof(char *) * (len + 1));
    if (tokens == NULL) return NULL;
    for (j = 0; j < len; j++) {
        if (s[j] == sep) {
            tokens[elements] = strndup(s + start, j - start);
            elements++;
            start = j + 1;
        }
    }
    tokens[elements] = strndup(s + start, len - start);
    elements++;
    *count = elements;
    return tokens;
}

void apply(const char *line);

void load_config(const char *config) {
    int totlines, i;
    char **lines = split(config, (long) strlen(config), '\n', &totlines);

    for (i = 0; i < totlines; i++) {
        apply(lines[i]);
        free(lines[i]);
    }
    free(lines);
}
