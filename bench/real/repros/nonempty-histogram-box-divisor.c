/* From libjpeg-turbo (libjpeg-turbo/libjpeg-turbo @ 8a99315b), src/jquant2.c:513
 * (compute_color, compiled through src/wrapper/jquant2-8.c and -12.c).
 * Cause (model: data invariant across functions): compute_color() divides by the pixel
 * count `total` of a box of the colour histogram. Every box it receives was shrunk by
 * update_box() to the bounding box of its non-zero cells, and median_cut() splits a box
 * between two such cells, so every box holds a non-zero cell (the code says so: "any split
 * will produce two nonempty subboxes"); the prescan pass counted each pixel of a non-empty
 * image, and the counts saturate instead of wrapping to 0. goanna-rs takes the path on
 * which no cell of the box is non-zero and reports ATH-div-0-assign (warning).
 * Scan: goanna-rs scan nonempty-histogram-box-divisor.c */
#define N 32
static unsigned short hist[N][N];
static int colormap[256];

struct box { int c0min, c0max, c1min, c1max; };

void prescan(const unsigned char *px, int npixels) /* npixels >= 1 */
{
    for (int i = 0; i < npixels; i++) {
        unsigned short *h = &hist[px[2 * i] >> 3][px[2 * i + 1] >> 3];
        if (++(*h) == 0)
            (*h)--; /* saturate */
    }
}

/* Shrink the box to the bounding box of its non-zero cells. */
static void update_box(struct box *b)
{
    for (int c0 = b->c0min; c0 <= b->c0max; c0++)
        for (int c1 = b->c1min; c1 <= b->c1max; c1++)
            if (hist[c0][c1] != 0) { b->c0min = c0; goto have_c0min; }
have_c0min:
    for (int c0 = b->c0max; c0 >= b->c0min; c0--)
        for (int c1 = b->c1min; c1 <= b->c1max; c1++)
            if (hist[c0][c1] != 0) { b->c0max = c0; return; }
}

static void compute_color(const struct box *b, int icolor)
{
    long total = 0, c0total = 0;
    for (int c0 = b->c0min; c0 <= b->c0max; c0++)
        for (int c1 = b->c1min; c1 <= b->c1max; c1++) {
            long count = hist[c0][c1];
            if (count != 0) {
                total += count;
                c0total += c0 * count;
            }
        }
    colormap[icolor] = (int)((c0total + (total >> 1)) / total); /* reported */
}

void select_colors(const unsigned char *px, int npixels)
{
    struct box b = { 0, N - 1, 0, N - 1 };
    if (npixels <= 0)
        return;
    prescan(px, npixels);
    update_box(&b);
    compute_color(&b, 0);
}
