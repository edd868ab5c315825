#include <stddef.h>
#include <string.h>

/* ---- positives ---- */

static int debug_level;
static double last_ratio;
static const char *last_name;

void set_debug(int level) {
    debug_level = level; // expect: RED-unused-static
}

void reset_debug(void) {
    debug_level = 0; // expect: RED-unused-static
}

double ratio(int a, int b) {
    double r = b ? (double)a / b : 0.0;
    last_ratio = r; // expect: RED-unused-static
    return r;
}

void remember(const char *name) {
    last_name = name; // expect: RED-unused-static
}

int count_calls(int x) {
    static int calls;
    if (x > 0) {
        calls = x; // expect: RED-unused-static
    }
    return x * 2;
}

/* ---- negatives ---- */

/* Read in another function of the unit. */
static int mode;
void set_mode(int m) { mode = m; }
int get_mode(void) { return mode; }

/* Compound assignment and increment read the old value. */
static unsigned long total;
void add_total(unsigned long n) { total += n; }
static int ticks;
void tick(void) { ticks++; }

/* The address escapes: someone else may read it. */
static int shared_flag;
extern void publish(int *flag);
void share(void) {
    shared_flag = 1;
    publish(&shared_flag);
}

/* Named in sizeof: the program mentions it on purpose. */
static long scratch;
size_t scratch_size(void) {
    scratch = 0;
    return sizeof scratch;
}

/* volatile: the store itself is the point (e.g. a debugger or signal handler reads it). */
static volatile int heartbeat;
void beat(void) { heartbeat = 1; }

/* External linkage: code outside the analysed files may read it. */
int exported_counter;
void bump_exported(void) { exported_counter = 5; }

/* Arrays and structures are out of scope (their address may be in another initialiser). */
static int table[4];
static struct { int a, b; } pair;
void fill(void) {
    table[0] = 1;
    pair.a = 2;
}

/* Read through a pointer held by a static. */
static char buffer_used;
static char *cursor;
void point(void) { cursor = &buffer_used; }
char peek(void) { return *cursor; }

/* Written inside a macro expansion only. */
#define MARK(v) ((v) = 1)
static int marked;
void mark(void) { MARK(marked); }

/* Local statics that are read. */
int next_id(void) {
    static int id;
    id = id + 1;
    return id;
}
