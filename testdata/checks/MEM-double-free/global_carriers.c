// A global carries a pointer from one function to another (issue 12, route 5): the callee
// reads the global into a local and frees that.
#include <stdlib.h>

static char *pending_reply;

static void flush_reply(void) {
    char *reply = pending_reply;
    free(reply);
}

void reply_freed_before_handing_over_bad(void) {
    char *reply = malloc(64);
    if (!reply)
        return;
    free(reply);
    pending_reply = reply;
    flush_reply(); // expect: MEM-double-free
}

void reply_handed_over_good(void) {
    char *reply = malloc(64);
    if (!reply)
        return;
    pending_reply = reply;
    flush_reply();
}

/* The callee frees the global by its own name. */
static char *scratch_area;

static void drop_scratch_area(void) {
    free(scratch_area);
}

void scratch_freed_twice_bad(void) {
    char *area = malloc(32);
    if (!area)
        return;
    scratch_area = area;
    drop_scratch_area();
    free(area); // expect: MEM-double-free
}

void scratch_freed_once_good(void) {
    char *area = malloc(32);
    if (!area)
        return;
    scratch_area = area;
    drop_scratch_area();
}

/* Detach, then free: the global is NULL when the copy is freed; its callers see the NULL. */
static char *cached_page;

static void evict_page(void) {
    char *page = cached_page;
    cached_page = NULL;
    free(page);
}

void evicted_twice_good(void) {
    evict_page();
    evict_page();
}

/* A call that may give the global another value comes between: what the callee frees is no
   longer the caller's block. */
static char *work_buffer;
extern void reload_configuration(void);

static void reload_then_release(void) {
    reload_configuration();
    free(work_buffer);
}

void reloaded_before_release_good(void) {
    char *buf = malloc(16);
    if (!buf)
        return;
    work_buffer = buf;
    reload_then_release();
    free(buf);
}

static char *spare_block;

static void refill_spare(void) {
    spare_block = malloc(8);
}

static void release_spare(void) {
    char *block = spare_block;
    free(block);
}

void refilled_before_release_good(void) {
    char *block = malloc(8);
    if (!block)
        return;
    spare_block = block;
    refill_spare();
    release_spare();
    free(block);
}
