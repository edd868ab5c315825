/* flac src/libFLAC/lpc.c:161-171 FLAC__lpc_compute_autocorrelation, which
 * #includes deduplication/lpc_compute_autocorrelation_intrin.c (a block body
 * starting with `int i, j;`) in three branches with MAX_LAG 8, 12, 16.
 * RED-unused-var (note) on `i` and `j` at line 1 of the included file.
 * Cause: model. Each of the three copies declares and uses its own i and j;
 * the copies share one source location, and the declarations are apparently
 * matched to their uses by location, so one copy is taken as never used.
 * The same code written out three times (no #include) reports nothing.
 * This file includes itself (by name) to stay self-contained.
 * Reported: RED-unused-var on i and j at line 12. */
#ifdef BODY
	int i, j;
	for (i = 0; i < MAX_LAG; i++)
		for (j = 0; j <= i; j++)
			out[j] += (double)i * j;
#else
void autoc(unsigned lag, double out[])
{
	if (lag > 16) {
		out[0] = 0;
	}
	else if (lag <= 8) {
#define BODY
#define MAX_LAG 8
#include "same-block-included-three-times.c"
	}
	else if (lag <= 12) {
#undef MAX_LAG
#define MAX_LAG 12
#include "same-block-included-three-times.c"
	}
	else {
#undef MAX_LAG
#define MAX_LAG 16
#include "same-block-included-three-times.c"
	}
}
#endif
