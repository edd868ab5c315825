// A lock taken and released under two tests of one member (unbound's alloc_get_mem:
// `if (!alloc->super) lock(&alloc->lock); ... if (!alloc->super) unlock(&alloc->lock);`). The
// lock call is given the address of another member, or of an object the tested pointer
// points to (`&ct->anchors->lock`): a library routine writes inside that object only, so the
// tested member keeps its value and both tests agree. A write of the member between them
// keeps the finding.
#include <pthread.h>
#include <stddef.h>

struct alloc_cache {
    pthread_mutex_t lock;
    struct alloc_cache *super;
    size_t num_quar;
};

size_t alloc_get_mem(struct alloc_cache *alloc) {
    size_t s = sizeof(*alloc);
    if (!alloc->super)
        pthread_mutex_lock(&alloc->lock);
    s += alloc->num_quar;
    if (!alloc->super)
        pthread_mutex_unlock(&alloc->lock);
    return s;
}

struct anchors { pthread_mutex_t lock; void *tree; };
struct construct { struct anchors *anchors; };

void *peek_tree(struct construct *ct) {
    void *t = NULL;
    if (ct->anchors)
        pthread_mutex_lock(&ct->anchors->lock);
    if (ct->anchors)
        t = ct->anchors->tree;
    if (ct->anchors)
        pthread_mutex_unlock(&ct->anchors->lock);
    return t;
}

size_t detach_bad(struct alloc_cache *alloc, struct alloc_cache *parent) {
    size_t s = 0;
    if (!alloc->super)
        pthread_mutex_lock(&alloc->lock); // expect: THR-lock-no-unlock
    s += alloc->num_quar;
    alloc->super = parent;
    if (!alloc->super)
        pthread_mutex_unlock(&alloc->lock); // expect: THR-unlock-no-lock
    return s;
}
