// Taking the address of an element of an array member (`&cmcf->phases[N].handlers`, nginx's
// module init functions) reads the pointer the array is reached through: the value assigned
// to it is used.
#include <stddef.h>

typedef struct { void *elts; size_t nelts, nalloc; } array_t;
typedef struct { array_t handlers; } phase_t;
typedef struct { phase_t phases[4]; } core_conf_t;

void *array_push(array_t *a);
core_conf_t *main_conf(void *ctx);
int access_handler(void *r);

int access_init_ok(void *ctx) {
    core_conf_t *cmcf;
    cmcf = main_conf(ctx);
    int (**h)(void *) = array_push(&cmcf->phases[2].handlers);
    if (h == NULL)
        return -1;
    *h = access_handler;
    return 0;
}

int access_init_overwritten_bad(void *ctx, core_conf_t *fallback) {
    core_conf_t *cmcf;
    cmcf = main_conf(ctx); // expect: RED-unused-val
    cmcf = fallback;
    int (**h)(void *) = array_push(&cmcf->phases[2].handlers);
    if (h == NULL)
        return -1;
    *h = access_handler;
    return 0;
}
