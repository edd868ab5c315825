// A value handed to a parameter the callee never reads is not read when the variable's
// address is taken (its unset value is then no undefined behaviour, and nothing looks at the
// copy): vorbis's FPU rounding pair is a pair of stubs on targets with SSE math (`static
// inline void vorbis_fpu_restore(vorbis_fpu_control fpu) { (void)fpu; }`), and the control
// word the setter (given `&fpu`) would have filled in is passed back unset. A callee that uses
// the value reads it; so does any other use beside the call; and evaluating a variable whose
// address is never taken while it is unset is undefined behaviour whoever gets the copy
// (ITC's uninit_pointer_004).
typedef short fpu_control;

static inline void fpu_setround(fpu_control *fpu) { (void)fpu; }
static inline void fpu_restore(fpu_control fpu) { (void)fpu; }
static void fpu_restore_real(fpu_control fpu, int *out) { *out = fpu; }
static void ignore_both(int a, int b) { (void)a; (void)b; }

int convert(const float *pcm, signed char *out, int samples) {
    fpu_control fpu;
    int j;
    fpu_setround(&fpu);
    for (j = 0; j < samples; j++)
        out[j] = (signed char)(pcm[j] * 127.f);
    fpu_restore(fpu);
    return samples;
}

int convert_and_keep(int samples) {
    fpu_control fpu;
    int kept;
    fpu_restore_real(fpu, &kept); // expect: SPC-uninit-var-all
    return samples + kept;
}

int pass_on_twice(void) {
    int unset;
    fpu_control fpu;
    fpu_setround(&fpu);
    ignore_both(fpu, fpu);
    ignore_both(unset, 0); // expect: SPC-uninit-var-all
    return 0;
}

int pass_and_compute(void) {
    int unset;
    fpu_setround((fpu_control *)&unset);
    ignore_both(unset, unset + 1); // expect: SPC-uninit-var-all
    return 0;
}
