// `if (ct->anchors) lock ...; *ct->oldcfg = *env->cfg; ... if (ct->anchors) unlock ...`
// (unbound's fr_reload_config): copying a whole `struct config` through a pointer writes an
// object of that structure, not the `struct construct` that `ct->anchors` is a member of, so
// both tests of `ct->anchors` agree and the lock is released. A copy into the structure whose
// member decides the lock may change it: that path is reported.
#include <pthread.h>
#include <stddef.h>

struct anchors {
    pthread_mutex_t lock;
    int count;
};

struct config {
    int verbosity;
    char *identity;
    struct anchors *trust;
};

struct construct {
    struct anchors *anchors;
    struct config *oldcfg;
};

struct env {
    struct config *cfg;
    struct anchors *anchors;
};

void apply(struct env *env);

void reload(struct env *env, struct construct *ct, struct config *newcfg) {
    if (ct->anchors) {
        pthread_mutex_lock(&ct->anchors->lock);
        pthread_mutex_lock(&env->anchors->lock);
    }
    *ct->oldcfg = *env->cfg;
    *env->cfg = *newcfg;
    if (ct->anchors) {
        pthread_mutex_unlock(&ct->anchors->lock);
        pthread_mutex_unlock(&env->anchors->lock);
    }
}

void reload_trust(struct env *env, struct config *newcfg) {
    struct config *cfg = env->cfg;
    if (cfg->trust)
        pthread_mutex_lock(&cfg->trust->lock); // expect: THR-lock-no-unlock
    *env->cfg = *newcfg;
    if (cfg->trust)
        pthread_mutex_unlock(&cfg->trust->lock);
}
