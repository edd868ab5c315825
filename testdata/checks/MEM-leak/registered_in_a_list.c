// A getter that returns an entry of the archive's list when it has one, and otherwise a new
// entry it adds to that list when it is given the archive (libarchive's get_sconv_object,
// called with `&a->archive`, never NULL). What it read from the list is not a block of its
// own, and the new entry is handed on: the caller owns neither.
#include <stdlib.h>
#include <string.h>

struct conv { struct conv *next; char name[16]; };
struct archive { int code; struct conv *convs; };
struct archive_read { struct archive archive; int opt; };

static struct conv *get_conv(struct archive *a, const char *name) {
    struct conv *sc, **psc;
    if (a != NULL)
        for (sc = a->convs; sc != NULL; sc = sc->next)
            if (strcmp(sc->name, name) == 0)
                return sc;
    sc = calloc(1, sizeof(*sc));
    if (sc == NULL)
        return NULL;
    strncpy(sc->name, name, sizeof(sc->name) - 1);
    if (a != NULL) {
        psc = &a->convs;
        while (*psc != NULL)
            psc = &(*psc)->next;
        *psc = sc;
    }
    return sc;
}

int read_header_ok(struct archive_read *a) {
    struct conv *sc = get_conv(&(a->archive), "UTF-8");
    if (sc == NULL)
        return -30;
    return sc->name[0];
}

// Without an archive the new entry is the caller's.
int probe_bad(void) {
    struct conv *sc = get_conv(NULL, "UTF-8"); // expect: MEM-leak
    if (sc == NULL)
        return -30;
    return sc->name[0];
}
