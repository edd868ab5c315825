/* lighttpd src/plugin.c plugins_free(): a const pointer is copied into a
 * non-const local by storing through a cast of the local's address,
 * `*(const plugin **)&p = pd->self;` (to drop the const without a cast
 * warning), then freed; each loop iteration frees another plugin. The store
 * through `*(T **)&p` is not seen as a new value of `p`, so the second
 * iteration's free(p) looks like a second free of the first block (plain
 * `p = (plugin *)pd->self;` is not reported).
 * Reported: MEM-double-free-some (line 21). */
#include <stdlib.h>

typedef struct plugin { void *lib; } plugin;
typedef struct { const plugin *self; } plugin_data_base;

void plugins_free(plugin_data_base **ps, unsigned int used)
{
    for (unsigned int i = 0; i < used; ++i) {
        plugin_data_base * const pd = ps[i];
        if (pd->self->lib) {
            plugin *p;
            *(const plugin **)&p = pd->self;
            free(p);
        }
        free(pd);
    }
}
