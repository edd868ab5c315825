/* The working directory of a client (tmux's server_client_get_cwd): it reads through `c` and
 * copies a member into its own parameter `s`, so it is not a function that only reads through
 * `c`; it writes no member of the client. The unit of the callers only declares it. */
#include "client.h"

int cfg_finished;
struct client *cfg_client;

const char *client_cwd(struct client *c, struct session *s) {
    const char *home;

    if (!cfg_finished && cfg_client != NULL)
        return cfg_client->cwd;
    if (c != NULL && c->session == NULL && c->cwd != NULL)
        return c->cwd;
    if (s != NULL && s->cwd != NULL)
        return s->cwd;
    if (c != NULL && (s = c->session) != NULL && s->cwd != NULL)
        return s->cwd;
    if ((home = find_home()) != NULL)
        return home;
    return "/";
}
