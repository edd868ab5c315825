/* nginx src/http/modules/ngx_http_*_module.c ngx_http_*_init() (10 notes):
 * the module's main configuration is read from the context, and only the
 * address of one of its members is taken, to append a phase handler.
 * `&cmcf->phases[N].handlers` uses cmcf (pointer arithmetic on it) without
 * loading through it.
 * Reported: RED-unused-val (line 27). */
#include <stddef.h>

typedef struct { void *elts; size_t nelts, nalloc; } array_t;
typedef struct { array_t handlers; } phase_t;
typedef struct { phase_t phases[4]; } core_main_conf_t;
typedef struct { void **main_conf; } conf_ctx_t;
typedef struct { void *ctx; } conf_t;
typedef int (*handler_pt)(void *r);

void *array_push(array_t *a);
int access_handler(void *r);

#define conf_get_main_conf(cf, idx) (((conf_ctx_t *) (cf)->ctx)->main_conf[idx])
#define ACCESS_PHASE 2

int access_init(conf_t *cf)
{
    handler_pt *h;
    core_main_conf_t *cmcf;

    cmcf = conf_get_main_conf(cf, 0);

    h = array_push(&cmcf->phases[ACCESS_PHASE].handlers);
    if (h == NULL)
        return -1;
    *h = access_handler;
    return 0;
}
