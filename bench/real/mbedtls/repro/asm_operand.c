/* Mbed TLS library/aesni.c:502 and constant_time_impl.h:244/315 (notes):
 * variables used only as inline-asm operands are read/written by the asm. */
#include <stdint.h>

uint64_t ct_if(uint64_t condition, uint64_t if1, uint64_t if0)
{
    __asm__ volatile ("and  %[condition], %[if1]\n\t"
                      "not  %[condition]\n\t"
                      "and  %[condition], %[if0]\n\t"
                      "or   %[if1], %[if0]\n\t"
                      : [condition] "+&D" (condition), [if1] "+&S" (if1), [if0] "+&a" (if0)
                      :
                      : "cc");
    return if0;
}
