/* xz src/liblzma/lzma/lzma_decoder.c:471 (RED-unused-val, note; lzma_decode): `symbol = 1;`
 * before `do { rc_bit_add_if_1(probs, rep0, offset); ... } while (--limit > 0);`, where
 * on x86-64 with GCC/Clang (LZMA_RANGE_DECODER_CONFIG 0x1F0, range_decoder.h:781)
 * rc_bit_add_if_1 is inline asm with the operand `[symbol] "+&r"(symbol)`.
 * Cause: model - a read-write ("+") asm operand is taken as a write only (the CFG dump
 * shows def_symbol and no use_symbol at the asm statement); "+" means the asm reads the
 * old value too (here it indexes probs with it).
 * Why false: the value 1 is read by the first asm statement.
 * Reported by goanna-rs-s20d (--enable style): RED-unused-val at line 17 (line 16, a
 * really dead store, is reported too and is correct). */
#include <stdint.h>

uint32_t bits(const uint16_t *probs, uint32_t dest, int limit)
{
	uint32_t symbol;
	symbol = 7;
	symbol = 1;
	do {
		__asm__("movzwl (%[p], %q[symbol], 2), %k[dest]\n\t"
			"add %[symbol], %[symbol]"
			: [symbol] "+&r"(symbol), [dest] "+&r"(dest)
			: [p] "r"(probs)
			: "cc", "memory");
	} while (--limit > 0);
	return dest;
}
