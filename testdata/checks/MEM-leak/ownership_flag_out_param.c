// A helper returns either a string it was given, with *allocated = 0, or a fresh copy, with
// *allocated = 1 (tmux's window_copy_cellstring); the caller frees the result exactly when
// the flag says it owns it. A caller that ignores the flag leaks the copy.
#include <stdlib.h>
#include <string.h>

const char *cell_string(const char *cell, size_t *size, int *allocated) {
    char *copy;
    if (cell[0] != '\0' && cell[1] == '\0') {
        *size = 1;
        *allocated = 0;
        return cell;
    }
    *size = strlen(cell) + 1;
    *allocated = 1;
    copy = malloc(*size);
    if (copy == NULL)
        abort();
    memcpy(copy, cell, *size);
    return copy;
}

char first_char(const char *cell) {
    const char *d;
    size_t len;
    int allocated;
    char c;
    d = cell_string(cell, &len, &allocated);
    c = d[0];
    if (allocated)
        free((void *)d);
    return c;
}

char first_char_flag_ignored(const char *cell) {
    const char *d;
    size_t len;
    int allocated;
    d = cell_string(cell, &len, &allocated); // expect: MEM-leak
    return d[0];
}
