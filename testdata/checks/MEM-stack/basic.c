#include <stdio.h>
#include <string.h>

struct point {
    int x;
    int y;
};

int *address_of_local_bad(void) {
    int value = 42;
    return &value; // expect: MEM-stack
}

char *local_array_bad(const char *s) {
    char copy[32];
    strncpy(copy, s, sizeof copy - 1);
    copy[31] = 0;
    return copy; // expect: MEM-stack
}

int *field_of_local_bad(int a) {
    struct point p;
    p.x = a;
    p.y = a;
    return &p.y; // expect: MEM-stack
}

int *address_of_param_bad(int n) {
    return &n; // expect: MEM-stack
}

static int counter;

int *address_of_static_ok(void) {
    static int calls;
    calls++;
    return &calls;
}

int *address_of_global_ok(void) {
    return &counter;
}

size_t length_of_local_ok(const char *s) {
    char copy[32];
    strncpy(copy, s, sizeof copy - 1);
    copy[31] = 0;
    return strlen(copy);
}

static int sum(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int passes_local_address_ok(void) {
    int v[3] = {1, 2, 3};
    return sum(v, 3);
}

int *element_of_param_pointer_ok(int *base, int i) {
    return &base[i];
}
