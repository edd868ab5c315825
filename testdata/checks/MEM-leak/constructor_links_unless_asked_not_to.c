// A constructor links the new list into a global ring unless its flags ask for a temporary
// one (rsync's flist_new): a function that asks with the constant 0 and hands the list on
// (too branchy for its paths to be enumerated at its callers) returns a list the ring owns,
// and its caller dropping it loses nothing. The same function asking for a temporary list
// returns a list only the caller owns.
#include <stdlib.h>

#define LIST_TEMP 2

struct list {
    struct list *next, *prev;
    void *pool;
    int used, parent;
};

struct list *first_list;
int io_error, a, b, c, d;
extern void *pool_create(int size);

static struct list *list_new(int flags)
{
    struct list *l = calloc(1, sizeof (struct list));
    if (!l)
        abort();
    if (flags & LIST_TEMP) {
        l->pool = pool_create(1);
    } else if (!first_list) {
        first_list = l->prev = l;
    } else {
        struct list *prev = first_list->prev;
        l->prev = prev;
        prev->next = first_list->prev = l;
    }
    return l;
}

struct list *receive_list(void)
{
    struct list *l = list_new(0);
    if (a)
        io_error = 1;
    if (b)
        io_error = 2;
    if (c)
        io_error = 3;
    if (d)
        io_error = 4;
    return l;
}

struct list *receive_temporary_list(void)
{
    struct list *l = list_new(LIST_TEMP);
    if (a)
        io_error = 1;
    if (b)
        io_error = 2;
    if (c)
        io_error = 3;
    if (d)
        io_error = 4;
    return l;
}

void receive_additional_list(int parent)
{
    struct list *l = receive_list();
    l->parent = parent;
}

void receive_additional_temporary_list(int parent)
{
    struct list *l = receive_temporary_list(); // expect: MEM-leak
    l->parent = parent;
}
