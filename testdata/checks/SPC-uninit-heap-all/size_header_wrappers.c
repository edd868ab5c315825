// An allocation wrapper that may put a size header in front of the block it returns, and a
// free wrapper that reads the header back (`(char *)p - HDR`) under the same test (libtiff's
// _TIFFmallocExt/_TIFFfreeExt): the header read is in front of the block, no read of the
// block's contents. Reading the block itself before writing it is still reported.
#include <stdlib.h>
#include <string.h>

struct tiff {
    long max_cumulated;
    long cur_cumulated;
};

#define HDR 16

void *tiff_malloc_ext(struct tiff *tif, long s) {
    if (tif != NULL && tif->max_cumulated > 0) {
        void *ptr = malloc(HDR + s);
        if (!ptr)
            return NULL;
        tif->cur_cumulated += s;
        memcpy(ptr, &s, sizeof(s));
        return (char *)ptr + HDR;
    }
    return malloc(s);
}

void tiff_free_ext(struct tiff *tif, void *p) {
    if (p != NULL && tif != NULL && tif->max_cumulated > 0) {
        void *oldPtr = (char *)p - HDR;
        long oldSize;
        memcpy(&oldSize, oldPtr, sizeof(oldSize));
        tif->cur_cumulated -= oldSize;
        p = oldPtr;
    }
    free(p);
}

int make_tables_ok(struct tiff *tif) {
    unsigned short *from14 = tiff_malloc_ext(tif, 16384 * sizeof(unsigned short));
    unsigned short *from8 = tiff_malloc_ext(tif, 256 * sizeof(unsigned short));
    if (from14 == NULL || from8 == NULL) {
        if (from14)
            tiff_free_ext(tif, from14);
        if (from8)
            tiff_free_ext(tif, from8);
        return 0;
    }
    from14[0] = from8[0] = 0;
    tiff_free_ext(tif, from14);
    tiff_free_ext(tif, from8);
    return 1;
}

static long first_entry(const long *p) { return p[0]; }

long read_unwritten(struct tiff *tif) {
    long *table = tiff_malloc_ext(tif, 8 * sizeof(long));
    if (table == NULL)
        return -1;
    long v = first_entry(table); // expect: SPC-uninit-heap-all
    tiff_free_ext(tif, table);
    return v;
}
