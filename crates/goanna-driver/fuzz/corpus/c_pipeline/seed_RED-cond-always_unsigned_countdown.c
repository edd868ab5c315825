#include <stdint.h>
extern uint16_t next_count(void);
extern void emit(int);

/* `count--` on an unsigned counter: the test reads the old value; when it is 0 the loop ends
 * (and the counter wraps to its maximum, which is not what was tested). */
void drain(void) {
    uint16_t count = next_count();
    while (count--) {
        emit(count);
    }
}

int countdown(void) {
    int i = 10, s = 0;
    while (i-- > 0) {
        s += i;
    }
    return s;
}

/* A post-increment that does decide the test. */
int first_pass(void) {
    int n = 0;
    if (n++ == 0) // expect: RED-cond-always
        return n;
    return -1;
}
