// A case label that is the statement of an `if`: the previous case enters it only when the
// `if` says so, on purpose (lz4's LZ4F_decompress: `if (dStage == X) case X: { ... }`).
#include <string.h>

enum stage { GET_HEADER, STORE_HEADER, DONE };
struct dctx { enum stage st; unsigned char tmp[4]; size_t tmp_size; };

size_t step(struct dctx *d, const unsigned char *src, size_t n) {
    const unsigned char *in = NULL;
    switch (d->st) {
    case GET_HEADER:
        if (n >= 4) {
            in = src;
        } else {
            d->tmp_size = 0;
            d->st = STORE_HEADER;
        }
        if (d->st == STORE_HEADER) /* can be skipped */
    case STORE_HEADER:
        {
            size_t want = 4 - d->tmp_size;
            size_t cp = want < n ? want : n;
            memcpy(d->tmp + d->tmp_size, src, cp);
            d->tmp_size += cp;
            if (d->tmp_size < 4)
                return 4 - d->tmp_size;
            in = d->tmp;
        }
        d->st = DONE;
        return in[0];
    case DONE:
        break;
    }
    return 0;
}

// A statement under an `if` before the label still falls into it, taken or not.
int skipped_break(int kind, int flag) {
    int n = 0;
    switch (kind) {
    case 0:
        if (flag)
            n++;
    case 1: // expect: SWITCH-fall-through
        n += 2;
        break;
    default:
        n = -1;
        break;
    }
    return n;
}
