// The size of a variable-length array is read as it is declared: a size never given a value
// is read there.
void use(unsigned char *p, int n);

void unsized(int n) {
    int sz;
    unsigned char buf[sz]; // expect: SPC-uninit-var-all
    use(buf, n);
}
