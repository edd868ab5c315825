/* redis-benchmark's shape: a static configuration flag tested twice around calls of code
 * outside the program (a list library whose `match` and `free` hooks it calls through
 * pointers), with the lock's own member handed to the lock functions, and a worker thread.
 * Code outside the program can write a `static` global only by calling back one of the
 * program's address-taken functions; none of them writes `num_threads` (only the option
 * parser, called by name from main, does), and `&config.mutex` reaches that member only. */
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
        pthread_mutex_lock(&(config.mutex));
    config.liveclients--;
    void *ln = list_search(config.clients, c);
    list_del(config.clients, ln);
    if (config.num_threads)
        pthread_mutex_unlock(&(config.mutex));
}

static void *worker(void *arg)
{
    free_client(arg);
    return NULL;
}

/* The caller locks under the same flag around a call of code outside the program: the pair
 * agrees. (Not yet followed: a call after the pair of a function that locks and unlocks
 * under the flag itself, whose unlock is then decided after a way into the caller's second
 * test that skips its first.) */
void create_missing(void *c);

static void client_done(void *c)
{
    if (config.liveclients > 100) {
        free_client(c);
        return;
    }
    if (config.num_threads)
        pthread_mutex_lock(&(config.mutex));
    config.liveclients--;
    create_missing(c);
    config.liveclients++;
    if (config.num_threads)
        pthread_mutex_unlock(&(config.mutex));
}

/* Unlocked under another condition than the one it was locked under. */
static void client_reset_bad(void *c)
{
    if (config.num_threads)
        pthread_mutex_lock(&(config.mutex)); // expect: THR-lock-no-unlock
    create_missing(c);
    if (config.liveclients)
        pthread_mutex_unlock(&(config.mutex)); // expect: THR-unlock-no-lock
}

void on_reply(void *c)
{
    client_done(c);
    client_reset_bad(c);
}

int parse_options(int argc, char **argv)
{
    config.num_threads = argc > 1 ? atoi(argv[1]) : 0;
    return argc;
}

int main(int argc, char **argv)
{
    pthread_t t;
    parse_options(argc, argv);
    if (pthread_create(&t, NULL, worker, NULL) != 0)
        return 1;
    free_client(NULL);
    return 0;
}
