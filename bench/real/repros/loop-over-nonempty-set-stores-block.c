/* libwebp src/enc/vp8l_enc.c:452 (MEM-leak, GetHuffBitLengthsAndCodes):
 * cause: model (caller precondition) - the block is handed over by the loop that stores
 * it into the caller's array (huffman_codes[0].codes, freed by the caller); the leak path
 * takes `size <= 0`, so that loop never runs. But a histogram set always holds at least
 * one histogram: one caller allocates a set of size 1, the other gets it from
 * VP8LGetHistoImageSymbols, which always keeps the first histogram (the first pixel is a
 * literal) and never removes the last one. With size 0 the calloc(0) block would leak,
 * but size 0 never reaches this static function (here its only caller, in the same unit,
 * sets size = 1, and the finding is still reported).
 * Reported by goanna-rs-s20a: MEM-leak at line 24 (the allocation). */
#include <stdlib.h>

typedef struct { int num_symbols; unsigned short *codes; } Code;
typedef struct { int size; int *histograms[8]; } Set;

static int build_codes(const Set *set, Code *codes) {
  int i;
  size_t total = 0;
  unsigned short *mem_buf, *p;
  for (i = 0; i < set->size; ++i) {
    codes[i].num_symbols = 256;
    total += 256;
  }
  mem_buf = (unsigned short *)calloc(total, sizeof(*mem_buf));
  if (mem_buf == NULL) return 0;
  p = mem_buf;
  for (i = 0; i < set->size; ++i) {
    codes[i].codes = p;
    p += codes[i].num_symbols;
  }
  return 1;
}

int encode_one(int *histo, Code codes[1]) {
  Set set;
  set.size = 1;
  set.histograms[0] = histo;
  if (!build_codes(&set, codes)) return 0;
  free(codes[0].codes);
  return 1;
}
