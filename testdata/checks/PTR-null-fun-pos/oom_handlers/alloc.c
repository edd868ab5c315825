/* Allocators that call an out-of-memory handler through a function pointer, the way redis's
 * zmalloc does: whether they can return NULL depends on every function the pointer may hold. */
#include <stdio.h>
#include <stdlib.h>
#include "alloc.h"

static void default_oom(size_t size) {
    fprintf(stderr, "out of memory allocating %zu bytes\n", size);
    abort();
}

/* Initialised with a handler that aborts; replaced only through set_oom_handler. */
static void (*oom_handler)(size_t) = default_oom;

void set_oom_handler(void (*handler)(size_t)) {
    oom_handler = handler;
}

/* Returns NULL when the allocation fails or the size is absurd. */
static void *malloc_internal(size_t size) {
    if (size >= (size_t)-1 / 2)
        return NULL;
    return malloc(size);
}

/* Never returns NULL: every handler the program installs ends the program. */
void *xmalloc(size_t size) {
    void *p = malloc_internal(size);
    if (!p) oom_handler(size);
    return p;
}

/* A second hook, a member of a static structure, set through a chain of setters; one of the
 * handlers the program installs only logs and returns. */
static struct {
    void (*on_failure)(size_t);
    int calls;
} hooks;

static void install_failure_hook(void (*hook)(size_t)) {
    hooks.on_failure = hook;
}

void set_failure_hook(void (*hook)(size_t)) {
    install_failure_hook(hook);
}

/* May return NULL: the logging hook returns. */
void *try_malloc(size_t size) {
    void *p = malloc(size);
    hooks.calls++;
    if (!p && hooks.on_failure) hooks.on_failure(size);
    return p;
}

/* A hook whose address is handed out: anything may be stored through it. */
static void (*escaping_handler)(size_t) = default_oom;

void (**oom_handler_slot(void))(size_t) {
    return &escaping_handler;
}

/* May return NULL as far as the analysis can tell: the handler is not known. */
void *slot_malloc(size_t size) {
    void *p = malloc(size);
    if (!p) escaping_handler(size);
    return p;
}

static void warn_oom(size_t size) {
    fprintf(stderr, "warning: out of memory allocating %zu bytes\n", size);
}

/* A hook in a structure whose initialiser installs a handler that returns: a setter that
 * installs one that aborts does not make the allocator safe. */
static struct {
    void (*oom)(size_t);
} table_hooks = { warn_oom };

void set_table_oom_handler(void (*handler)(size_t)) {
    table_hooks.oom = handler;
}

/* May return NULL: the initial handler returns. */
void *table_malloc(size_t size) {
    void *p = malloc(size);
    if (!p) table_hooks.oom(size);
    return p;
}
