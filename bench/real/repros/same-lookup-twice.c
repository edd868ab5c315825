/* tmux layout.c layout_get_tiled_cell(): `if (args_has(args, 'l') ||
 * args_has(args, 'p')) curval = ...;` and then `if (args_has(args, 'l'))
 * ... else if (args_has(args, 'p')) ... curval ...`. args_has() searches the
 * flags (an RB tree in tmux) and writes nothing, and nothing is written
 * between the calls, so the second test of a flag has the result of the
 * first; curval is set whenever it is read. (A getter without a loop,
 * repros/same-getter-twice.c, is no longer reported.)
 * Reported: SPC-uninit-var-some (line 42). */
#include <stddef.h>

struct entry { unsigned char flag; int count; struct entry *next; };
struct args { struct entry *list; };

static struct entry *args_find(struct args *args, unsigned char flag)
{
	struct entry *e;

	for (e = args->list; e != NULL; e = e->next) {
		if (e->flag == flag)
			return (e);
	}
	return (NULL);
}

int args_has(struct args *args, unsigned char flag)
{
	struct entry *entry = args_find(args, flag);

	if (entry == NULL)
		return (0);
	return (entry->count);
}

int new_size(struct args *args, unsigned int width, int value)
{
	unsigned int curval;
	int size = -1;

	if (args_has(args, 'l') || args_has(args, 'p'))
		curval = width;
	if (args_has(args, 'l'))
		size = curval - value;
	else if (args_has(args, 'p'))
		size = curval * value / 100;
	return (size);
}
