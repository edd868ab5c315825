/* A callee that writes another member of the configuration global leaves the flag as it was
 * (the calls' write sets are kept per member); one that writes the flag itself does not. */
#include <pthread.h>

static struct config { int num_threads; int live; } config;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void work(void) { config.live++; }
static void set_threads(int n) { config.num_threads = n; }

void counted(void)
{
    if (config.num_threads)
        pthread_mutex_lock(&lock);
    work();
    if (config.num_threads)
        pthread_mutex_unlock(&lock);
}

void resized(int n)
{
    if (config.num_threads)
        pthread_mutex_lock(&lock); // expect: THR-lock-no-unlock
    set_threads(n);
    if (config.num_threads)
        pthread_mutex_unlock(&lock); // expect: THR-unlock-no-lock
}
