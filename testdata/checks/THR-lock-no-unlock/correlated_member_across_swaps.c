// A member tested twice around calls that swap the contents of what it points to and swap
// other members (unbound's fast reload: `if (ct->anchors) lock ...; anchors_swap_tree(env->anchors,
// ct->anchors); sslctxs_swap(daemon, ct); ... if (ct->anchors) unlock ...`): a callee given
// the pointer's value may keep it or write through it, never change the member that holds it;
// a helper that swaps pointers through the addresses of members (`void_ptr_swap(&d->ctx,
// &ct->ctx)`) writes those members and nothing else of `*ct`. A helper that swaps the tested
// member itself may change what the second test finds.
#include <pthread.h>
#include <stddef.h>

struct anchors { pthread_mutex_t lock; int n; };
struct construct { struct anchors *anchors; void *ctx; char *key; int mtime; };

void anchors_swap_tree(struct anchors *a, struct anchors *b); /* another unit: may keep them */

static void void_ptr_swap(void **a, void **b) {
    void *tmp = *a;
    *a = *b;
    *b = tmp;
}

static void char_ptr_swap(char **a, char **b) {
    char *tmp = *a;
    *a = *b;
    *b = tmp;
}

static void ctxs_swap(struct construct *d, struct construct *ct) {
    void_ptr_swap(&d->ctx, &ct->ctx);
    char_ptr_swap(&d->key, &ct->key);
    d->mtime = ct->mtime;
}

static void anchors_ptr_swap(struct construct *d, struct construct *ct) {
    void_ptr_swap((void **)&d->anchors, (void **)&ct->anchors);
}

int reload(struct construct *env, struct construct *ct) {
    if (ct->anchors)
        pthread_mutex_lock(&ct->anchors->lock);
    anchors_swap_tree(env->anchors, ct->anchors);
    ctxs_swap(env, ct);
    if (ct->anchors)
        pthread_mutex_unlock(&ct->anchors->lock);
    return 1;
}

int reload_swapping_the_member(struct construct *env, struct construct *ct) {
    if (ct->anchors)
        pthread_mutex_lock(&ct->anchors->lock); // expect: THR-lock-no-unlock
    anchors_ptr_swap(env, ct);
    if (ct->anchors)
        pthread_mutex_unlock(&ct->anchors->lock); // expect: THR-unlock-no-lock
    return 1;
}
