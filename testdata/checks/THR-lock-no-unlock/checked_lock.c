// A lock call that reports failure (pthread functions return 0 on success) holds nothing on
// its failure branch: returning there without an unlock is correct.
#include <pthread.h>

struct db { pthread_mutex_t lock; int n; };

int refresh_ok(struct db *db) {
    int error;
    if ((error = pthread_mutex_lock(&db->lock)) != 0)
        return error;
    db->n++;
    pthread_mutex_unlock(&db->lock);
    return 0;
}

void free_ok(struct db *db) {
    int unlock = !pthread_mutex_lock(&db->lock);
    db->n = 0;
    if (unlock)
        pthread_mutex_unlock(&db->lock);
}

int try_ok(struct db *db) {
    if (pthread_mutex_trylock(&db->lock))
        return 0;
    db->n++;
    pthread_mutex_unlock(&db->lock);
    return 1;
}

/* The failure branch is handled, but another return keeps the lock. */
int refresh_bad(struct db *db) {
    if (pthread_mutex_lock(&db->lock) != 0) // expect: THR-lock-no-unlock
        return -1;
    if (db->n < 0)
        return -2;
    db->n++;
    pthread_mutex_unlock(&db->lock);
    return 0;
}

/* Success is tested with the wrong sense: the lock is kept when it was taken. */
int inverted_bad(struct db *db) {
    if (pthread_mutex_lock(&db->lock) == 0) // expect: THR-lock-no-unlock
        return 0;
    pthread_mutex_unlock(&db->lock);
    return 1;
}
