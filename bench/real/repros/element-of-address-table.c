/* tmux tty-features.c tty_feature_present(): `tf = NULL` before a loop over
 * a constant table of addresses of static structures; each step loads an
 * element (never NULL) and dereferences it. The `tf == NULL` test after the
 * loop is for the initial value (a table without entries), not evidence
 * that an element may be NULL.
 * Reported: PTR-null-cmp-bef (line 23). */
#include <stddef.h>
#include <string.h>

struct feature { const char *name; int flags; };

static const struct feature feature_a = { "a", 1 };
static const struct feature feature_b = { "b", 2 };
static const struct feature *const features[] = { &feature_a, &feature_b };

int feature_flags(const char *name)
{
	const struct feature *f = NULL;
	size_t i;

	for (i = 0; i < sizeof features / sizeof features[0]; i++) {
		f = features[i];
		if (strcmp(f->name, name) == 0)
			break;
	}
	if (f == NULL)
		return (0);
	return (f->flags);
}
