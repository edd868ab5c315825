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
