// A global whose address is lent to a helper for the call only (`set_defaults(&opts)`: it
// writes through the pointer and keeps no copy) changes only at that call: a logging call in
// between leaves `opts.verbose`, so the block allocated when it is set is freed when it is set.
// A helper that keeps the address (`remember(&opts)`) lets any later call change it: the
// logging call that flips `verbose` through the kept pointer loses the block.
#include <stdlib.h>

struct opts {
    int verbose;
    char *out;
};

static struct opts opts, kept_opts;
static struct opts *remembered;
static int lines;

static void set_defaults(struct opts *o)
{
    o->verbose = 0;
    o->out = NULL;
}

static void remember(struct opts *o)
{
    remembered = o;
}

void parse(int argc, char **argv);

static void log_line(const char *s)
{
    if (s)
        lines++;
}

static void log_line_quietly(const char *s)
{
    if (s && remembered)
        remembered->verbose = 0;
}

int run(int argc, char **argv)
{
    char *buf = NULL;
    set_defaults(&opts);
    parse(argc, argv);
    if (opts.verbose)
        buf = malloc(10);
    log_line("x");
    if (opts.verbose)
        free(buf);
    return 0;
}

int run_remembered(int argc, char **argv)
{
    char *buf = NULL;
    remember(&kept_opts);
    parse(argc, argv);
    if (kept_opts.verbose)
        buf = malloc(10); // expect: MEM-leak
    log_line_quietly("x");
    if (kept_opts.verbose)
        free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    return run(argc, argv) + run_remembered(argc, argv);
}
