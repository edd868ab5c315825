// NULL reaches a dereference through a global (issue 12, route 5): carried by the global, or
// selected by a global flag the callee tests.
#include <stddef.h>

static int *active_counter;

static void bump_active(void) {
    int *counter = active_counter;
    *counter += 1;
}

static void bump_active_checked(void) {
    int *counter = active_counter;
    if (counter)
        *counter += 1;
}

void no_counter_bumped_bad(void) {
    int *counter = NULL;
    active_counter = counter;
    bump_active(); // expect: PTR-null-assign
}

void no_counter_checked_good(void) {
    int *counter = NULL;
    active_counter = counter;
    bump_active_checked();
}

void real_counter_bumped_good(void) {
    static int hits;
    int *counter = &hits;
    active_counter = counter;
    bump_active();
}

static int count_events;

static void record_event(int *counter) {
    if (count_events)
        *counter += 1;
}

void events_counted_without_counter_bad(void) {
    int *counter = NULL;
    count_events = 1;
    record_event(counter); // expect: PTR-null-assign
}

void events_not_counted_good(void) {
    int *counter = NULL;
    count_events = 0;
    record_event(counter);
}
