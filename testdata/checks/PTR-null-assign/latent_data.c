#include <stdlib.h>
#include <string.h>

/* A NULL that reaches a dereference only because of what the program's data holds (a list
 * without a match, a count stored in a structure) is latent: the callers' data invariant
 * decides it, and it is not reported. A NULL that survives a branch on a scalar the caller
 * passes, or on what the environment returns, is manifest. */

struct header { const char *key; size_t len; struct header *next; };
struct request { struct header *headers; int multi; size_t count; };

void emit(const struct header *h);

/* nginx's create_request shape: `ignored` is allocated when the request has linked headers,
 * and written only for those. */
int copy_headers_ok(struct request *r) {
    struct header **ignored = NULL;
    size_t n = 0;
    if (r->count || r->multi) {
        ignored = malloc((r->count + 1) * sizeof(*ignored));
        if (ignored == NULL)
            return -1;
    }
    for (struct header *h = r->headers; h; h = h->next) {
        if (h->next == NULL)
            continue;
        ignored[n++] = h->next; // latent: every linked header sets multi
    }
    free(ignored);
    return (int)n;
}

/* The earliest timer of a list where every entry may be marked deleted. */
struct timer { long when; int id; struct timer *next; };

long until_earliest_ok(struct timer *head) {
    struct timer *earliest = NULL;
    if (head == NULL)
        return -1;
    for (struct timer *t = head; t; t = t->next)
        if ((!earliest || t->when < earliest->when) && t->id != -1)
            earliest = t;
    return earliest->when; // expect: PTR-null-cmp-aft
}

/* The environment decides: getenv may return NULL whatever the callers do. */
size_t home_len_bad(void) {
    const char *dir = NULL;
    if (getenv("HOME") != NULL)
        dir = "/home";
    return strlen(dir); // expect: PTR-null-assign
}
