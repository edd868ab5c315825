// A row of a multi-dimensional array (`rows[i]` of `char rows[4][8]`) decays to its address:
// storing it or passing it as an output buffer reads no element.
#include <stddef.h>

const char *fmt_size(long v, char *buf, size_t len);
struct msg { char *control; size_t controllen; };
int receive(struct msg *msgs, unsigned n);

void meter_ok(long total, long done, const char **a, const char **b) {
    char out[2][7];
    *a = fmt_size(total, out[0], sizeof(out[0]));
    *b = fmt_size(done, out[1], sizeof(out[1]));
}

int batch_ok(struct msg *msgs, unsigned n) {
    char control[20][64];
    if (n > 20)
        n = 20;
    for (unsigned k = 0; k < n; k++) {
        msgs[k].control = control[k];
        msgs[k].controllen = sizeof(control[k]);
    }
    return receive(msgs, n);
}

/* Reading an element of a row is a read. */
int first_byte_bad(void) {
    char rows[4][8];
    return rows[1][0]; // expect: SPC-uninit-arr-all
}
