#include <stdlib.h>

struct node { int value; struct node *next; };
struct vec3 { double x, y, z; };
struct list { int count; void *items[]; };

int *ints_bad(int n) {
    int *p = malloc(n * sizeof(p)); // expect: MEM-malloc-sizeof-ptr
    return p;
}

struct node *node_bad(void) {
    struct node *nd;
    nd = malloc(sizeof(nd)); // expect: MEM-malloc-sizeof-ptr
    if (nd)
        nd->next = NULL;
    return nd;
}

struct vec3 *vecs_bad(size_t n) {
    return calloc(n, sizeof(struct vec3 *)); // expect: MEM-malloc-sizeof-ptr
}

short *grow_bad(short *old, size_t n) {
    short *p = (short *) realloc(old, sizeof(old) * n); // expect: MEM-malloc-sizeof-ptr
    return p;
}

typedef struct node *node_ptr;

struct node *nodes_bad(int n) {
    struct node *v = malloc(n * sizeof(node_ptr)); // expect: MEM-malloc-sizeof-ptr
    return v;
}

node_ptr *node_table_ok(int n) {
    node_ptr *t = malloc(n * sizeof(node_ptr));
    return t;
}

/* An array of pointers is measured by the size of a pointer. */
char **argv_ok(int n) {
    char **v = malloc(n * sizeof(char *));
    return v;
}

/* `sizeof(p)` where `p` is a `struct node **`: the block holds pointers too. */
struct node **table_ok(int n) {
    struct node **t = malloc(n * sizeof(t[0]));
    return t;
}

struct node **slots_ok(struct node *first, int n) {
    struct node **s = malloc(n * sizeof(first));
    return s;
}

/* The pointee's size, through the dereferenced pointer. */
struct vec3 *vec_ok(void) {
    struct vec3 *v = malloc(sizeof(*v));
    return v;
}

/* A header followed by an array of pointers. */
struct list *list_ok(int n) {
    struct list *l = malloc(sizeof(struct list) + n * sizeof(void *));
    return l;
}

/* Bytes: the size of a pointer is what the buffer is meant to hold. */
char *raw_ok(void *ptr) {
    char *b = malloc(sizeof(ptr));
    return b;
}

/* An element as large as a pointer is measured right, by chance or not. */
long *longs_ok(int n, long *model) {
    long *l = malloc(n * sizeof(model));
    return l;
}
