/* A constructor that stores a new cell through its out-parameter and, when it fails after
 * that, hands the cell to the program's own destructor before returning -1 (tmux's
 * layout_construct): the destructor keeps the cell on some path of its own (`only_nodes`), so
 * it is not known to free it on every path, but a caller's failure branch is left nothing it
 * could free. The convention is -1 for failure: the caller's `!= 0` branch owns nothing. */
#include <stdlib.h>
#include <sys/queue.h>

struct cell {
    int type;
    struct cell *parent;
    TAILQ_HEAD(, cell) cells;
    TAILQ_ENTRY(cell) entry;
};

void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p == NULL)
        abort();
    return p;
}

void cell_free(struct cell *lc, int only_nodes) {
    struct cell *child, *next;

    if (lc == NULL || (only_nodes && lc->type == 3))
        return;
    if (lc->type == 1) {
        child = TAILQ_FIRST(&lc->cells);
        while (child != NULL) {
            next = TAILQ_NEXT(child, entry);
            if (!only_nodes || child->type != 3) {
                TAILQ_REMOVE(&lc->cells, child, entry);
                cell_free(child, only_nodes);
            }
            child = next;
        }
    }
    free(lc);
}

static struct cell *cell_create(struct cell *parent) {
    struct cell *lc = xcalloc(1, sizeof *lc);
    lc->type = 3;
    lc->parent = parent;
    TAILQ_INIT(&lc->cells);
    return lc;
}

static struct cell *cell_parse(struct cell *parent, const char **s) {
    struct cell *lc;
    if (**s < '0' || **s > '9')
        return NULL;
    lc = cell_create(parent);
    (*s)++;
    return lc;
}

/* Recursive: the child's failure branch is the callee's own convention. */
static int construct(struct cell *parent, const char **s, struct cell **lc) {
    struct cell *child;

    *lc = cell_parse(parent, s);
    if (*lc == NULL)
        return -1;
    switch (**s) {
    case '\0':
    case ',':
    case '}':
        return 0;
    case '{':
        (*lc)->type = 1;
        break;
    default:
        goto fail;
    }
    do {
        (*s)++;
        if (construct(*lc, s, &child) != 0)
            goto fail;
        TAILQ_INSERT_TAIL(&(*lc)->cells, child, entry);
    } while (**s == ',');
    if (**s != '}')
        goto fail;
    (*s)++;
    return 0;
fail:
    cell_free(*lc, 0);
    return -1;
}

struct cell *parse_layout(const char *s) {
    struct cell *top = NULL;
    if (construct(NULL, &s, &top) != 0)
        return NULL;
    return top;
}

/* The same shape without the destructor on the failure path: the caller's failure branch
 * still holds the cell (the callee returns -1 after storing it). */
static int construct_leaky(const char **s, struct cell **lc) {
    *lc = cell_parse(NULL, s);
    if (*lc == NULL)
        return -1;
    if (**s != '\0')
        return -1;
    return 0;
}

struct cell *parse_leaky(const char *s) {
    struct cell *top = NULL;
    if (construct_leaky(&s, &top) != 0) // expect: MEM-leak
        return NULL;
    return top;
}
