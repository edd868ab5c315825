/* libgit2 src/libgit2/iterator.c:1811 (filesystem_iterator_advance_over):
 * `entry` is dereferenced, then `while (entry && ...)` re-tests it because
 * the loop body advances it to a value that may be NULL. */
#include <string.h>
#include <stddef.h>

struct entry { const char *path; int mode; };
int iterator_advance(const struct entry **out, void *it);

int advance_over(const struct entry *entry, void *it, char *base, size_t cap)
{
    int error = 0;
    if (strlen(entry->path) >= cap)
        return -1;
    strcpy(base, entry->path);
    while (entry && strncmp(entry->path, base, strlen(base)) == 0) {
        if ((error = iterator_advance(&entry, it)) < 0)
            break;
    }
    return error;
}
