/* brotli c/dec/bit_reader.c:49 (RED-cond-never) and :50 (RED-dead),
 * BrotliWarmupBitReader: the alignment mask is set to 0 when
 * BROTLI_UNALIGNED_READ_FAST, which platform.h defines as (!!1) on x86, x64, ARMv7/8,
 * RISC-V 64, LoongArch64 and as (!!0) elsewhere; the alignment loop is dead only on
 * the build target, so the maintainers cannot remove it. */
#include <stddef.h>
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
#define UNALIGNED_READ_FAST (!!1)
#else
#define UNALIGNED_READ_FAST (!!0)
#endif
typedef struct { const unsigned char *next_in; size_t avail_in; unsigned long val; } Reader;

static int PullByte(Reader *br) {
  if (br->avail_in == 0) return 0;
  br->val = (br->val >> 8) | ((unsigned long)*br->next_in << 56);
  br->avail_in--; br->next_in++;
  return 1;
}

int Warmup(Reader *br) {
  size_t aligned_read_mask = (sizeof(br->val) >> 1) - 1;
  if (UNALIGNED_READ_FAST) {
    aligned_read_mask = 0;
  }
  while ((((size_t)br->next_in) & aligned_read_mask) != 0) {
    if (!PullByte(br)) return 1;
  }
  return 1;
}
