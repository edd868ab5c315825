// The lock is taken and released under the same test of a member of a file-static
// configuration (redis-benchmark's `if (config.num_threads)`), and a call between them reaches
// a callback through a function pointer. Here one of the callbacks the program installs
// writes the flag itself, so the two tests may disagree (flag_in_static_config_kept.c: one
// that writes only through the configuration's pointers).
#include <pthread.h>
#include <stdlib.h>

struct list { int count; void (*on_remove)(void *); };
static struct config {
    int num_threads;
    int live;
    pthread_mutex_t mutex;
    struct list *clients;
} config;

static void remove_item(struct list *l, void *item) {
    if (l->on_remove)
        l->on_remove(item);
    l->count--;
}

static void count_removed(void *item) {
    (void)item;
    config.clients->count++;
}

static void stop_threads(void *item) {
    (void)item;
    config.num_threads = 0;
}

void setup(int threads) {
    config.num_threads = threads;
    config.clients = calloc(1, sizeof *config.clients);
    if (config.clients == NULL)
        abort();
    config.clients->on_remove = count_removed;
}

void setup_stopping(void) {
    config.clients->on_remove = stop_threads;
}

void free_client(void *c) {
    if (config.num_threads)
        pthread_mutex_lock(&config.mutex); // expect: THR-lock-no-unlock
    config.live--;
    remove_item(config.clients, c);
    if (config.num_threads)
        pthread_mutex_unlock(&config.mutex); // expect: THR-unlock-no-lock
}

int main(void) {
    int client = 0;
    setup(4);
    free_client(&client);
    return 0;
}
