/* libcbor src/cbor.c:395 and :423, cbor_copy_definite(), RED-unused-var (note)
 * "`item_pushed` is never used": the variable is declared __attribute__((__unused__))
 * (_CBOR_UNUSED) precisely because its only read is CBOR_ASSERT(item_pushed), which is empty
 * unless DEBUG is defined (the Debug build type); the attribute says the author knows. */
#include <stdbool.h>
#include <stddef.h>
#ifdef DEBUG
#include <assert.h>
#define MY_ASSERT(e) assert(e)
#else
#define MY_ASSERT(e)
#endif
struct item { size_t n, cap; int *v; };
bool item_push(struct item *it, int x);

void copy(struct item *dst, const struct item *src)
{
	for (size_t i = 0; i < src->n; i++) {
		/* cannot fail: dst was preallocated */
		const bool pushed __attribute__((__unused__)) = item_push(dst, src->v[i]);
		MY_ASSERT(pushed);
	}
}
