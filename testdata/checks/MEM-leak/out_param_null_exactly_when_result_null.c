// A parser stores the host it found through an out-parameter and returns the path after it,
// NULL exactly when no host was stored (rsync's check_for_hostspec): the path pointer is
// `s + 1` for a `s` the scanning loop dereferenced, so it is not NULL. A caller that takes
// the NULL branch owns no host. A parser that can return NULL with the host stored (an
// empty path refused after the allocation) leaks it in the same caller.
#include <stdlib.h>
#include <string.h>

static char *parse_host(char *str, char **path_start)
{
    char *s, *host;
    for (s = str; *s && *s != ':'; s++)
        if (*s == '/')
            return NULL;
    if (!*s)
        return NULL;
    *path_start = s + 1;
    host = malloc(s - str + 1);
    if (!host)
        abort();
    memcpy(host, str, s - str);
    host[s - str] = '\0';
    return host;
}

char *host_and_path(char *s, char **host_ptr)
{
    char *path;
    *host_ptr = parse_host(s, &path);
    if (!*host_ptr)
        return NULL;
    return path;
}

char *host_and_nonempty_path(char *s, char **host_ptr)
{
    char *path;
    *host_ptr = parse_host(s, &path);
    if (!*host_ptr)
        return NULL;
    if (!*path)
        return NULL;
    return path;
}

int run_local(char *src, char *dst);
int run_remote(char *host, char *src, char *path);

int start_client(char *src, char *dst)
{
    char *host = NULL, *path;

    path = host_and_path(dst, &host);
    if (!path) {
        host = NULL;
        return run_local(src, dst);
    }
    return run_remote(host, src, path);
}

int start_client_nonempty(char *src, char *dst)
{
    char *host = NULL, *path;

    path = host_and_nonempty_path(dst, &host); // expect: MEM-leak
    if (!path) {
        host = NULL;
        return run_local(src, dst);
    }
    return run_remote(host, src, path);
}
