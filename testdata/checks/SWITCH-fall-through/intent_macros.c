// Fall-through marked as intended by a macro whose name says so (leveldb's
// FALLTHROUGH_INTENDED, Abseil's ABSL_FALLTHROUGH_INTENDED, Qt's Q_FALLTHROUGH()), whatever it
// expands to; another macro says nothing.
void step(int);
#define FALLTHROUGH_INTENDED do { } while (0)
#define Q_FALLTHROUGH() (void)0
#define STEP(k) step(k)

unsigned tail(const unsigned char *d, int n, unsigned h) {
    switch (n) {
    case 3:
        h += d[2] << 16;
        FALLTHROUGH_INTENDED;
    case 2:
        h += d[1] << 8;
        Q_FALLTHROUGH();
    case 1:
        h += d[0];
        break;
    default:
        break;
    }
    return h;
}

int unmarked(int n) {
    int r = 0;
    switch (n) {
    case 1:
        r = 1;
        STEP(r);
    case 2: // expect: SWITCH-fall-through
        r += 2;
        break;
    default:
        break;
    }
    return r;
}
