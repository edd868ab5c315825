/* tmux layout-custom.c layout_construct(), as used by layout_parse() and by
 * itself for the children: the constructor stores a new cell in *lc and, on
 * a syntax error, frees it (`fail: layout_free_cell(*lc, 0); return (-1);`)
 * without resetting *lc; the caller returns on -1 and never touches the
 * dangling pointer. The free through *lc is not carried to the caller, which
 * is reported for leaking the cell (setting *lc = NULL after the free hides
 * the report). Reported: MEM-leak (line 29). */
#include <stdlib.h>

struct cell { int type; };

int construct(const char *s, struct cell **lc)
{
	*lc = calloc(1, sizeof **lc);
	if (*lc == NULL)
		return (-1);
	if (*s != '\0')
		goto fail;
	return (0);
fail:
	free(*lc);
	return (-1);
}

int parse(const char *s)
{
	struct cell *lc = NULL;

	if (construct(s, &lc) != 0)
		return (-1);
	free(lc);
	return (0);
}
