#include <stdlib.h>
#include <string.h>

struct node {
    int value;
    struct node *next;
};

struct config {
    int verbose;
    int level;
};

static struct config *current_config;

static void drop_node(struct node *n) {
    free(n);
}

static int node_value(struct node *n) {
    return n->value;
}

static void unload_config(void) {
    free(current_config);
}

/* Positives. */

int read_after_free_bad(struct node *head) {
    free(head);
    return head->value; // expect: MEM-use-free-all
}

void write_after_free_bad(size_t n) {
    char *p = malloc(n);
    if (!p)
        return;
    free(p);
    p[0] = 'x'; // expect: MEM-use-free-all
}

struct node *next_after_helper_free_bad(struct node *head) {
    drop_node(head);
    return head->next; // expect: MEM-use-free-all
}

int helper_reads_freed_node_bad(struct node *head) {
    free(head);
    return node_value(head); // expect: MEM-use-free-all
}

int used_on_both_branches_bad(struct node *head, int flag) {
    int r;
    free(head);
    if (flag)
        r = 1;
    else
        r = 2;
    return r + head->value; // expect: MEM-use-free-all
}

int freed_on_error_then_used_bad(struct node *head, int err) {
    if (err)
        free(head);
    return head->value; // expect: MEM-use-free-all
}

/* Negatives. */

int read_before_free_ok(struct node *head) {
    int value = head->value;
    free(head);
    return value;
}

struct node *pop_ok(struct node *head) {
    struct node *next = head->next;
    drop_node(head);
    return next;
}

void reassigned_after_free_ok(struct node *n) {
    free(n);
    n = malloc(sizeof *n);
    if (!n)
        return;
    n->value = 0;
    free(n);
}

void free_list_ok(struct node *head) {
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
}

int global_reloaded_after_free_ok(void) {
    int level;
    unload_config();
    current_config = calloc(1, sizeof *current_config);
    if (!current_config)
        return -1;
    level = current_config->level;
    return level;
}

int pointer_compared_not_dereferenced_ok(struct node *head, struct node *other) {
    free(head);
    return head == other;
}
