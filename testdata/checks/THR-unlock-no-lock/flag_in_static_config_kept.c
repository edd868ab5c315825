// The lock is taken and released under the same test of a member of a file-static
// configuration (redis-benchmark's `if (config.num_threads)`), and a call between them reaches
// a callback through a function pointer. What the callback writes through a pointer the
// configuration holds (`config.clients->count`) is not the configuration's own storage, so
// the second test agrees with the first (flag_in_static_config.c: a callback that writes the
// flag).
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

void setup(int threads) {
    config.num_threads = threads;
    config.clients = calloc(1, sizeof *config.clients);
    if (config.clients == NULL)
        abort();
    config.clients->on_remove = count_removed;
}

void free_client(void *c) {
    if (config.num_threads)
        pthread_mutex_lock(&config.mutex);
    config.live--;
    remove_item(config.clients, c);
    if (config.num_threads)
        pthread_mutex_unlock(&config.mutex);
}

int main(void) {
    int client = 0;
    setup(4);
    free_client(&client);
    return 0;
}
