#ifndef STORE_H
#define STORE_H

#include <stddef.h>

struct entry {
    char *key;
    char *value;
    struct entry *next;
};

struct store {
    struct entry *head;
    size_t count;
};

struct store *store_new(void);
void store_free(struct store *s);
int store_put(struct store *s, const char *key, const char *value);
const char *store_get(const struct store *s, const char *key);
int store_remove(struct store *s, const char *key);
size_t store_checksum(const struct store *s);

#endif
