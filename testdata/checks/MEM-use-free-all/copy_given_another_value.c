// A copy of a pointer that is given another value on the path that frees the block (libzip's
// _zip_ef_delete_by_id: `head = ef; ... head = ef->next; _zip_ef_free(ef); ... return head;`)
// does not return the freed block; nor does one set to NULL there. A copy that holds the block
// on every path does.
#include <stdlib.h>

struct ef {
    struct ef *next;
    int id;
};

struct ef *delete_first_ok(struct ef *ef, int id) {
    struct ef *head = ef;
    if (ef->id == id) {
        head = ef->next;
        free(ef);
    }
    return head;
}

struct ef *drop_head_ok(struct ef *ef, int id) {
    struct ef *head = ef;
    if (ef->id == id) {
        head = NULL;
        free(ef);
    }
    return head;
}

struct ef *drop_fresh_ok(int id) {
    struct ef *ef = malloc(sizeof *ef);
    if (!ef)
        return NULL;
    struct ef *head = ef;
    if (id) {
        head = NULL;
        free(ef);
    }
    return head;
}

struct ef *returns_freed(struct ef *ef) {
    struct ef *head = ef;
    free(ef);
    return head; // expect: MEM-use-free-all
}
