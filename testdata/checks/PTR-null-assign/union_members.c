/* A NULL written through one member of a union and dereferenced through another of the same
   type. */

union view {
    int *first;
    int *second;
};

int null_through_other_member_bad(void) {
    union view v;
    v.first = 0;
    {
        int *q = v.second;
        return *q; // expect: PTR-null-assign
    }
}

int address_through_other_member_good(void) {
    int x = 1;
    union view v;
    v.first = &x;
    {
        int *q = v.second;
        return *q;
    }
}
