/* redis src/config.c performInterfaceSet(), src/redis-benchmark.c
 * freeClient(): a flag in a struct or global decides both the acquisition and
 * the release; between the two tests there is only a call through a function
 * pointer (or a plain call) that never writes the flag.
 * Reported: MEM-free-no-alloc (line 33), THR-lock-no-unlock (line 42) and
 * THR-unlock-no-lock (line 45). */
#include <pthread.h>
#include <stdlib.h>

#define MULTI_ARG 1

struct config {
    int flags;
    int (*set)(struct config *config, char **argv, int argc);
};

char **split(char *value, int *argc);
void free_split(char **argv, int argc) {
    while (argc--) free(argv[argc]);
    free(argv);
}

int interface_set(struct config *config, char *value) {
    char **argv;
    int argc, res;
    if (config->flags & MULTI_ARG) {
        argv = split(value, &argc);
    } else {
        argv = &value;
        argc = 1;
    }
    res = config->set(config, argv, argc);
    if (config->flags & MULTI_ARG) free_split(argv, argc);
    return res;
}

struct { int num_threads; int live; pthread_mutex_t mutex; } cfg;
void list_remove(void *c);

void free_client(void *c) {
    free(c);
    if (cfg.num_threads) pthread_mutex_lock(&cfg.mutex);
    cfg.live--;
    list_remove(c);
    if (cfg.num_threads) pthread_mutex_unlock(&cfg.mutex);
}
