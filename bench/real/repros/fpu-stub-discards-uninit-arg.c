/* From vorbis (xiph/vorbis) lib/vorbisfile.c:2017, 2036, 2052, 2067, 2081, ov_read_filter,
 * SPC-uninit-var-all on `vorbis_fpu_restore(fpu)`.
 * Cause: model. lib/os.h picks a per-target implementation of the FPU rounding pair. On
 * x86-64 (SSE2 math) both are inline stubs that discard their argument: setround(&fpu) does
 * `(void)fpu;` and restore(fpu) does `(void)fpu;`. The variable's address is taken, so copying
 * its indeterminate value is not undefined, and the copy is never looked at: nothing is
 * computed from it. On the i386 x87 build, where restore uses the value, setround writes
 * *fpu first. The model reports passing the unset value by value as a use. */
typedef short vorbis_fpu_control;

static inline void vorbis_fpu_setround(vorbis_fpu_control *fpu) { (void)fpu; }
static inline void vorbis_fpu_restore(vorbis_fpu_control fpu) { (void)fpu; }

static inline int vorbis_ftoi(double f) { return (int)(f + .5); }

int convert(const float *pcm, signed char *out, int samples) {
  vorbis_fpu_control fpu;
  int j;
  vorbis_fpu_setround(&fpu);
  for (j = 0; j < samples; j++) {
    int val = vorbis_ftoi(pcm[j] * 128.f);
    if (val > 127) val = 127;
    else if (val < -128) val = -128;
    out[j] = (signed char)val;
  }
  vorbis_fpu_restore(fpu);
  return samples;
}
