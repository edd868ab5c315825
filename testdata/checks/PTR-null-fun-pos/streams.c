#include <stdio.h>

/* A stream argument of the stdio functions is dereferenced: a stream fopen may not have
 * opened must be tested first (fflush(NULL) flushes every stream and is fine). */

void unchecked_stream_bad(void) {
    FILE *f = fopen("out.txt", "w");
    fputs("hello\n", f); // expect: PTR-null-fun-pos
    fclose(f);
}

void closed_unchecked_bad(void) {
    FILE *f = fopen("out.txt", "w+");
    fclose(f); // expect: PTR-null-fun-pos
}

void checked_stream_good(void) {
    FILE *f = fopen("out.txt", "w");
    if (f == NULL)
        return;
    fputs("hello\n", f);
    fclose(f);
}

void flush_all_good(void) {
    FILE *f = fopen("out.txt", "w");
    fflush(f);
    if (f)
        fclose(f);
}
