/* libgit2 src/libgit2/describe.c:116 (add_to_known_names): `found` records
 * e != NULL; when found is true e is dereferenced, otherwise it is
 * allocated, checked and stored in the map. */
#include <stdlib.h>
#include <stdbool.h>

struct name { int key, prio; struct name *next; };
extern struct name *names;

static struct name *find_name(int key)
{
    for (struct name *n = names; n; n = n->next)
        if (n->key == key)
            return n;
    return NULL;
}

int add_name(int key, int prio)
{
    struct name *e = find_name(key);
    bool found = (e != NULL);

    if (!found || e->prio < prio) {
        if (!found) {
            e = malloc(sizeof(*e));
            if (e == NULL)
                return -1;
            e->key = key;
            e->next = names;
            names = e;
        }
        e->prio = prio;
    }
    return 0;
}
