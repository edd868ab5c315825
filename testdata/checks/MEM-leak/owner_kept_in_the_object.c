// The constructor keeps its owner in the new object (`cf->c = c`) and links the object into
// the owner through that copy, unless the owner is attached, in which case it drops the owner
// (`c = NULL`): neither the copy nor the NULL writes the owner's flags, so a caller that finds
// the owner present and not attached after the call knows the object was linked (tmux's
// file_create_with_client and file_write). Writes through the kept copy are the callee's own
// (`cf->c->references++`).
#include <stdlib.h>
#include <string.h>

struct file;
struct client { int flags; int references; struct file *files; };
struct file { struct client *c; int stream; char *path; int error; struct file *next; };

void *xcalloc(size_t n, size_t size) { void *p = calloc(n, size); if (p == NULL) abort(); return p; }
char *xstrdup(const char *s) { char *p = strdup(s); if (p == NULL) abort(); return p; }
void file_insert(struct file **head, struct file *cf);
void file_fire_done(struct file *cf);

static struct file *file_create_with_client(struct client *c, int stream) {
    struct file *cf;
    if (c != NULL && (c->flags & 1))
        c = NULL;
    cf = xcalloc(1, sizeof *cf);
    cf->c = c;
    cf->stream = stream;
    if (cf->c != NULL) {
        file_insert(&cf->c->files, cf);
        cf->c->references++;
    }
    return cf;
}

void file_write(struct client *c, const char *path, int stream) {
    struct file *cf;
    if (strcmp(path, "-") == 0) {
        cf = file_create_with_client(c, stream);
        cf->path = xstrdup("-");
        if (c == NULL || (c->flags & 1) || (c->flags & 2)) {
            cf->error = 9;
            file_fire_done(cf);
            return;
        }
        return;
    }
}

/* The references the callee counts through its copy are the owner's: a test of them after
   the call is not decided by one before it. */
static struct file *file_create_counted(struct client *c, int stream) {
    struct file *cf = xcalloc(1, sizeof *cf);
    cf->c = c;
    cf->stream = stream;
    if (cf->c != NULL)
        cf->c->references++;
    return cf;
}

void file_write_counted(struct client *c, int stream) {
    struct file *cf;
    if (c == NULL || c->references != 0)
        return;
    cf = file_create_counted(c, stream); // expect: MEM-leak
    if (c->references == 0) {
        file_fire_done(cf);
        return;
    }
}
