// A getter that returns NULL of its own only where it leaves the count at zero, and
// otherwise an array read from memory with its count: the caller's loop over the count never
// dereferences the NULL (c-ares's ares_array_finish through channel_socket_list). What is read
// from memory is not a NULL the getter produces: its summary does not call it one.
#include <stdlib.h>

struct array { void *arr; size_t cnt; size_t offset; };
int array_move(struct array *a);
struct array *get_array(void);

static void *array_finish(struct array *a, size_t *num) {
    void *ptr;
    if (a->offset != 0) {
        if (array_move(a) != 0)
            return NULL;
        a->offset = 0;
    }
    ptr = a->arr;
    *num = a->cnt;
    free(a);
    return ptr;
}

static int *socket_list(size_t *num) {
    struct array *a = get_array();
    *num = 0;
    if (a == NULL)
        return NULL;
    return array_finish(a, num);
}

int sum_sockets_ok(void) {
    size_t i, n;
    int sum = 0;
    int *list = socket_list(&n);
    for (i = 0; i < n; i++)
        sum += list[i];
    free(list);
    return sum;
}

// The count is set before the getter may fail: its NULL meets a loop that runs.
static int *counted_first(size_t *num) {
    struct array *a = get_array();
    *num = 4;
    if (a == NULL)
        return NULL;
    return array_finish(a, num);
}

int sum_counted_first_bad(void) {
    size_t i, n;
    int sum = 0;
    int *list = counted_first(&n);
    for (i = 0; i < n; i++)
        sum += list[i]; // expect: PTR-null-fun-pos
    free(list);
    return sum;
}

// An allocation's NULL is the getter's own, whatever the count.
static int *fresh_list(size_t *num) {
    *num = 3;
    return calloc(3, sizeof(int));
}

int sum_fresh_bad(void) {
    size_t i, n = 0;
    int sum = 0;
    int *list = fresh_list(&n);
    for (i = 0; i < n; i++)
        sum += list[i]; // expect: PTR-null-fun-pos
    free(list);
    return sum;
}
