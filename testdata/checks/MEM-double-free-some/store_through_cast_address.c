#include <stdlib.h>

/* `*(const T **)&p = q;` stores into `p` itself (a way to drop a qualifier without a cast
 * warning): each iteration frees another block. */

typedef struct plugin { void *lib; } plugin;
typedef struct { const plugin *self; } plugin_slot;

void free_plugins_ok(plugin_slot **slots, unsigned n) {
    for (unsigned i = 0; i < n; ++i) {
        plugin_slot *const slot = slots[i];
        if (slot->self->lib) {
            plugin *p;
            *(const plugin **)&p = slot->self;
            free(p);
        }
        free(slot);
    }
}

void free_twice_bad(plugin_slot *slot) {
    plugin *p;
    *(const plugin **)&p = slot->self;
    free(p);
    if (slot->self->lib)
        free(p); // expect: MEM-double-free-some
}
