// Blocks that own other memory, freed with or without what they own.
#include <stdlib.h>
#include <string.h>

struct entry {
    char *name;
    struct entry *next;
};

static void destroy(struct entry *e) {
    free(e->name);
    free(e);
}

void rows_leaked_bad(int n) {
    char **rows = malloc(8 * sizeof *rows);
    if (!rows)
        return;
    for (int i = 0; i < 8; i++)
        rows[i] = malloc(n); // expect: MEM-leak-contents
    free(rows);
}

void rows_freed_ok(int n) {
    char **rows = malloc(8 * sizeof *rows);
    if (!rows)
        return;
    for (int i = 0; i < 8; i++)
        rows[i] = malloc(n);
    for (int i = 0; i < 8; i++)
        free(*(rows + i));
    free(rows);
}

void field_leaked_bad(const char *text) {
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return;
    e->name = strdup(text); // expect: MEM-leak-contents
    e->next = NULL;
    free(e);
}

void field_of_element_leaked_bad(int n) {
    struct entry *table = calloc(4, sizeof *table);
    if (!table)
        return;
    for (int i = 0; i < 4; i++)
        (table + i)->name = malloc(n); // expect: MEM-leak-contents
    free(table);
}

void field_failed_then_block_freed_ok(const char *text) {
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return;
    e->name = strdup(text);
    if (e->name == NULL) {
        free(e);
        return;
    }
    destroy(e);
}

struct entry *field_returned_with_block_ok(const char *text) {
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    e->name = strdup(text);
    e->next = NULL;
    return e;
}

char *field_read_out_before_free_ok(const char *text) {
    struct entry *e = malloc(sizeof *e);
    char *keep;
    if (!e)
        return NULL;
    e->name = strdup(text);
    keep = e->name;
    free(e);
    return keep;
}
