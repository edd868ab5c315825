/* Ownership handed on in ways other than returning or storing the pointer itself: the address
 * of a member of the block, a pointer past a header, a callee that stores its parameter
 * somewhere that outlives the call, a project's own deallocator. */
#include <stdlib.h>
#include <string.h>

#define HDR 16

struct base {
    int kind;
};

struct object {
    int refcnt;
    struct base base;
    char *name;
};

struct holder {
    struct base *item;
};

struct registry {
    void *items[64];
    int count;
};

static struct registry registry;

#define REGISTER(p) (registry.items[registry.count++] = (p))

static void remember(void *p) {
    registry.items[registry.count++] = p;
}

static void attach(struct holder *h, struct object *o) {
    h->item = &o->base;
}

static void object_unref(struct object *o) {
    if (--o->refcnt == 0) {
        free(o->name);
        free(o);
    }
}

static void object_free(struct object *o) {
    if (!o)
        return;
    free(o->name);
    free(o);
}

static int peek(const struct object *o) {
    return o->refcnt;
}

static int kind_of(const struct base *b) {
    return b->kind;
}

struct node {
    int value;
    struct node *next;
};

/* Links a new node into the list and returns it: the list owns it. */
static struct node *push_node(struct node **head, int value) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        return NULL;
    n->value = value;
    n->next = *head;
    *head = n;
    return n;
}

/* Returns a new node that nothing else holds: the caller owns it. */
static struct node *new_node(int value) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        return NULL;
    n->value = value;
    n->next = NULL;
    return n;
}

/* Positives. */

int member_address_only_looked_at_bad(void) {
    struct object *o = malloc(sizeof *o); // expect: MEM-leak
    if (!o)
        return -1;
    o->refcnt = 1;
    o->base.kind = 0;
    return kind_of(&o->base);
}

int interior_pointer_kept_local_bad(size_t n) {
    char *p = malloc(n + HDR); // expect: MEM-leak
    if (!p)
        return -1;
    p += HDR;
    p[0] = 1;
    return p[0];
}

int only_looked_at_bad(void) {
    struct object *o = malloc(sizeof *o); // expect: MEM-leak
    if (!o)
        return -1;
    o->refcnt = 1;
    return peek(o);
}

int node_not_linked_bad(int value) {
    struct node *n = new_node(value); // expect: MEM-leak
    if (!n)
        return -1;
    return n->value;
}

/* Negatives. */

int node_linked_by_callee_ok(struct node **list, int value) {
    struct node *n = push_node(list, value);
    if (!n)
        return -1;
    n->value += 1;
    return 0;
}

int member_address_through_out_ok(struct base **out) {
    struct object *o = malloc(sizeof *o);
    if (!o)
        return -1;
    o->refcnt = 1;
    o->name = NULL;
    *out = &o->base;
    return 0;
}

struct base *member_address_returned_ok(void) {
    struct object *o = malloc(sizeof *o);
    if (!o)
        return NULL;
    o->refcnt = 1;
    o->name = NULL;
    return &o->base;
}

int member_address_into_parameter_ok(struct holder *h) {
    struct object *o = malloc(sizeof *o);
    if (!o)
        return -1;
    o->refcnt = 1;
    o->name = NULL;
    h->item = &o->base;
    return 0;
}

void *past_header_ok(size_t n) {
    char *p = malloc(n + HDR);
    if (!p)
        return NULL;
    memset(p, 0, HDR);
    p += HDR;
    return p;
}

void *past_header_cast_ok(size_t n) {
    size_t *p = malloc(n + sizeof(size_t));
    if (!p)
        return NULL;
    *p = n;
    return (char *)p + sizeof(size_t);
}

int registered_by_macro_ok(size_t n) {
    char *p = malloc(n);
    if (!p)
        return -1;
    REGISTER(p);
    return 0;
}

int registered_by_callee_ok(size_t n) {
    char *p = malloc(n);
    if (!p)
        return -1;
    remember(p);
    return 0;
}

int attached_by_callee_ok(struct holder *h) {
    struct object *o = malloc(sizeof *o);
    if (!o)
        return -1;
    o->refcnt = 1;
    o->name = NULL;
    attach(h, o);
    return 0;
}

int released_by_unref_ok(void) {
    struct object *o = malloc(sizeof *o);
    if (!o)
        return -1;
    o->refcnt = 1;
    o->name = NULL;
    object_unref(o);
    return 0;
}

int released_by_own_free_ok(void) {
    struct object *o = malloc(sizeof *o);
    if (!o)
        return -1;
    o->name = NULL;
    object_free(o);
    return 0;
}
