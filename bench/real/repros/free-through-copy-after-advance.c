/* tmux input.c input_osc_4() and prompt.c prompt_paste(): a string is
 * duplicated into two variables (`copy = s = xstrdup(p)`, `ud = udp =
 * xreallocarray(...)`); the second is a cursor that advances through the
 * block, and the block is freed through the first. Once the cursor moves
 * the block is counted as lost, although `copy` still holds it and is freed.
 * Reported: MEM-leak (line 15). */
#include <stdlib.h>
#include <string.h>

int count_fields(const char *p)
{
	char *copy, *s;
	int n = 0;

	copy = s = strdup(p);
	if (s == NULL)
		return (-1);
	while (*s != '\0') {
		if (*s == ';')
			n++;
		s++;
	}
	free(copy);
	return (n);
}
