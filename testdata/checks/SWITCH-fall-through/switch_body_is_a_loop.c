// A switch whose body is a loop (`switch (c->sequence) while (1) { case A: ... }`, xz's
// resumable LZMA decoder) jumps once to where the previous call stopped; its labels are
// resume points, nested in the loop's code, and running on into the next is the design. A
// switch with a block body still reports a missing break.
enum seq { SEQ_IS_MATCH, SEQ_LITERAL, SEQ_COPY };

struct coder {
    enum seq sequence;
    unsigned len;
};

int get_bit(unsigned *symbol);
int put(unsigned symbol);

int decode_ok(struct coder *c) {
    unsigned symbol = 1;

    switch (c->sequence) /* resume where the last call stopped */
    while (1) {
    case SEQ_IS_MATCH:
        if (!get_bit(&symbol)) {
            c->sequence = SEQ_IS_MATCH;
            goto out;
        }
        if (symbol == 0) {
            symbol = 1;
    case SEQ_LITERAL:
            do {
                if (!get_bit(&symbol)) {
                    c->sequence = SEQ_LITERAL;
                    goto out;
                }
            } while (symbol < 256);
            continue;
        }
        c->len = symbol;
    case SEQ_COPY:
        if (!put(c->len)) {
            c->sequence = SEQ_COPY;
            goto out;
        }
    }
out:
    return 0;
}

int classify(int kind) {
    int r = 0;
    switch (kind) {
    case 0:
        r = 1;
    case 1: // expect: SWITCH-fall-through
        r += 2;
        break;
    default:
        r = -1;
    }
    return r;
}
