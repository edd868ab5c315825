/* libgit2 src/libgit2/odb.c:1929 (git_odb_refresh) and 79 more: when the
 * lock call fails the mutex is not held, so returning without unlocking on
 * the error branch is correct (attr_file.c:22 keeps the result in a flag). */
#include <pthread.h>

struct db { pthread_mutex_t lock; int n; };

int refresh(struct db *db)
{
    int error;
    if ((error = pthread_mutex_lock(&db->lock)) != 0)
        return error;
    db->n++;
    pthread_mutex_unlock(&db->lock);
    return 0;
}

void db_free(struct db *db)
{
    int unlock = !pthread_mutex_lock(&db->lock);
    db->n = 0;
    if (unlock)
        pthread_mutex_unlock(&db->lock);
    pthread_mutex_destroy(&db->lock);
}
