/* Inline assembly reads its input operands and writes its outputs (nginx's ngx_cpuid passes
 * its parameter to `cpuid` as the input "a" (i)). */
#include <stdint.h>

void cpuid(uint32_t i, uint32_t *buf)
{
    uint32_t eax, ebx, ecx, edx;

    i = i & 0x7fffffff;
    __asm__("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(i));
    buf[0] = eax;
    buf[1] = ebx;
    buf[2] = edx;
    buf[3] = ecx;
}

/* An input computed from the value: read too. */
void store_next(int *p, int v)
{
    v = v * 2;
    __asm__ volatile("movl %1, %0" : "=m"(*p) : "r"(v + 1));
}

/* A value overwritten by an output before anything reads it. */
int overwritten(void)
{
    int x;
    x = 5; // expect: RED-unused-val
    __asm__("movl $1, %0" : "=r"(x));
    return x;
}

/* A register an instruction writes that the code does not need: the output operand only
 * names it (flac's `"=d"(hi)` of xgetbv, libsodium's scratch `"=&r"` operands). */
unsigned low_word_of_xcr0(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned lo, hi;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return lo;
#else
    return 0;
#endif
}

unsigned long scratch_registers(unsigned long a)
{
    unsigned long t0, t1;
    __asm__("mov %2, %0\n\tmov %0, %1" : "=&r"(t0), "=&r"(t1) : "r"(a));
    return a;
}
