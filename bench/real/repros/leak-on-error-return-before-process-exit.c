/* rsync (RsyncProject/rsync) clientserver.c:900 rsync_module, options.c:1633 and 2618
 * parse_arguments, main.c:1468 start_client: MEM-leak.
 * Cause: model (the process ends). The blocks are process-lifetime data (module_chdir is used
 * for the chroot/chdir and kept for the whole session); the reported exits are error returns
 * whose only callers end the process right away (start_daemon's result is _exit()ed by the
 * forked accept-loop child; a failed parse_arguments leads to exit_cleanup), or the return
 * after the whole transfer. Nothing is lost while the program runs. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *normalize_path(const char *p)
{
    char *r;
    if (strstr(p, "/../"))
        return NULL;
    if (!(r = strdup(p)))
        abort();
    return r;
}
int do_chroot_and_transfer(const char *root, const char *dir);
int accept_one(void);
void send_error(int fd, const char *msg);

static int rsync_module(int fd, char *module_dir)
{
    char *module_chdir, *p;

    if ((p = strstr(module_dir, "/./")) != NULL) {
        *p = '\0';
        if (!(module_chdir = normalize_path(module_dir)))
            return -1;
        *p = '/';
        if (!(p = normalize_path(p + 2))) {
            send_error(fd, "@ERROR: chdir failed");
            return -1;
        }
        return do_chroot_and_transfer(module_chdir, p);
    }
    return -1;
}

static int start_daemon(int fd, char *dir)
{
    return rsync_module(fd, dir);
}

void accept_loop(char *dir)
{
    for (;;) {
        int fd = accept_one();
        if (fork() == 0)
            _exit(start_daemon(fd, dir));
        close(fd);
    }
}
