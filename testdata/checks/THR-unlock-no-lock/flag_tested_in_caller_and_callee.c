// The caller takes and releases the lock under a test of a file-static flag, then calls a
// helper that does the same (redis-benchmark's clientDone() and freeClient()). The
// whole-program counterexample unlocks in the caller and again in the helper with no lock in
// between: it needs the flag true in the caller and false at the helper's lock, then true at
// its unlock, and nothing writes the flag. The refutation follows the counterexample into the
// helper, so the helper's own tests count.
#include <pthread.h>
#include <stdlib.h>

static struct config {
    int num_threads;
    int other_flag;
    int live;
    pthread_mutex_t mutex;
} config;

static void release_client(int *c) {
    free(c);
    if (config.num_threads)
        pthread_mutex_lock(&config.mutex);
    config.live--;
    if (config.num_threads)
        pthread_mutex_unlock(&config.mutex);
}

void client_done(int *c) {
    if (config.num_threads)
        pthread_mutex_lock(&config.mutex);
    config.live++;
    if (config.num_threads)
        pthread_mutex_unlock(&config.mutex);
    release_client(c);
}

// The helper's second test is of another flag: its unlock may follow the caller's with no
// lock in between.
static void release_client_mixed(int *c) {
    free(c);
    if (config.num_threads)
        pthread_mutex_lock(&config.mutex); // expect: THR-lock-no-unlock
    config.live--;
    if (config.other_flag)
        pthread_mutex_unlock(&config.mutex); // expect: THR-unlock-no-lock
}

void client_done_mixed(int *c) {
    if (config.num_threads)
        pthread_mutex_lock(&config.mutex);
    config.live++;
    if (config.num_threads)
        pthread_mutex_unlock(&config.mutex);
    release_client_mixed(c);
}

int main(int argc, char **argv) {
    (void)argv;
    config.num_threads = argc > 1;
    config.other_flag = argc > 2;
    client_done(malloc(sizeof(int)));
    client_done_mixed(malloc(sizeof(int)));
    return 0;
}
