/* libgit2 src/libgit2/pack.c:1381 (git_pack_foreach_entry): the array is
 * cleared (ptr = NULL) and then GIT_ERROR_CHECK_ARRAY returns, so the later
 * unlock is not reached on that path. */
#include <pthread.h>
#include <stdlib.h>

struct arr { int *ptr; size_t size, asize; };
#define array_clear(a) do { free((a).ptr); (a).size = (a).asize = 0; (a).ptr = NULL; } while (0)
#define CHECK_ALLOC(p) do { if ((p) == NULL) return -1; } while (0)

int foreach_entry(pthread_mutex_t *lock, size_t n)
{
    struct arr oids = { NULL, 0, 0 };

    if (pthread_mutex_lock(lock) != 0)
        return -1;
    oids.ptr = calloc(n, sizeof(int));
    if (!oids.ptr) {
        pthread_mutex_unlock(lock);
        array_clear(oids);
        CHECK_ALLOC(oids.ptr);
    }
    oids.size = n;
    pthread_mutex_unlock(lock);
    array_clear(oids);
    return 0;
}
