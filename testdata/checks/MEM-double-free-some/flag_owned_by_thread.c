/* memcached's hash-table maintenance thread: a static flag that only the code of one thread
 * writes, started once (from a function main calls once), changes for that thread's own code
 * only where it writes it, not at every library call (a lock, a condition wait). Clearing the
 * flag before freeing the old table ends the loop, whose condition needs the flag again: only
 * `expand()`, which installs a new old table on every path, sets it. For other threads the
 * flag may change at any time; a thread started in a loop has several instances that race on
 * it, and a flag the thread sets again itself before the second free is a real double free. */
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t maintenance_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t maintenance_cond = PTHREAD_COND_INITIALIZER;
static void **primary;
static void **old_table;
static int expanding;
static int keep_running = 1;
static unsigned bucket;
static long table_bytes;

static void expand(void) {
    old_table = primary;
    primary = calloc(64, sizeof(void *));
    if (primary) {
        expanding = 1;
        bucket = 0;
    } else {
        primary = old_table;
    }
}

static void *maintenance(void *arg) {
    pthread_mutex_lock(&maintenance_lock);
    while (keep_running) {
        for (int ii = 0; ii < 8 && expanding; ++ii) {
            old_table[bucket] = NULL;
            bucket++;
            if (bucket == 32) {
                expanding = 0;
                free(old_table);
                pthread_mutex_lock(&stats_lock);
                table_bytes -= 32;
                pthread_mutex_unlock(&stats_lock);
            }
        }
        if (!expanding) {
            pthread_cond_wait(&maintenance_cond, &maintenance_lock);
            if (keep_running)
                expand();
        }
    }
    pthread_mutex_unlock(&maintenance_lock);
    return arg;
}

static int start_maintenance(void) {
    pthread_t tid;
    return pthread_create(&tid, NULL, maintenance, NULL);
}

/* The same thread started once per worker: another instance may set the flag (and swap the
 * table) between this one's free and its next test of the flag. */
static void **w_primary;
static void **w_old;
static int w_expanding;
static unsigned w_bucket;

static void w_expand(void) {
    w_old = w_primary;
    w_primary = calloc(64, sizeof(void *));
    if (w_primary) {
        w_expanding = 1;
        w_bucket = 0;
    } else {
        w_primary = w_old;
    }
}

static void *worker(void *arg) {
    pthread_mutex_lock(&maintenance_lock);
    while (keep_running) {
        for (int ii = 0; ii < 8 && w_expanding; ++ii) {
            w_old[w_bucket] = NULL; // expect: MEM-use-free-some
            w_bucket++;
            if (w_bucket == 32) {
                w_expanding = 0;
                free(w_old); // expect: MEM-double-free-some
                pthread_mutex_lock(&stats_lock);
                table_bytes -= 32;
                pthread_mutex_unlock(&stats_lock);
            }
        }
        if (!w_expanding) {
            pthread_cond_wait(&maintenance_cond, &maintenance_lock);
            if (keep_running)
                w_expand();
        }
    }
    pthread_mutex_unlock(&maintenance_lock);
    return arg;
}

/* One thread whose loop sets the flag again itself, keeping the freed table. */
static void **r_old;
static int r_expanding;
static unsigned r_bucket;

static void restart(void) {
    r_expanding = 1;
    r_bucket = 31;
}

static void *rescanner(void *arg) {
    while (keep_running) {
        for (int ii = 0; ii < 8 && r_expanding; ++ii) {
            r_bucket++;
            if (r_bucket == 32) {
                r_expanding = 0;
                free(r_old); // expect: MEM-double-free-some
                pthread_mutex_lock(&stats_lock);
                table_bytes -= 32;
                pthread_mutex_unlock(&stats_lock);
                restart();
            }
        }
    }
    return arg;
}

int main(void) {
    pthread_t workers[4], rescan;
    primary = calloc(32, sizeof(void *));
    w_primary = calloc(32, sizeof(void *));
    r_old = calloc(32, sizeof(void *));
    if (start_maintenance() != 0)
        return 1;
    for (int i = 0; i < 4; i++)
        if (pthread_create(&workers[i], NULL, worker, NULL) != 0)
            return 1;
    if (pthread_create(&rescan, NULL, rescanner, NULL) != 0)
        return 1;
    pthread_mutex_lock(&maintenance_lock);
    keep_running = 0;
    pthread_cond_signal(&maintenance_cond);
    pthread_mutex_unlock(&maintenance_lock);
    return 0;
}
