/* tmux window.c winlink_add(), as used by session.c
 * session_group_synchronize1() and session_renumber_windows(): the add
 * returns NULL only when the index is already in the list. Those callers
 * empty the list first and add consecutive fresh indexes (or the indexes of
 * another list, unique by construction), so every add succeeds. The other
 * call sites test the result; and the variable that receives it here is
 * tested later in the same function for another look-up's result (which
 * counts it as a tested call site too), so the program's habit is taken to
 * be "always test". Reported: PTR-null-fun-pos (lines 69 and 83). */
#include <stdlib.h>

struct link { int idx; void *window; struct link *next; };
struct links { struct link *first; };

static struct link *find_by_index(struct links *ll, int idx)
{
	struct link *l;

	for (l = ll->first; l != NULL; l = l->next) {
		if (l->idx == idx)
			return (l);
	}
	return (NULL);
}

struct link *link_add(struct links *ll, int idx)
{
	struct link *l;

	if (find_by_index(ll, idx) != NULL)
		return (NULL);
	l = calloc(1, sizeof *l);
	if (l == NULL)
		abort();
	l->idx = idx;
	l->next = ll->first;
	ll->first = l;
	return (l);
}

int link_new(struct links *ll, int idx, void *w)
{
	struct link *l;

	if ((l = link_add(ll, idx)) == NULL)
		return (-1);
	l->window = w;
	return (0);
}

int link_copy(struct links *ll, int idx, struct link *from)
{
	struct link *l;

	if ((l = link_add(ll, idx)) == NULL)
		return (-1);
	l->window = from->window;
	return (0);
}

void renumber(struct links *ll, struct links *old, int current, int *found)
{
	struct link *l, *added;
	int idx = 0;

	ll->first = NULL;
	for (l = old->first; l != NULL; l = l->next) {
		added = link_add(ll, idx++);
		added->window = l->window;
	}
	added = find_by_index(ll, current);
	*found = (added != NULL);
}

void synchronize(struct links *ll, struct links *target, int current,
    int *found)
{
	struct link *l, *added;

	ll->first = NULL;
	for (l = target->first; l != NULL; l = l->next) {
		added = link_add(ll, l->idx);
		added->window = l->window;
	}
	added = find_by_index(ll, current);
	*found = (added != NULL);
}
