/* rsync (RsyncProject/rsync) uidlist.c:155 user_to_uid -> clientserver.c:1323 namecvt_call,
 * SPC-uninit-var-all `id` (error).
 * Cause: contradicting-branches. namecvt_call() reads *id_p only when *name_p is NULL (id-to-name
 * request); otherwise it writes *id_p (name-to-id). user_to_uid() returns early when name is NULL
 * or empty, so it always calls with a non-NULL name and `id` is an output, never read
 * uninitialised. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned int id_t2;

int lookup(const char *buf);

int namecvt_call(const char *cmd, const char **name_p, id_t2 *id_p)
{
    char buf[64];
    if (*name_p)
        snprintf(buf, sizeof buf, "%s %s\n", cmd, *name_p);
    else
        snprintf(buf, sizeof buf, "%s %ld\n", cmd, (long)*id_p);
    if (lookup(buf) < 0)
        return 0;
    if (*name_p)
        *id_p = (id_t2)strtoul(buf, NULL, 10);
    else
        *name_p = strdup(buf);
    return 1;
}

int user_to_uid(const char *name, id_t2 *uid_p)
{
    if (!name || !*name)
        return 0;
    id_t2 id;
    if (!namecvt_call("usr", &name, &id))
        return 0;
    *uid_p = id;
    return 1;
}
