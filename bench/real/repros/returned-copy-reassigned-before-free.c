/* libzip lib/zip_extra_field.c:102 (MEM-use-free-some, warning; _zip_ef_delete_by_id):
 *   head = ef; ... if (prev) prev->next = ef->next; else head = ef->next;
 *   ef->next = NULL; _zip_ef_free(ef); ... break; ... return head;
 * Cause: model - a copy of the pointer (`head = ef`) is still taken to hold the freed
 * block after it was reassigned (`head = ef->next`) on the very path that frees `ef`;
 * the return of `head` is reported as a return of `ef`. Even `head = NULL; free(n);`
 * in the branch is reported (see drop_head_null below).
 * Why false: on the path that frees `ef`, `head` holds `ef->next`, read before the
 * free (a node is never its own successor); on the path that keeps `head == ef`,
 * nothing is freed.
 * Reported by goanna-rs-s20d: MEM-use-free-all (error) at lines 29 and 38 (the libzip
 * loop makes it MEM-use-free-some). Without the `if` (head = ef; head = ef->next;
 * free(ef); return head;) nothing is reported. */
#include <stdlib.h>

struct ef { struct ef *next; int id; };

static void ef_free(struct ef *ef) {
    while (ef) { struct ef *n = ef->next; free(ef); ef = n; }
}

struct ef *delete_first_by_id(struct ef *ef, int id) {
    struct ef *head = ef;
    if (ef && ef->id == id) {
        head = ef->next;
        ef->next = NULL;
        ef_free(ef);
    }
    return head;
}

struct ef *drop_head_null(struct ef *n) {
    struct ef *head = n;
    if (n->id == 1) {
        head = NULL;
        free(n);
    }
    return head;
}
