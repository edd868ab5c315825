#include <stdlib.h>
#include <string.h>

/* `p = realloc(p, n)` hands on the block `p` held (NULL here, so it is malloc) and gives `p`
 * a new one, which must be freed like any other. */

void realloc_of_null_bad(void) {
    char *data = NULL;
    data = realloc(data, 100); // expect: MEM-leak
    if (data == NULL)
        exit(1);
    strcpy(data, "text");
}

void realloc_of_null_freed_good(void) {
    char *data = NULL;
    data = realloc(data, 100);
    if (data == NULL)
        exit(1);
    strcpy(data, "text");
    free(data);
}

char *grown_and_returned_good(char *buf, size_t n) {
    char *bigger = realloc(buf, n);
    if (bigger == NULL) {
        free(buf);
        return NULL;
    }
    return bigger;
}

int grow_in_place_good(char **out, size_t n) {
    char *buf = realloc(*out, n);
    if (buf == NULL)
        return -1;
    *out = buf;
    return 0;
}
