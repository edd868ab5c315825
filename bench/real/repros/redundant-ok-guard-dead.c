/* flac src/libFLAC/stream_encoder.c:2862-2892 resize_buffers_, the chain
 * `ok = ok && alloc(...)` inside `if (ok && ...)` / `for (...; ok && ...; )`.
 * RED-dead (note) "this code is unreachable" on the `ok && alloc(...)`
 * expression.
 * Cause: model. Inside a block entered only when ok holds, the left operand of
 * `ok && alloc()` is always true, so only the short circuit's false outcome is
 * dead; the expression itself runs and calls alloc(). The report points at the
 * whole expression. (A RED-cond-always on the `ok` operand would be the
 * accurate style remark.)
 * Reported: RED-dead at line 25 (and RED-cond-always there). */
#include <stdlib.h>

struct enc { float *w; int *sig; unsigned n; int lpc; };

static int alloc_ints(unsigned n, int **p)
{
	*p = malloc(n * sizeof **p);
	return *p != NULL;
}

int resize(struct enc *e, int ok)
{
	ok = ok && alloc_ints(e->n + 4, &e->sig);
	if (ok && e->lpc > 0) {
		ok = ok && (e->w = malloc(e->n * sizeof *e->w)) != NULL;
	}
	return ok;
}
