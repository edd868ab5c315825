#include <stddef.h>

extern int *shared_counter;
extern int counting_enabled;
void bump_shared(void);
void count_into(int *counter);

void shared_counter_missing_bad(void) {
    int *counter = NULL;
    shared_counter = counter;
    bump_shared(); // expect: PTR-null-assign
}

void shared_counter_present_good(void) {
    static int total;
    int *counter = &total;
    shared_counter = counter;
    bump_shared();
}

void counted_without_counter_bad(void) {
    int *counter = NULL;
    counting_enabled = 1;
    count_into(counter); // expect: PTR-null-assign
}

void not_counted_good(void) {
    int *counter = NULL;
    counting_enabled = 0;
    count_into(counter);
}
