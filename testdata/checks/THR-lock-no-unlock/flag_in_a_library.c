/* redis-benchmark's shape: a static configuration flag tested twice around calls of code
 * outside the program (a list library whose `match` and `free` hooks it calls through
 * pointers), with the lock's own member handed to the lock functions, and a worker thread.
 * Code outside the program can write a `static` global only by calling back one of the
 * program's address-taken functions; none of them writes `num_threads` (only the option
 * parser, called by name from main, does), and `&config.mutex` reaches that member only.
 * Here the units are not a whole program (no `main`): the code they are linked with may call
 * the option parser by name, from the list library, and the flag may change between the
 * two tests. */
#include <pthread.h>
#include <stdlib.h>

struct list;
void *list_search(struct list *l, void *key);
void list_del(struct list *l, void *node);

static struct config {
    int num_threads;
    int liveclients;
    pthread_mutex_t mutex;
    struct list *clients;
} config;

static void free_client(void *c)
{
    if (config.num_threads)
        pthread_mutex_lock(&(config.mutex)); // expect: THR-lock-no-unlock
    config.liveclients--;
    void *ln = list_search(config.clients, c);
    list_del(config.clients, ln);
    if (config.num_threads)
        pthread_mutex_unlock(&(config.mutex)); // expect: THR-unlock-no-lock
}

static void *worker(void *arg)
{
    free_client(arg);
    return NULL;
}

int parse_options(int argc, char **argv)
{
    config.num_threads = argc > 1 ? atoi(argv[1]) : 0;
    return argc;
}

int start(int argc, char **argv)
{
    pthread_t t;
    parse_options(argc, argv);
    if (pthread_create(&t, NULL, worker, NULL) != 0)
        return 1;
    free_client(NULL);
    return 0;
}
