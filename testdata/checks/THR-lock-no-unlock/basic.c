#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static int table[16];
static long hits;

struct account {
    pthread_mutex_t lock;
    long balance;
};

static void unlock_table(void) {
    pthread_mutex_unlock(&table_lock);
}

/* Positives. */

int table_put_bad(int slot, int value) {
    pthread_mutex_lock(&table_lock); // expect: THR-lock-no-unlock
    if (slot < 0 || slot >= 16)
        return -1;
    table[slot] = value;
    pthread_mutex_unlock(&table_lock);
    return 0;
}

int withdraw_bad(struct account *a, long amount) {
    pthread_mutex_lock(&a->lock); // expect: THR-lock-no-unlock
    if (a->balance < amount)
        return -1;
    a->balance -= amount;
    pthread_mutex_unlock(&a->lock);
    return 0;
}

void count_hit_bad(int verbose) {
    pthread_mutex_lock(&stats_lock); // expect: THR-lock-no-unlock
    hits++;
    if (verbose)
        pthread_mutex_unlock(&stats_lock);
}

/* Locks on every path and never unlocks: a lock wrapper, which returns holding the lock on
   purpose; its callers are checked (see wrappers.c). */
void enter_stats(void) {
    pthread_mutex_lock(&stats_lock);
    hits++;
}

int find_slot_bad(int value) {
    pthread_mutex_lock(&table_lock); // expect: THR-lock-no-unlock
    for (int i = 0; i < 16; i++) {
        if (table[i] == value)
            return i;
    }
    pthread_mutex_unlock(&table_lock);
    return -1;
}

/* Negatives. */

int table_put_ok(int slot, int value) {
    if (slot < 0 || slot >= 16)
        return -1;
    pthread_mutex_lock(&table_lock);
    table[slot] = value;
    pthread_mutex_unlock(&table_lock);
    return 0;
}

int find_slot_ok(int value) {
    int found = -1;
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < 16; i++) {
        if (table[i] == value) {
            found = i;
            break;
        }
    }
    pthread_mutex_unlock(&table_lock);
    return found;
}

int unlocked_by_helper_ok(int slot) {
    int v;
    pthread_mutex_lock(&table_lock);
    v = table[slot & 15];
    unlock_table();
    return v;
}

int goto_unlock_ok(int slot, int value) {
    int rc = -1;
    pthread_mutex_lock(&table_lock);
    if (slot < 0 || slot >= 16)
        goto out;
    table[slot] = value;
    rc = 0;
out:
    pthread_mutex_unlock(&table_lock);
    return rc;
}

void abort_while_locked_ok(int slot) {
    pthread_mutex_lock(&table_lock);
    if (slot < 0)
        abort();
    table[slot & 15] = 0;
    pthread_mutex_unlock(&table_lock);
}
