/* A configuration global tested twice around calls that never write it (redis-benchmark's
 * `if (config.num_threads) pthread_mutex_lock(...)` ... `if (config.num_threads) unlock`):
 * the two tests agree. A call that may write the flag (itself or through a callee) can make
 * them disagree; so can any call once the flag's address is taken
 * (global_flag_address_taken.c). */
#include <pthread.h>
#include <stdlib.h>

struct node { struct node *next; int value; };
struct list { struct node *head; int len; };

static struct config { int num_threads; int verbose; } config;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct node *find(struct list *l, int value)
{
    for (struct node *n = l->head; n; n = n->next)
        if (n->value == value)
            return n;
    return NULL;
}

static void unlink_node(struct list *l, struct node *n)
{
    struct node **p = &l->head;
    while (*p && *p != n)
        p = &(*p)->next;
    if (*p)
        *p = n->next;
    l->len--;
    free(n);
}

void remove_value(struct list *l, int value)
{
    if (config.num_threads)
        pthread_mutex_lock(&lock);
    struct node *n = find(l, value);
    if (n)
        unlink_node(l, n);
    if (config.num_threads)
        pthread_mutex_unlock(&lock);
}

static void reconfigure(int threads)
{
    config.num_threads = threads;
}

void remove_and_reconfigure(struct list *l, int value)
{
    if (config.num_threads)
        pthread_mutex_lock(&lock); // expect: THR-lock-no-unlock
    struct node *n = find(l, value);
    if (n)
        unlink_node(l, n);
    reconfigure(0);
    if (config.num_threads)
        pthread_mutex_unlock(&lock); // expect: THR-unlock-no-lock
}
