#include <stdlib.h>
#include <string.h>

/* A pointer read out of a structure is still held there when `realloc` fails: the
 * structure keeps the old block (openssh's sftp-glob.c annotates a glob result in place). */

struct glob_result {
    size_t count;
    char **paths;
};

void mark_directory_ok(struct glob_result *g) {
    char *s;
    size_t l;
    if (g->count == 1 && (s = g->paths[0]) != NULL && (l = strlen(s)) > 0) {
        if ((s = realloc(s, l + 2)) != NULL) {
            memcpy(s + l, "/", 2);
            g->paths[0] = s;
        }
    }
}

struct node {
    struct node *next;
    char *name;
};

void grow_names_ok(struct node *list, size_t n) {
    for (struct node *it = list; it != NULL; it = it->next) {
        char *name = it->name;
        if ((name = realloc(name, n)) == NULL)
            continue;
        it->name = name;
    }
}

/* A copy of the pointer read out of memory that is then reallocated in place of the
 * original: the structure still holds the old block, so nothing is lost either. */
char *first_grown(struct glob_result *g, size_t n) {
    char *s = g->paths[0];
    if ((s = realloc(s, n)) == NULL)
        return NULL;
    g->paths[0] = s;
    return s;
}

/* The block was allocated here: nothing else holds it. */
char *grown_copy_bad(const char *text, size_t n) {
    char *s = strdup(text);
    if (s == NULL)
        return NULL;
    if ((s = realloc(s, n)) == NULL) // expect: MEM-realloc-self
        return NULL;
    return s;
}
