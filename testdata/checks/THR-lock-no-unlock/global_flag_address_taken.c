/* A global whose address is handed out may change at any call: the two tests of the flag
 * around a call that never names it need not agree. */
#include <pthread.h>

static struct config { int num_threads; } config;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void set_threads(int *threads);
static int counter;
static void work(void) { counter++; }

void configure(void)
{
    set_threads(&config.num_threads);
}

void step(void)
{
    if (config.num_threads)
        pthread_mutex_lock(&lock); // expect: THR-lock-no-unlock
    work();
    if (config.num_threads)
        pthread_mutex_unlock(&lock); // expect: THR-unlock-no-lock
}
