// A stretchy buffer's count macro gives 0 for a buffer never allocated (janet's
// `janet_v_count(v)`: `((v) != NULL ? janet_v__cnt(v) : 0)`): a loop bounded by it never reads
// a NULL buffer. A bound that does not depend on the buffer does not protect it.
#include <stddef.h>
#include <stdint.h>

#define v_cnt(v) (((int32_t *)(v))[-1])
#define v_count(v) (((v) != NULL) ? v_cnt(v) : 0)

int32_t *v_grow_one(int32_t *v, int32_t x);
void emit(int32_t label);

void compreduce(int32_t len) {
    int32_t *labels = NULL;
    for (int32_t i = 1; i < len; i++) {
        if (i != len - 1)
            labels = v_grow_one(labels, i);
    }
    for (int32_t i = 0; i < v_count(labels); i++)
        emit(labels[i]);
}

void compreduce_bad(int32_t len) {
    int32_t *labels = NULL;
    for (int32_t i = 1; i < len; i++) {
        if (i != len - 1)
            labels = v_grow_one(labels, i);
    }
    for (int32_t i = 0; i < len - 1; i++)
        emit(labels[i]); // expect: PTR-null-assign
}
