/* Inside the relation of a callee, the calls it makes keep what their summaries say: `xstrdup`
 * below never returns NULL (it aborts when the allocation fails), so `make_label(0, ...)`
 * returns NULL only on the `try_only` branch it does not take, even though `xstrdup` is too
 * deep in the call chain for its own body to be related. */
#include <stdlib.h>
#include <string.h>

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        abort();
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = xmalloc(n);
    memcpy(copy, s, n);
    return copy;
}

char *make_label(int try_only, const char *name)
{
    char *label = try_only ? strdup(name) : xstrdup(name);
    if (!label)
        return NULL;
    label[0] = 'L';
    return label;
}

char first_of_label(const char *name)
{
    char *label = make_label(0, name);
    char c = label[1];
    free(label);
    return c;
}

char first_of_tried_label(const char *name)
{
    char *label = make_label(1, name);
    char c = label[1]; // expect: PTR-null-fun-pos
    free(label);
    return c;
}
