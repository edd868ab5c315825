/* nginx src/core/ngx_cpuinfo.c ngx_cpuid() (amd64): the parameter is an
 * input operand of an inline assembly statement ("a" (i)); the asm reads it.
 * Reported: RED-unused-val (line 14). */
#include <stdint.h>

static inline void cpuid(uint32_t i, uint32_t *buf)
{
    uint32_t eax, ebx, ecx, edx;

    __asm__ (

        "cpuid"

    : "=a" (eax), "=b" (ebx), "=c" (ecx), "=d" (edx) : "a" (i) );

    buf[0] = eax;
    buf[1] = ebx;
    buf[2] = edx;
    buf[3] = ecx;
}

uint32_t cpu_family(void)
{
    uint32_t cpu[4];
    cpuid(1, cpu);
    return (cpu[0] & 0xf00) >> 8;
}
