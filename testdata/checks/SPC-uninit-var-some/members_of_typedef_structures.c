// A store into a member of one structure type leaves the member of the same name of another
// structure type (strict aliasing), however typedefs spell the types: opus's silk_Decode stores
// psDec->nChannelsInternal (a silk_decoder) after testing decControl->nChannelsInternal (a
// silk_DecControlStruct), which stays 1, so the channel loop runs and its callee writes the
// count. A store through another pointer to the same structure type may change the member.
#include <string.h>

typedef struct {
    int nChannelsInternal;
    int enable_deep_plc;
} dec_control;

typedef struct {
    int frame_length;
} chan_state;

typedef struct {
    chan_state channel_state[2];
    int nChannelsInternal;
    short mid[2];
} decoder;

int decode_frame(chan_state *c, int *n_out); /* always writes *n_out */

int decode(decoder *dec, dec_control *ctl, short *buf) {
    int n, n_out, ret = 0;
    chan_state *cs = dec->channel_state;
    if (ctl->nChannelsInternal != 1)
        return -1;
    dec->nChannelsInternal = ctl->nChannelsInternal;
    for (n = 0; n < ctl->nChannelsInternal; n++)
        ret += decode_frame(&cs[n], &n_out);
    memcpy(dec->mid, &buf[n_out], 2 * sizeof(short));
    return ret;
}

int decode_shared(dec_control *saved, dec_control *ctl, short *buf, chan_state *cs) {
    int n, n_out, ret = 0;
    if (ctl->nChannelsInternal != 1)
        return -1;
    saved->nChannelsInternal = 0;
    for (n = 0; n < ctl->nChannelsInternal; n++)
        ret += decode_frame(&cs[n], &n_out);
    return ret + buf[n_out]; // expect: SPC-uninit-var-some
}
