/* expat lib/xmltok.c toAscii(): a one-byte local buffer is filled through
 * `&p` by a conversion function called through a member of a struct of
 * function pointers; the buffer is read only when the call advanced p.
 * Reported: SPC-uninit-arr-all (line 16). */
struct encoding {
    int (*utf8_convert)(const struct encoding *enc, const char **fromP,
                        const char *fromLim, char **toP, const char *toLim);
};

#define XmlUtf8Convert(enc, fromP, fromLim, toP, toLim) \
    (((enc)->utf8_convert)(enc, fromP, fromLim, toP, toLim))

int to_ascii(const struct encoding *enc, const char *ptr, const char *end) {
    char buf[1];
    char *p = buf;
    XmlUtf8Convert(enc, &ptr, end, &p, p + 1);
    if (p == buf)
        return -1;
    else
        return buf[0];
}
