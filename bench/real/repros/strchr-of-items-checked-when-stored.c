/* rsync (RsyncProject/rsync) loadparm.c:674, set_dparams, PTR-null-fun-pos `equal`.
 * Cause: model (data invariant of a global list). Every item of dparam_list was stored by the
 * daemon option parser only after `if (!strchr(arg, '=')) goto daemon_error;` (options.c:1554),
 * and the list is not written anywhere else, so `strchr(params[j], '=')` always finds one
 * ("options.c verified this"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dparams[64];
static unsigned dparam_count;

int add_dparam(const char *arg)
{
    char *copy;
    if (!strchr(arg, '=')) {
        fprintf(stderr, "--dparam value is missing an '=': %s\n", arg);
        return -1;
    }
    if (dparam_count == 64 || !(copy = strdup(arg)))
        return -1;
    dparams[dparam_count++] = copy;
    return 0;
}

void do_parameter(const char *name, const char *val);

void set_dparams(void)
{
    char *equal;
    unsigned j;
    for (j = 0; j < dparam_count; j++) {
        equal = strchr(dparams[j], '='); /* add_dparam verified this */
        *equal = '\0';
        do_parameter(dparams[j], equal + 1);
        *equal = '=';
    }
}
