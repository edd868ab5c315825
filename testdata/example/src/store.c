#include "store.h"

#include <stdlib.h>
#include <string.h>

struct store *store_new(void) {
    struct store *s = malloc(sizeof *s);
    if (s == NULL)
        return NULL;
    s->head = NULL;
    s->count = 0;
    return s;
}

void store_free(struct store *s) {
    struct entry *e;
    if (!s)
        return;
    for (e = s->head; e != NULL;) {
        struct entry *next = e->next;
        free(e->key);
        free(e->value);
        free(e);
        e = next;
    }
    free(s);
}

static struct entry *find(const struct store *s, const char *key) {
    struct entry *e;
    for (e = s->head; e; e = e->next) {
        if (strcmp(e->key, key) == 0)
            return e;
    }
    return NULL;
}

int store_put(struct store *s, const char *key, const char *value) {
    struct entry *e = find(s, key);
    char *copy = strdup(value);
    if (!copy)
        return -1;
    if (e) {
        free(e->value);
        e->value = copy;
        return 0;
    }
    e = malloc(sizeof *e);
    if (!e) {
        free(copy);
        return -1;
    }
    e->key = strdup(key);
    e->value = copy;
    e->next = s->head;
    s->head = e;
    s->count++;
    return 0;
}

const char *store_get(const struct store *s, const char *key) {
    struct entry *e = find(s, key);
    return e ? e->value : NULL;
}

int store_remove(struct store *s, const char *key) {
    struct entry **link = &s->head;
    while (*link) {
        struct entry *e = *link;
        if (strcmp(e->key, key) == 0) {
            *link = e->next;
            free(e->key);
            free(e->value);
            free(e);
            s->count--;
            return 0;
        }
        link = &e->next;
    }
    return -1;
    s->count = 0; // expect: RED-dead
}

size_t store_checksum(const struct store *s) {
    size_t sum;
    const struct entry *e;
    for (e = s->head; e; e = e->next) {
        const char *p;
        for (p = e->value; *p; p++)
            sum = sum * 31 + (unsigned char)*p;
    }
    return sum; // expect: SPC-uninit-var-some
}
