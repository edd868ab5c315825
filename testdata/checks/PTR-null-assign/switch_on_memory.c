// A `switch` on a value in memory (`switch (*code)`) and earlier tests of the same value agree
// when nothing writes it in between (pcre2's matcher: `P = NULL` only for the opcodes the
// switch handles without using it).
#include <stddef.h>

struct frame { int *eptr; };
int use(int *p);

int by_opcode(const unsigned char *code, struct frame *fr) {
    struct frame *P;
    if (*code != 1 && *code != 2)
        P = fr;
    else
        P = NULL;
    switch (*code) {
    case 1:
        return 0;
    case 7:
        return use(P->eptr);
    default:
        break;
    }
    return 0;
}

int by_opcode_bad(const unsigned char *code, struct frame *fr) {
    struct frame *P;
    if (*code != 1 && *code != 2)
        P = fr;
    else
        P = NULL;
    switch (*code) {
    case 2:
        return use(P->eptr); // expect: PTR-null-assign
    default:
        break;
    }
    return 0;
}
