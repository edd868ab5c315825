/* libgit2 src/util/net.c:797 (git_net_url_parse_scp): the lookup returns
 * NULL only for unknown schemes; it is called with the constant "ssh". */
#include <string.h>

static const char *default_port_for_scheme(const char *scheme)
{
    if (strcmp(scheme, "http") == 0)
        return "80";
    else if (strcmp(scheme, "ssh") == 0)
        return "22";
    return NULL;
}

size_t scp_port_len(const char *port, size_t port_len)
{
    const char *default_port = default_port_for_scheme("ssh");

    if (port_len)
        return port_len + (port[0] == '+');
    return strlen(default_port);
}
