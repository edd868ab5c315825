/* A client owns the files linked into its list (tmux's struct client and client_file). */
#include <stddef.h>

struct session {
    char *cwd;
};

struct file;

struct client {
    int flags;
    int references;
    const char *cwd;
    struct session *session;
    struct file *files;
    void *peer;
};

#define ATTACHED 1

extern int cfg_finished;
extern struct client *cfg_client;

const char *find_home(void);
const char *client_cwd(struct client *c, struct session *s);
