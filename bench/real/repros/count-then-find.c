/* tmux layout-set.c layout_set_main_h() (and _mirrored, layout_set_main_v,
 * _mirrored): the function counts the tiled (non-floating) panes and returns
 * when there are fewer than two; the first tiled pane becomes the main pane,
 * and for exactly two the loop after it looks for the other tiled pane. That
 * pane exists (it was counted), so the loop stops on it before the end of
 * the list; the loop's NULL test is not evidence the pane may be missing.
 * Reported: PTR-null-cmp-aft (line 52). */
#include <stddef.h>

struct pane { int floating; int size; struct pane *next; };
struct window { struct pane *panes; };

static unsigned count_tiled(struct window *w)
{
	struct pane *p;
	unsigned n = 0;

	for (p = w->panes; p != NULL; p = p->next) {
		if (!p->floating)
			n++;
	}
	return (n);
}

static struct pane *first_tiled(struct window *w)
{
	struct pane *p;

	for (p = w->panes; p != NULL; p = p->next) {
		if (!p->floating)
			return (p);
	}
	return (NULL);
}

void layout_main(struct window *w, int size)
{
	struct pane *main_pane, *p;
	unsigned n;

	n = count_tiled(w);
	if (n <= 1)
		return;
	n--;

	main_pane = first_tiled(w);
	main_pane->size = size;
	if (n == 1) {
		p = main_pane->next;
		while (p != NULL && p->floating)
			p = p->next;
		p->size = size;
	}
}
