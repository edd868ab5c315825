/* quickjs (bellard/quickjs) quickjs.c:47874 js_regexp_exec() and :48096
 * js_regexp_replace(): capture = NULL; it is allocated only
 * `if (alloc_count > 0)`, alloc_count = lre_get_alloc_count(bytecode) =
 * capture_count * 2 + register_count read from the compiled regexp's header.
 * lre_compile always sets capture_count >= 1 (s->capture_count = 1 for the
 * implicit group 0, libregexp.c:2542), so alloc_count >= 2 and capture is
 * allocated (or the function fails) before lre_exec returns 1 and capture[0]/
 * capture[1] are read. The NULL path needs an alloc_count of 0 that no
 * compiled regexp has.
 * Cause: callee-conditions (the header value the bytecode producer guarantees;
 * the analyser cannot see it, so this needs knowledge outside the function).
 * Reported: PTR-null-assign (line 37). */
#include <stdlib.h>
#include <stdint.h>

int lre_exec(uint8_t **capture, const uint8_t *bc, const uint8_t *str, int len);

int get_alloc_count(const uint8_t *bc)
{
    return bc[2] * 2 + bc[3];
}

long regexp_exec(const uint8_t *bc, const uint8_t *str, int len)
{
    uint8_t **capture = NULL;
    int alloc_count, rc;
    long ret = -1;

    alloc_count = get_alloc_count(bc);
    if (alloc_count > 0) {
        capture = malloc(sizeof(capture[0]) * alloc_count);
        if (!capture)
            return -1;
    }
    rc = lre_exec(capture, bc, str, len);
    if (rc == 1)
        ret = capture[1] - str;
    free(capture);
    return ret;
}
