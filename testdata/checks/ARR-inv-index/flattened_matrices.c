// A pointer to the first element of a multi-dimensional array walks all its rows: they are
// consecutive, and code reads a 3x3 matrix as 9 floats (libtiff's TIFFXYZToRGB:
// `float *matrix = &cielab->display.d_mat[0][0]; ... matrix[8]`). Past the last row is still
// outside.
typedef struct {
    float d_mat[3][3];
    float d_YCR, d_YCG, d_YCB;
} Display;

typedef struct {
    int range;
    Display display;
} CIELabToRGB;

void xyz_to_rgb_ok(CIELabToRGB *cielab, float X, float Y, float Z, float out[3]) {
    float *matrix = &cielab->display.d_mat[0][0];
    out[0] = matrix[0] * X + matrix[1] * Y + matrix[2] * Z;
    out[1] = matrix[3] * X + matrix[4] * Y + matrix[5] * Z;
    out[2] = matrix[6] * X + matrix[7] * Y + matrix[8] * Z;
}

float second_row_ok(void) {
    float m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    float *row = m[1];
    return row[4];
}

float past_the_matrix(void) {
    float m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    float *all = &m[0][0];
    return all[9]; // expect: ARR-inv-index
}

float past_from_second_row(void) {
    float m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    float *row = m[1];
    return row[6]; // expect: ARR-inv-index
}
