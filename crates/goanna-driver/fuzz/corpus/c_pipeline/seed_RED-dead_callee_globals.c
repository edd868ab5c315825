/* Code behind branches ruled out by what a called function leaves in a global. */
int verbose;
int tracing;

int next_byte(void);
void emit(int c);

void quiet(void) {
    verbose = 0;
}

int copy_quietly_bad(void) {
    int n = 0;
    quiet();
    if (verbose) // expect: RED-cond-never
        emit(n); // expect: RED-dead
    while (next_byte() > 0)
        n++;
    return n;
}

/* Negative: a later function may restore the flag. */
void loud(int on) {
    if (on)
        tracing = 1;
}

void quiet_tracing(void) {
    tracing = 0;
}

int copy_restored_ok(int on) {
    quiet_tracing();
    loud(on);
    if (tracing)
        emit(1);
    return 0;
}
