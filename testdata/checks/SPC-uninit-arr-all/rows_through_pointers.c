// A row reached through a pointer to arrays (`p[i]` of `gf *p`, a parameter declared
// `gf p[4]`; `*p`) has array type and decays to its address: passing it reads nothing
// (dropbear's curve25519 `set(p[0], one)`).
typedef long long gf[16];

static void set(gf r, const gf a) {
    int i;
    for (i = 0; i < 16; i++)
        r[i] = a[i];
}

static const gf one = {1};

static void init(gf p[4]) {
    set(p[0], one);
    set(p[1], one);
    set(*(p + 2), one);
    set(p[3], one);
}

long long points_ok(void) {
    gf p[4];
    init(p);
    return p[0][0] + p[3][15];
}

static void first_row(gf *p) {
    set(*p, one);
}

long long first_row_ok(void) {
    gf p[2];
    first_row(p);
    return p[0][1];
}

/* Bad twin: an element of a row is read through the pointer before anything is written. */
static long long corner(gf p[4]) {
    return p[1][2]; // expect: SPC-uninit-arr-all
}

long long corner_bad(void) {
    gf p[4];
    return corner(p);
}
