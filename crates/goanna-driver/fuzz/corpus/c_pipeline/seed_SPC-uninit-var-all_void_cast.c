// `(void) x;` marks a variable deliberately unused (kept for configurations that compile the
// code using it out): it reads nothing.
#include <stddef.h>

int silenced_ok(int ret) {
    size_t output_len;
    ((void) ret);
    ((void) output_len);
    return 0;
}

int silenced_then_read_bad(void) {
    size_t output_len;
    (void) output_len;
    return (int) output_len; // expect: SPC-uninit-var-all
}
