/* A function whose body holds conditional compilation, or whose whole definition one branch
 * of a conditional group chooses (libevent's evutil_secure_rng_init under
 * `#ifdef EVENT__HAVE_ARC4RANDOM ... #else ... #endif`), computes what this build's
 * configuration makes it: its constant result or the value it leaves in a global may differ
 * in another build, so conditions decided by them are not reported (the paths they rule out
 * are still ruled out for the other checks). */

static unsigned is_little_endian(void) {
#if defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    return 1;
#else
    return 0;
#endif
}

static int answer(void) {
    return 42;
}

int read16_ok(const unsigned char *p) {
    if (is_little_endian())
        return p[0] | p[1] << 8;
    return p[1] | p[0] << 8;
}

int compile_pattern(const char *re) {
#ifdef HAVE_PCRE
    return pcre_compile_ok(re);
#else
    (void)re;
    return 1;
#endif
}

int configure_ok(const char *re) {
    if (!compile_pattern(re))
        return -1;
    return 0;
}

#ifndef HAVE_ARC4RANDOM
static int rng_init(void) {
    return 0;
}
#else
int stir(void);
static int rng_init(void) {
    return stir() ? -1 : 0;
}
#endif

#ifndef UNUSED_GUARD
static int plain_init(void) {
    return 0;
}
#endif

int seeded_ok(void) {
    if (rng_init() < 0)
        return -1;
    return 0;
}

int plain_bad(void) {
    if (plain_init() < 0) // expect: RED-cond-never
        return -1;
    return 0;
}

int threads;

void detect_threads(void) {
#ifdef _REENTRANT
    threads = 4;
#else
    threads = 1;
#endif
}

int workers_ok(void) {
    detect_threads();
    if (threads == 1)
        return 0;
    return threads;
}

int constant_answer_bad(int x) {
    if (answer() == 42) // expect: RED-cond-always
        return x;
    return -x;
}
