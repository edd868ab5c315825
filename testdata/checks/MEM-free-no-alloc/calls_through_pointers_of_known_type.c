// A call through a pointer whose targets are not known by value may reach every function of
// the program of the pointer's type whose address is taken: what none of them writes keeps its
// value across the call (redis's performInterfaceSet: the flag that chose between a split
// argument vector and the address of a local is tested again after `config->interface.set`).
#include <stdlib.h>

char **split(const char *s, int *count);
void free_split(char **v, int count);

/* Every setter of this type writes `val`, none writes `flags`. */
typedef struct config config;
struct config {
    int flags;
    int val;
    int (*set)(config *c, char **argv, int argc);
};
static int set_int(config *c, char **argv, int argc) { c->val = argv[0] != NULL ? argc : 0; return 0; }
static int set_str(config *c, char **argv, int argc) { (void)argv; c->val = argc + 1; return 0; }
config configs[] = { { 0, 0, set_int }, { 1, 0, set_str } };

int perform_set(config *c, char *value) {
    char **argv;
    int argc, res;
    if (c->flags & 1) {
        argv = split(value, &argc);
    } else {
        argv = &value;
        argc = 1;
    }
    res = c->set(c, argv, argc);
    if (c->flags & 1) {
        free_split(argv, argc);
        free(argv);
    }
    return res;
}

/* One function of this type writes the flag: the call may change it. */
typedef struct option option;
struct option {
    int flags;
    int val;
    int (*set)(option *o, char **argv, int argc);
};
static int set_value(option *o, char **argv, int argc) { (void)argv; o->val = argc; return 0; }
static int set_flags(option *o, char **argv, int argc) { (void)argv; o->flags = argc; return 0; }
option options[] = { { 0, 0, set_value }, { 1, 0, set_flags } };

int perform_option(option *o, char *value) {
    char **argv;
    int argc, res;
    if (o->flags & 1) {
        argv = split(value, &argc);
    } else {
        argv = &value;
        argc = 1;
    }
    res = o->set(o, argv, argc);
    if (o->flags & 1)
        free(argv); // expect: MEM-free-no-alloc
    return res;
}

/* A function of this type outside the program is handed on: the call may reach code that is
   not known. */
typedef struct hook hook;
struct hook {
    int flags;
    int (*run)(hook *h, char **argv, int argc);
};
int run_elsewhere(hook *h, char **argv, int argc);
static int run_here(hook *h, char **argv, int argc) { (void)h; (void)argv; return argc; }
hook hooks[] = { { 0, run_here }, { 1, run_elsewhere } };

int perform_hook(hook *h, char *value) {
    char **argv;
    int argc, res;
    if (h->flags & 1) {
        argv = split(value, &argc);
    } else {
        argv = &value;
        argc = 1;
    }
    res = h->run(h, argv, argc);
    if (h->flags & 1)
        free(argv); // expect: MEM-free-no-alloc
    return res;
}
