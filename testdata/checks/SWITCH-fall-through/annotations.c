// args: -std=c2x
// The fall-through annotations in use: C23 `[[fallthrough]]`, GNU
// `__attribute__((fallthrough))`, a project macro for either (`FALLTHROUGH;`, the Linux
// kernel's `fallthrough;`) and the comments GCC's -Wimplicit-fallthrough accepts.
#define FALLTHROUGH __attribute__((__fallthrough__))
#define fallthrough __attribute__((__fallthrough__))

int c23(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        [[fallthrough]];
    case 2:
        r += 2;
        break;
    default:
        break;
    }
    return r;
}

int macros(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        FALLTHROUGH;
    case 2:
        r += 2;
        fallthrough;
    case 3:
        r += 3;
        break;
    default:
        break;
    }
    return r;
}

int comments(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        /* FALLTHRU */
    case 2:
        r += 2;
        // Falls through.
    case 3:
        r += 3;
        break;
    default:
        break;
    }
    return r;
}

/* Bad twin: a comment that says something else. */
int other_comment_bad(int k) {
    int r = 0;
    switch (k) {
    case 1:
        r = 1;
        /* one more */
    case 2: // expect: SWITCH-fall-through
        r += 2;
        break;
    default:
        break;
    }
    return r;
}
