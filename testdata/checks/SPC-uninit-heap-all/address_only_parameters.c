// A function given a pointer to const that only looks at the address (an alignment test, a
// NULL test) reads nothing of the block (lz4's LZ4_isAligned, called by LZ4_initStream on the
// fresh block LZ4_createStream allocates).
#include <stdlib.h>
#include <string.h>

typedef struct { unsigned table[64]; int dict_size; } stream_t;

static int is_aligned(const void *ptr, size_t alignment) {
    return ((size_t)ptr & (alignment - 1)) == 0;
}

stream_t *init_stream(void *buffer, size_t size) {
    if (buffer == NULL)
        return NULL;
    if (size < sizeof(stream_t))
        return NULL;
    if (!is_aligned(buffer, 8))
        return NULL;
    memset(buffer, 0, sizeof(stream_t));
    return (stream_t *)buffer;
}

stream_t *create_stream_ok(void) {
    stream_t *const s = (stream_t *)malloc(sizeof(stream_t));
    if (s == NULL)
        return NULL;
    init_stream(s, sizeof(*s));
    return s;
}

// A parameter read through is a read, even next to an address test.
static int first_word(const void *ptr, size_t alignment) {
    if (((size_t)ptr & (alignment - 1)) != 0)
        return -1;
    return *(const int *)ptr;
}

int peek_bad(void) {
    int *p = malloc(4 * sizeof(int));
    if (p == NULL)
        return -1;
    int w = first_word(p, 4); // expect: SPC-uninit-heap-all
    free(p);
    return w;
}

// A parameter handed to another function is not known to be address-only.
size_t length_of(const char *s) { return strlen(s); }

size_t measure_bad(void) {
    char *buf = malloc(16);
    if (buf == NULL)
        return 0;
    size_t n = length_of(buf); // expect: SPC-uninit-heap-all
    free(buf);
    return n;
}
