/* From libtiff (libsdl-org/libtiff @ c09bb267), libtiff/tif_open.c:281 (_TIFFfreeExt),
 * reported for the blocks of tif_pixarlog.c:581-588 (PixarLogMakeTables, 6 findings) and
 * tif_dirwrite.c:1198 (TIFFWriteDirectorySec), SPC-uninit-heap-all (error).
 * Cause (callee-conditions): _TIFFmallocExt() writes the allocation size in a header in
 * front of the block it returns exactly when tif->tif_max_cumulated_mem_alloc > 0, and
 * _TIFFfreeExt() reads that header ((char *)p - 16) under the same test of the same field,
 * which only TIFFClientOpenExt() writes. goanna-rs does not tie the two callees' tests
 * together: it takes malloc()'s branch (no header) in the allocator and the header branch
 * in the free wrapper, and reports the header read as a read of the block's uninitialised
 * contents. With the header written unconditionally nothing is reported.
 * Scan: goanna-rs scan size-header-alloc-free-wrappers.c */
#include <stdlib.h>
#include <string.h>

struct tiff { long max_cumulated; long cur_cumulated; };
#define HDR 16

void *tiff_malloc_ext(struct tiff *tif, long s)
{
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

void tiff_free_ext(struct tiff *tif, void *p)
{
    if (p != NULL && tif != NULL && tif->max_cumulated > 0) {
        void *oldPtr = (char *)p - HDR;
        long oldSize;
        memcpy(&oldSize, oldPtr, sizeof(oldSize)); /* reported */
        tif->cur_cumulated -= oldSize;
        p = oldPtr;
    }
    free(p);
}

int make_tables(struct tiff *tif)
{
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
