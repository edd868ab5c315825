// A search that breaks out of its loop with the zone it found still locked, and hands the
// zone out through an out-parameter (unbound's rpz_resolve_client_action_and_zone:
// `*a_out = a;`, the caller releasing `a->lock` when done), hands the zone's lock over with
// the zone. So does storing it into the caller's structure. A path that keeps the lock and
// hands the object to nobody is still reported, and so is a copy into a local.
#include <pthread.h>
#include <stddef.h>

struct zone {
    pthread_rwlock_t lock;
    struct zone *next;
    int disabled;
    int action;
};

struct zones {
    pthread_rwlock_t list_lock;
    struct zone *first;
    struct zone *current;
};

int zone_matches(struct zone *z, int key);

int find_zone_action(struct zones *zs, int key, struct zone **z_out) {
    struct zone *z;
    pthread_rwlock_rdlock(&zs->list_lock);
    for (z = zs->first; z; z = z->next) {
        pthread_rwlock_rdlock(&z->lock);
        if (z->disabled) {
            pthread_rwlock_unlock(&z->lock);
            continue;
        }
        if (zone_matches(z, key))
            break;
        pthread_rwlock_unlock(&z->lock);
    }
    pthread_rwlock_unlock(&zs->list_lock);
    *z_out = z;
    return z ? z->action : -1;
}

void apply_zone(struct zones *zs, int key) {
    struct zone *z = NULL;
    int action = find_zone_action(zs, key, &z);
    if (z) {
        (void)action;
        pthread_rwlock_unlock(&z->lock);
    }
}

void select_zone(struct zones *zs, struct zone *z) {
    pthread_rwlock_wrlock(&z->lock);
    zs->current = z;
}

int zone_peek(struct zones *zs, int key) {
    struct zone *z = zs->first;
    struct zone *seen;
    pthread_rwlock_rdlock(&z->lock); // expect: THR-lock-no-unlock
    seen = z;
    if (!zone_matches(seen, key))
        return -1;
    pthread_rwlock_unlock(&z->lock);
    return 0;
}

int zone_handed_late(struct zones *zs, int key, struct zone **out) {
    struct zone *z = zs->first;
    pthread_rwlock_rdlock(&z->lock); // expect: THR-lock-no-unlock
    if (z->disabled)
        return -1;
    if (z->action == 0) {
        pthread_rwlock_unlock(&z->lock);
        return 0;
    }
    *out = z;
    return 1;
}
