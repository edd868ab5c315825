/* openssh-portable match.c match_pattern() and kex-names.c
 * kex_assemble_names(): inside a loop, a block is handed to a second variable
 * before the first is reassigned - the two state arrays of an NFA are swapped
 * through `tmp` on every input character, and a list built by
 * kex_names_cat() is moved to `list` before `tmp` is reused for the next
 * concatenation. Both blocks are freed at the end. The reassignment inside
 * the loop is taken as losing the block the other variable still holds.
 * Reported: MEM-leak (lines 29, 30 and 49). */
#include <stdlib.h>
#include <string.h>

char *cat(const char *a, const char *b)
{
	size_t len = strlen(a) + strlen(b) + 2;
	char *r = malloc(len);

	if (r != NULL) {
		strcpy(r, a);
		strcat(r, b);
	}
	return r;
}

int run_nfa(const char *s, size_t m)
{
	char *states, *next, *tmp;
	int matched;

	states = calloc(m + 1, 1);
	next = calloc(m + 1, 1);
	if (states == NULL || next == NULL)
		abort();
	for (; *s; s++) {
		tmp = states;
		states = next;
		next = tmp;
	}
	matched = states[m];
	free(states);
	free(next);
	return matched;
}

char *assemble(const char *def, const char **pats, int n)
{
	char *tmp, *list, *ret = NULL;
	int i;

	if ((tmp = cat(def, ",")) == NULL)
		return NULL;
	list = tmp;
	for (i = 0; i < n; i++) {
		if ((tmp = cat(ret != NULL ? ret : "", pats[i])) == NULL)
			break;
		free(ret);
		ret = tmp;
	}
	free(list);
	return ret;
}
