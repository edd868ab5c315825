// A function of the program that fills the block it allocates in a loop before returning it
// (libgd's gdInterestingBuildPixelMap, vorbis's _make_words) returns defined memory: only the
// path that runs the loop no time returns it unwritten, and its callers pass counts that rule
// that out (`build_map(32, 32)`, the number of positive lengths). A callee whose every path
// returns the block unwritten is still followed into its caller's read.
#include <stdlib.h>

typedef struct { unsigned char red, green, blue, luminance; } pixel;

static pixel *build_map(int width, int height) {
    pixel *map = malloc((size_t)width * (size_t)height * sizeof(pixel));
    if (map == NULL)
        return NULL;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            pixel *entry = &map[y * width + x];
            entry->red = entry->green = entry->blue = (unsigned char)(x ^ y);
            entry->luminance = entry->red;
        }
    return map;
}

int crop_score(void) {
    pixel *map = build_map(32, 32);
    if (map == NULL)
        return 0;
    int score = map[0].luminance;
    free(map);
    return score;
}

static long long *make_words(const signed char *l, long n, long sparsecount) {
    long count = 0;
    long long *r = malloc(sparsecount * sizeof(*r));
    if (r == NULL)
        return NULL;
    for (long i = 0; i < n; i++) {
        long length = l[i];
        if (length > 0) {
            if (length > 32) {
                free(r);
                return NULL;
            }
            r[count++] = ((long long)length << 24) | i;
        }
    }
    return r;
}

long long first_word(const signed char *lengths, long entries) {
    long n = 0;
    for (long i = 0; i < entries; i++)
        if (lengths[i] > 0)
            n++;
    if (n <= 0)
        return -1;
    long long *codes = make_words(lengths, entries, n);
    if (codes == NULL)
        return -1;
    long long w = codes[0];
    free(codes);
    return w;
}

static pixel *scratch_map(int width, int height, int *count) {
    pixel *map = malloc((size_t)width * (size_t)height * sizeof(pixel));
    if (map == NULL)
        return NULL;
    for (int y = 0; y < height; y++)
        *count += width;
    return map;
}

int scratch_score_bad(void) {
    int count = 0;
    pixel *map = scratch_map(32, 32, &count);
    if (map == NULL)
        return 0;
    int score = map[0].luminance; // expect: SPC-uninit-heap-all
    free(map);
    return score + count;
}
