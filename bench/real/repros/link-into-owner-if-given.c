/* tmux file.c file_create_with_client(), as used by file_vprint(),
 * file_print_buffer(), file_error() and file_write(): the constructor links
 * the new object into its owner's list (an RB tree in tmux) when an owner is
 * given, and the owner frees it later. The callers have tested the owner
 * (file_can_print(c): c != NULL and not attached) before the call, so the
 * object is always linked; the conditional link is not tied to the caller's
 * test. Reported: MEM-leak (line 33). */
#include <stdlib.h>

struct file { int stream; struct file *next; };
struct client { struct file *files; int flags; };

struct file *file_create(struct client *c, int stream)
{
	struct file *f = calloc(1, sizeof *f);

	if (f == NULL)
		abort();
	f->stream = stream;
	if (c != NULL) {
		f->next = c->files;
		c->files = f;
	}
	return (f);
}

void file_print(struct client *c)
{
	struct file *f;

	if (c == NULL || (c->flags & 1))
		return;
	f = file_create(c, 1);
	f->stream = 2;
}
