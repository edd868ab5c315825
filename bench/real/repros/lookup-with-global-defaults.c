/* tmux options.c options_get(), as used by cmd-display-menu.c,
 * cmd-set-option.c, colour.c, tty-term.c and window-customize.c: options are
 * looked up along a chain of trees (pane, window, global); options_get()
 * returns NULL when no tree of the chain holds the name. At start-up
 * (tmux.c main) every entry of the built-in table gets its default in the
 * global tree, the root of every chain, so a look-up of a table name (or of
 * a name just read from the root's own tree) always finds an entry. Other
 * call sites, with user options ("@name") that may be unset, test the result
 * (the analyser reports a NULL that depends on the data only where nine in ten
 * of a function's call sites test it).
 * Reported: PTR-null-fun-pos (line 72). */
#include <stdlib.h>
#include <string.h>

struct entry { const char *name; int number; struct entry *next; };
struct options { struct entry *list; struct options *parent; };

static const char *const table[] = { "border-lines", "base-index", NULL };
struct options *global_options;

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);
	if (p == NULL)
		abort();
	return (p);
}

static struct entry *get_only(struct options *oo, const char *name)
{
	struct entry *o;

	for (o = oo->list; o != NULL; o = o->next) {
		if (strcmp(o->name, name) == 0)
			return (o);
	}
	return (NULL);
}

struct entry *options_get(struct options *oo, const char *name)
{
	struct entry *o;

	o = get_only(oo, name);
	while (o == NULL) {
		oo = oo->parent;
		if (oo == NULL)
			break;
		o = get_only(oo, name);
	}
	return (o);
}

void options_init(void)
{
	const char *const *cp;
	struct entry *o;

	global_options = xcalloc(1, sizeof *global_options);
	for (cp = table; *cp != NULL; cp++) {
		o = xcalloc(1, sizeof *o);
		o->name = *cp;
		o->next = global_options->list;
		global_options->list = o;
	}
}

int border_lines(struct options *window_options)
{
	struct entry *o = options_get(window_options, "border-lines");

	return (o->number);
}

int user_option(struct options *oo, const char *name)
{
	struct entry *o;

	if ((o = options_get(oo, name)) == NULL)
		return (-1);
	return (o->number);
}

int user_options_sum(struct options *oo, const char *const *names)
{
	struct entry *o;
	int n = 0;

	if ((o = options_get(oo, names[0])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[1])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[2])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[3])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[4])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[5])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[6])) != NULL)
		n += o->number;
	if ((o = options_get(oo, names[7])) != NULL)
		n += o->number;
	return (n);
}
