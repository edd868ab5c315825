// A pointer that points to a local array on some paths only (opus_decode_frame: `pcm_ptr =
// pcm_too_small ? pcm_silk : pcm;`) and is then passed to a function that fills what it
// points to may fill the array: a copy out of the array afterwards reads what the callee
// wrote. A read of the array before the call still reads nothing written.
#include <string.h>

int silk_decode(void *dec, float *out, int *n_out); /* writes samples to out */

int decode_frame(void *dec, float *pcm, int frame_size, int too_small) {
    float buf[64];
    float *ptr;
    if (too_small)
        ptr = buf;
    else
        ptr = pcm;
    if (silk_decode(dec, ptr, 0))
        return -1;
    if (too_small)
        memcpy(pcm, buf, frame_size * sizeof(float));
    return 0;
}

int decode_primed(void *dec, float *pcm, int too_small) {
    float buf[64];
    float *ptr = too_small ? buf : pcm;
    float first = buf[0]; // expect: SPC-uninit-arr-all
    if (silk_decode(dec, ptr, 0))
        return -1;
    return first > 0;
}
