/* rsync (RsyncProject/rsync) loadparm.c:559, do_parameter, LIB-return-unchecked (sscanf "%o").
 * Cause: model (dead case of a constant table). The parameter table is generated from
 * daemon-parm.txt, and no parameter has the type OCTAL, so the `case P_OCTAL:` branch with the
 * unchecked sscanf never runs (a failure would only keep the default value anyway). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { P_BOOL, P_INTEGER, P_OCTAL, P_STRING } parm_type;
struct parm { const char *label; parm_type type; void *ptr; };

static int listen_backlog = 5, rsync_port;
static char *motd_file;
static int use_chroot = 1;

static const struct parm parm_table[] = {
    { "listen backlog", P_INTEGER, &listen_backlog },
    { "port", P_INTEGER, &rsync_port },
    { "motd file", P_STRING, &motd_file },
    { "use chroot", P_BOOL, &use_chroot },
};

int do_parameter(const char *name, const char *value)
{
    size_t i;
    for (i = 0; i < sizeof parm_table / sizeof parm_table[0]; i++) {
        if (strcmp(parm_table[i].label, name) != 0)
            continue;
        switch (parm_table[i].type) {
        case P_BOOL:
            *(int *)parm_table[i].ptr = strcmp(value, "yes") == 0;
            break;
        case P_INTEGER:
            *(int *)parm_table[i].ptr = atoi(value);
            break;
        case P_OCTAL:
            sscanf(value, "%o", (unsigned int *)parm_table[i].ptr);
            break;
        case P_STRING:
            *(char **)parm_table[i].ptr = strdup(value);
            break;
        }
        return 1;
    }
    return 0;
}
