// A pointer set to an address constant (`MAP_FAILED` is `(void *)-1`) and tested against it
// later: the cleanup after `goto fail` reads the length only where the mapping was made.
#include <stddef.h>
#include <sys/mman.h>

int map_ok(int fd, size_t n) {
    size_t len;
    void *map = MAP_FAILED;
    if (n > 10)
        goto fail;
    len = n * 2;
    map = mmap(0, len, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED)
        goto fail;
    return 0;
fail:
    if (map != MAP_FAILED)
        munmap(map, len);
    return -1;
}

int map_bad(int fd, size_t n, void *hint) {
    size_t len;
    void *map = hint;
    if (n > 10)
        goto fail;
    len = n * 2;
    map = mmap(0, len, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED)
        goto fail;
    return 0;
fail:
    if (map != MAP_FAILED)
        munmap(map, len); // expect: SPC-uninit-var-some
    return -1;
}

size_t suffix_ok(const char *path) {
    size_t path_len = path ? strlen(path) : 0;
    if (path_len < strlen(".idx"))
        return 0;
    return (size_t) path[path_len - 1];
}
