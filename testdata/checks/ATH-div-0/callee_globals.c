/* Divisors that a called function leaves in a global (a variable or a field of a global
 * structure), and the many ways such a fact is lost. Where the zero is lost only to what *may*
 * happen (a write through a pointer, a volatile, an unknown or indirect call, recursion), the
 * divisor is no longer zero on every path (no ATH-div-0) but may still be zero
 * (ATH-div-0-assign: a zero stored by the callee reaches the division). */
struct meter {
    int scale;
    int divisor;
    unsigned char narrow;
};

struct meter gauge;
struct meter spare;
int quota;
int partial;
int leaked;
int *leak_site;
volatile int port_value;
int depth;
int hooked;
int (*refresh_hook)(void);
int outside;
int later;

void external_refill(void);
int read_sensor(void);

void zero_gauge(void) {
    gauge.divisor = 0;
    gauge.scale = 4;
    gauge.narrow = 256 + 3;
}

int gauge_ratio_bad(int amount) {
    zero_gauge();
    return amount / gauge.divisor; // expect: ATH-div-0
}

int gauge_scale_ok(int amount) {
    zero_gauge();
    return amount / gauge.scale;
}

int gauge_narrow_ok(int amount) {
    zero_gauge();
    return amount / gauge.narrow; /* 259 stored in a byte is 3 */
}

void clear_quota(void) {
    quota = 0;
}

void clear_quota_twice_removed(void) {
    clear_quota();
}

int per_quota_bad(int total) {
    clear_quota_twice_removed();
    int left = quota;
    return total % left; // expect: ATH-div-0
}

void set_quota(int v) {
    quota = v;
}

int reassigned_after_ok(int total) {
    clear_quota();
    set_quota(7);
    return total / quota;
}

/* Negatives. */

void clear_sometimes(int flag) {
    if (flag)
        partial = 0;
}

int some_paths_only_ok(int total, int flag) {
    clear_sometimes(flag);
    return total / partial;
}

void clear_leaked(void) {
    leaked = 0;
}

void publish_leaked(void) {
    leak_site = &leaked;
}

int address_taken_ok(int total) {
    clear_leaked();
    *leak_site = 5;
    return total / leaked; // expect: ATH-div-0-assign
}

void clear_port(void) {
    port_value = 0;
}

int volatile_ok(int total) {
    clear_port();
    return total / port_value; // expect: ATH-div-0-assign
}

void descend(int n) {
    depth = 0;
    if (n > 0) {
        descend(n - 1);
        depth = depth + 1;
    }
}

int recursion_ok(int total, int n) {
    descend(n);
    return total / depth; // expect: ATH-div-0-assign
}

int bump_hooked(void) {
    hooked = 3;
    return hooked;
}

void clear_hooked(void) {
    hooked = 0;
    refresh_hook = bump_hooked;
}

int pointer_call_ok(int total) {
    clear_hooked();
    refresh_hook();
    return total / hooked; // expect: ATH-div-0-assign
}

void clear_outside(void) {
    outside = 0;
}

int unknown_call_ok(int total) {
    clear_outside();
    external_refill();
    return total / outside; // expect: ATH-div-0-assign
}

void clear_spare(void) {
    spare.divisor = 0;
}

int whole_struct_copy_ok(int total) {
    clear_spare();
    spare = gauge;
    return total / spare.divisor;
}

void clear_later(void) {
    later = 0;
}

int written_after_ok(int total) {
    clear_later();
    later = read_sensor();
    return total / later;
}
