// Members of a union share their storage: writing one gives the others a value (type punning),
// also for a typedef of an anonymous union, whose type is spelled by the typedef's name.
#include <stdint.h>

typedef union { double f; uint64_t d; } bits;
union named { float f; uint32_t u; };

uint64_t pun_typedef_ok(double x) {
    bits convert;
    convert.f = x;
    return convert.d >> 3;
}

uint32_t pun_named_ok(float x) {
    union named convert;
    convert.f = x;
    return convert.u;
}

struct pair { double f; uint64_t d; };

uint64_t struct_is_not_union_bad(double x) {
    struct pair p;
    p.f = x;
    return p.d >> 3; // expect: SPC-uninit-struct-field
}
