/* A converter is handed the address of a cursor into a local buffer and the buffer's end
 * (expat's toAscii: `XmlUtf8Convert(enc, &ptr, end, &p, p + 1)` through `enc->utf8Convert`,
 * a function pointer): it writes through the cursor and moves it. The end, passed as a pointer
 * to const, is not known to be read before the converter writes: the call may write the
 * buffer through `&p`. A buffer handed only to a reader is read before any write. */
struct encoding;
typedef void (*convert_fn)(const struct encoding *enc, const char **from, const char *from_end, char **to,
                           const char *to_end);

struct encoding {
    convert_fn utf8_convert;
};

int to_ascii(const struct encoding *enc, const char *ptr, const char *end) {
    char buf[1];
    char *p = buf;
    enc->utf8_convert(enc, &ptr, end, &p, p + 1);
    if (p == buf)
        return -1;
    return buf[0];
}

void show(const char *s);

void show_unfilled(void) {
    char buf[8];
    char *p = buf;
    show(p); // expect: SPC-uninit-arr-all
}
