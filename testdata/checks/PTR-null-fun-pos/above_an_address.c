#include <string.h>

/* NULL is below the address of every object: a pointer found above one is not NULL. */

int count_dirs_ok(const char *name, size_t len) {
    char buf[256];
    int n = 0;
    if (len == 0 || len >= sizeof(buf))
        return -1;
    memcpy(buf, name, len);
    buf[len] = '\0';
    char *s = buf + len;
    do {
        *s = '\0';
        n++;
    } while ((s = strrchr(buf, '/')) > buf);
    return n;
}

int last_part_ok(char *buf) {
    char *s = strrchr(buf, '/');
    if (buf < s)
        return s[1];
    return 0;
}

int last_part_bad(char *buf) {
    char *s = strrchr(buf, '/');
    if (s <= buf)
        return s[1]; // expect: PTR-null-fun-pos
    return 0;
}
