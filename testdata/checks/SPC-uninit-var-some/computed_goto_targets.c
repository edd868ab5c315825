// A direct-threaded interpreter (oniguruma's match_at: `goto *p->opaddr`, the opcode addresses
// taken with `&&L_op` in a table). A computed goto reaches only the labels whose address the
// function takes: a plain label inside an opcode's code (`common:`) is entered only by the
// `goto common` of opcodes that set the variable first. A variable left unset on the way to
// an addressed label is still reported.
struct op {
    void *addr;
    int arg;
};

int use(int);

int run(struct op *p) {
    int n;
    static void *labels[] = {&&L_A, &&L_B, &&L_END};
    (void)labels;
    goto *p->addr;
L_A:
    n = 1;
    goto common;
L_B:
    n = 0;
common:
    if (use(n) < 0)
        return -1;
    p++;
    goto *p->addr;
L_END:
    return 0;
}

int run_unset(struct op *p) {
    int n;
    static void *labels[] = {&&L_SET, &&L_USE, &&L_END};
    (void)labels;
    goto *p->addr;
L_SET:
    n = p->arg;
    p++;
    goto *p->addr;
L_USE:
    if (use(n) < 0) // expect: SPC-uninit-var-some
        return -1;
    p++;
    goto *p->addr;
L_END:
    return 0;
}
