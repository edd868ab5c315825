/* oniguruma src/regcomp.c:8151 (onig_detect_can_be_slow_pattern ->
 * detect_can_be_slow), SPC-uninit-arr-all (error), at commit
 * f95747b462de672b6f8dbdeb478245ddf061ca53 of kkos/oniguruma.
 * Cause: callee-conditions. The recursive callee reads calls[i] only for
 * i < ncall; the caller passes ncall == 0, and the callee writes
 * calls[ncall] before every recursive call with ncall + 1, so only written
 * elements are ever read (the same shape as civetweb's read_message, see
 * callee-reads-below-zero-length.c). The callee's guarded loop read is taken
 * as a read of the fresh array at the first call.
 * Reported (s21a): SPC-uninit-arr-all on `calls` at `calls[i]` in detect. */
#define MAX_CALLS 20
struct node { int type; int gnum; struct node *body; struct node *next; };

static int detect(struct node *node, int *count, int ncall, int *calls)
{
	int r = 0;
	switch (node->type) {
	case 0:
		for (; node != 0 && r == 0; node = node->next)
			r = detect(node->body, count, ncall, calls);
		break;
	case 1: {
		int i, found = 0;
		(*count)++;
		for (i = 0; i < ncall; i++) {
			if (node->gnum == calls[i]) {
				found = 1;
				break;
			}
		}
		if (!found && ncall + 1 < MAX_CALLS) {
			calls[ncall] = node->gnum;
			r = detect(node->body, count, ncall + 1, calls);
		}
		break;
	}
	default:
		break;
	}
	return r;
}

int detect_slow(struct node *root)
{
	int count = 0;
	int calls[MAX_CALLS];
	int r = detect(root, &count, 0, calls);
	return r == 0 ? count : r;
}
