/* A variable read and written through a pointer that holds its address for the whole
   function. */

int read_through_pointer_to_variable_bad(void) {
    int v;
    int *pv = &v;
    return *pv; // expect: SPC-uninit-var-all
}

int read_through_pointer_to_variable_good(void) {
    int v;
    int *pv = &v;
    v = 3;
    return *pv;
}

int written_through_pointer_to_variable_good(void) {
    int v;
    int *pv = &v;
    *pv = 3;
    return v;
}
