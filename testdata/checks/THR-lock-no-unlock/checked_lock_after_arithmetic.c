// A checked lock call after products and quotients of unknown sizes (libgit2's try_delta()):
// the refutation of the lock-failure branch must not depend on the solver deciding 64-bit
// multiplications and divisions of unknowns within its time limit.
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct packer {
    pthread_mutex_t cache_mutex;
    size_t cache_size;
};

void set_error(const char *msg);

#define CHECK(expr)                 \
    do {                            \
        if (!(expr)) {              \
            set_error(#expr);       \
            return -1;              \
        }                           \
    } while (0)

int account(struct packer *pb, size_t max_size, size_t max_depth, size_t depth, size_t ref_depth, size_t a, size_t b) {
    max_size = (uint64_t)max_size * (max_depth - depth) / (max_depth - ref_depth + 1);
    if (max_size == 0)
        return 0;
    if (a * b / (max_size + 1) >= max_size % (depth + 3))
        return 0;
    if ((a / (b + 1)) * (max_size / (a + 1)) > max_depth * depth)
        return 0;
    CHECK(pthread_mutex_lock(&pb->cache_mutex) == 0);
    pb->cache_size += max_size;
    CHECK(pthread_mutex_unlock(&pb->cache_mutex) == 0);
    return 0;
}

int account_bad(struct packer *pb, size_t max_size, size_t max_depth, size_t depth, size_t a, size_t b) {
    max_size = (uint64_t)max_size * (max_depth - depth) / (a * b + 1);
    CHECK(pthread_mutex_lock(&pb->cache_mutex) == 0); // expect: THR-lock-no-unlock
    if (max_size > pb->cache_size * 2)
        return -2;
    pb->cache_size += max_size;
    CHECK(pthread_mutex_unlock(&pb->cache_mutex) == 0);
    return 0;
}
