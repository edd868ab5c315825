#include <alloca.h>
#include <stdlib.h>
#include <string.h>

/* Memory from alloca lives on the caller's stack and is released when it returns: freeing
 * it is freeing memory that was not allocated on the heap. */

void alloca_freed_bad(size_t n) {
    char *buf = alloca(n + 1);
    memset(buf, 0, n + 1);
    free(buf); // expect: MEM-free-no-alloc
}

void alloca_copy_freed_bad(size_t n) {
    char *buf = alloca(n + 1);
    char *data = buf;
    memset(data, 0, n + 1);
    free(data); // expect: MEM-free-no-alloc
}

void alloca_not_freed_good(size_t n) {
    char *buf = alloca(n + 1);
    memset(buf, 0, n + 1);
}
