#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"

static void panic_oom(size_t size) {
    fprintf(stderr, "fatal: cannot allocate %zu bytes\n", size);
    exit(1);
}

static void log_oom(size_t size) {
    fprintf(stderr, "warning: cannot allocate %zu bytes\n", size);
}

static char *copy_name(const char *name) {
    char *s = xmalloc(strlen(name) + 1);
    strcpy(s, name);
    return s;
}

static char *copy_label(const char *label) {
    char *s = try_malloc(strlen(label) + 1);
    strcpy(s, label); // expect: PTR-null-fun-pos
    return s;
}

static char *copy_row(const char *row) {
    char *s = table_malloc(strlen(row) + 1);
    strcpy(s, row); // expect: PTR-null-fun-pos
    return s;
}

static char *copy_tag(const char *tag) {
    char *s = slot_malloc(strlen(tag) + 1);
    strcpy(s, tag); // expect: PTR-null-fun-pos
    return s;
}

struct node {
    int value;
    struct node *next;
};

/* A defensive test of a result that is never NULL: the `return NULL` cannot run. */
static struct node *new_node(int value) {
    struct node *n = xmalloc(sizeof *n);
    if (n == NULL)
        return NULL;
    n->value = value;
    n->next = NULL;
    return n;
}

/* The same test of a result that may be NULL hands the NULL on. */
static struct node *try_node(int value) {
    struct node *n = try_malloc(sizeof *n);
    if (n == NULL)
        return NULL;
    n->value = value;
    n->next = NULL;
    return n;
}

/* Most callers test what new_node and try_node return, as a program whose allocator may fail
 * would; the untested use is a bug only where the result may really be NULL. */
static struct node *push(struct node *list, int value) {
    struct node *n = new_node(value);
    if (!n)
        return list;
    n->next = list;
    return n;
}

static struct node *push_try(struct node *list, int value) {
    struct node *n = try_node(value);
    if (!n)
        return list;
    n->next = list;
    return n;
}

static struct node *pair(int a, int b) {
    struct node *first = new_node(a);
    struct node *other = try_node(b);
    if (first == NULL || other == NULL) {
        free(first);
        free(other);
        return NULL;
    }
    first->next = other;
    return first;
}

static int count_nodes(struct node *list) {
    struct node *extra = new_node(0);
    struct node *spare = try_node(0);
    int n = 0;
    if (extra != NULL)
        n++;
    if (spare != NULL)
        n++;
    free(extra);
    free(spare);
    for (; list; list = list->next)
        n++;
    return n;
}

static int sum_of_two(int a, int b) {
    struct node *first = new_node(a);
    struct node *second = try_node(b);
    int sum = first->value;
    sum += second->value; // expect: PTR-null-fun-pos
    free(first);
    free(second);
    return sum;
}

int main(int argc, char **argv) {
    set_oom_handler(panic_oom);
    set_failure_hook(panic_oom);
    set_failure_hook(log_oom);
    set_table_oom_handler(panic_oom);
    free(copy_row("row"));
    char *name = copy_name(argc > 1 ? argv[1] : "anonymous");
    char *label = copy_label("label");
    char *tag = copy_tag("tag");
    int sum = sum_of_two(1, 2);
    struct node *list = push(push_try(pair(1, 2), 3), 4);
    printf("%d %d\n", sum, count_nodes(list));
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    puts(name);
    free(name);
    free(label);
    free(tag);
    return 0;
}
