#include <stdlib.h>
#include <string.h>

/* The buffer is either borrowed (`pr->copied`) or allocated here, and freed when it is not the
 * borrowed one (tmux's prompt paste). The store into an element of another array in between
 * (`pr->buffer[pr->index].size = 0`, an element no path names) writes a `size` member only,
 * so `pr->copied` is still NULL when `ud != pr->copied` is tested. */

struct cell {
    unsigned char size;
    unsigned char data[7];
};

struct prompt {
    struct cell *buffer;
    struct cell *copied;
    size_t index;
    size_t length;
};

void *xreallocarray(void *ptr, size_t nmemb, size_t size) {
    void *p = reallocarray(ptr, nmemb, size);
    if (p == NULL)
        abort();
    return p;
}

size_t fill(struct cell *into, size_t max);

int paste_ok(struct prompt *pr, size_t max) {
    struct cell *ud;
    size_t n;
    if (pr->copied != NULL) {
        ud = pr->copied;
        n = pr->length;
    } else {
        ud = xreallocarray(NULL, max + 1, sizeof *ud);
        n = fill(ud, max);
    }
    if (n != 0) {
        pr->buffer = xreallocarray(pr->buffer, pr->index + n + 1, sizeof *pr->buffer);
        memcpy(pr->buffer + pr->index, ud, n * sizeof *pr->buffer);
        pr->index += n;
        pr->buffer[pr->index].size = 0;
    }
    if (ud != pr->copied)
        free(ud);
    return 1;
}

/* The same function with an early return between the allocation and the free. */
int paste_early_return_bad(struct prompt *pr, size_t max) {
    struct cell *ud;
    if (pr->copied != NULL)
        return 0;
    ud = xreallocarray(NULL, max + 1, sizeof *ud); // expect: MEM-leak
    pr->buffer[pr->index].size = 0;
    if (pr->index > max)
        return 0;
    if (ud != pr->copied)
        free(ud);
    return 1;
}
