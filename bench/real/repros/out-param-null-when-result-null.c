/* rsync (RsyncProject/rsync) main.c:1478, 1509, 1532, 1563 start_client, MEM-leak
 * `dummy_host` / `shell_machine`.
 * Cause: out-param. check_for_hostspec() stores parse_hostspec()'s result in *host_ptr and
 * returns NULL exactly when that result is NULL (a non-NULL host always comes with a non-NULL
 * path), so when the caller takes the `== NULL` branch there is no block in *host_ptr to free
 * or to lose by `shell_machine = NULL`. */
#include <stdlib.h>
#include <string.h>

static char *parse_hostspec(char *str, char **path_start_ptr)
{
    char *s, *ret;
    for (s = str; *s && *s != ':'; s++)
        if (*s == '/')
            return NULL;
    if (!*s)
        return NULL;
    *path_start_ptr = s + 1;
    ret = malloc(s - str + 1);
    if (!ret)
        abort();
    memcpy(ret, str, s - str);
    ret[s - str] = '\0';
    return ret;
}

char *check_for_hostspec(char *s, char **host_ptr)
{
    char *path;
    *host_ptr = parse_hostspec(s, &path);
    if (!*host_ptr)
        return NULL;
    return path;
}

int run_local(char *src, char *dst);
int run_remote(char *host, char *src, char *path);

int start_client(char *src, char *dst)
{
    char *shell_machine = NULL, *path;

    path = check_for_hostspec(dst, &shell_machine);
    if (!path) {
        shell_machine = NULL;    /* no hostspec found: local transfer */
        return run_local(src, dst);
    }
    return run_remote(shell_machine, src, path);
}
