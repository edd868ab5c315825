// A copy of a member taken before a call, tested against NULL, then the member itself tested
// (mbedtls' `hs = ssl->handshake; if (!over(ssl) && hs != NULL) ...; if (ssl->handshake != NULL)
// hs->seq++;`). A callee that only reads through the pointer it is given — by its summary, or
// because its parameter is a pointer to const — leaves the member as it was, so `hs` is the
// member's value and not NULL there. A callee that may write through it breaks the link.
#include <stddef.h>

struct handshake { int seq; };
struct session { int state; struct handshake *handshake; int transport; };

static int is_over(struct session *s) {
    return s->state >= 5;
}

int peek_state(const struct session *s);
static void set_state(struct session *s, int state) {
    s->state = state;
    if (state == 0)
        s->handshake = NULL;
}
int checksum(struct session *s);

int advance_ok(struct session *s) {
    struct handshake *const hs = s->handshake;
    if (is_over(s) == 0 && hs != NULL) {
        if (checksum(s) != 0)
            return -1;
    }
    if (s->transport == 1 && s->handshake != NULL)
        hs->seq++;
    return 0;
}

int advance_const_ok(struct session *s) {
    struct handshake *const hs = s->handshake;
    if (peek_state(s) == 0 && hs != NULL)
        return 1;
    if (s->handshake != NULL)
        hs->seq++;
    return 0;
}

int advance_after_write(struct session *s, int state) {
    struct handshake *const hs = s->handshake;
    if (hs == NULL)
        set_state(s, state);
    if (s->handshake != NULL)
        hs->seq++; // expect: PTR-null-cmp-aft
    return 0;
}
