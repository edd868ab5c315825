/* curl lib/cf-h1-proxy.c, lib/cfilters.c, lib/vdns/asyn-thrdd.c, lib/mqtt.c:
 * a value derived from `p ? ... : NULL/0` is tested instead of p itself.
 * Reported: PTR-null-cmp-aft (lines 16 and 24). */
#include <stddef.h>

struct state { int phase; };
struct ctx { struct state *ts; int len; };

void state_free(struct state *ts);

void tunnel_free(struct ctx *pctx)
{
  struct state *ts = pctx ? pctx->ts : NULL;
  if(ts) {
    state_free(ts);
    pctx->ts = NULL;
  }
}

int ctx_len(struct ctx *c)
{
  const int len = c ? c->len : 0;
  if(len)
    return c->len * 2;
  return 0;
}
