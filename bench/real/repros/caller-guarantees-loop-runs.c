/* brotli c/enc/encode.c:404 (ATH-div-0-float, ShouldUseComplexStaticContextMap):
 * `total` is 0 only if `for (; start_pos + 64 <= end_pos; ...)`, with
 * end_pos = start_pos + length, never runs, i.e. length < 64; but the static function's
 * only caller, DecideOverLiteralContextModeling, returns first when `length < 64`, so
 * the loop runs at least once and adds 62 to total. */
#include <stddef.h>
static int should_use_complex(const unsigned char *in, size_t start_pos, size_t length)
{
  const size_t end_pos = start_pos + length;
  unsigned total = 0;
  unsigned long sum = 0;
  double inv;
  for (; start_pos + 64 <= end_pos; start_pos += 4096) {
    size_t pos;
    for (pos = start_pos + 2; pos < start_pos + 64; ++pos) {
      ++total;
      sum += in[pos] >> 3;
    }
  }
  inv = 1.0 / (double)total;
  return (double)sum * inv > 3.0;
}

int decide(const unsigned char *in, size_t start_pos, size_t length, int quality)
{
  if (quality < 5 || length < 64)
    return 0;
  return should_use_complex(in, start_pos, length);
}
