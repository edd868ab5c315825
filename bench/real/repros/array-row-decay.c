#define _GNU_SOURCE
/* libuv src/unix/udp.c uv__udp_recvmmsg() and curl lib/progress.c
 * progress_meter(): a row of a 2-D buffer decays to a pointer that is stored
 * or passed as an output buffer; no element is read.
 * Reported: SPC-uninit-arr-all (lines 17 and 28). */
#include <stdio.h>
#include <sys/socket.h>

int recv_batch(int fd, struct mmsghdr *msgs, unsigned int n)
{
  char control[20][64];
  unsigned int k;

  if (n > 20)
    n = 20;
  for (k = 0; k < n; k++) {
    msgs[k].msg_hdr.msg_control = control[k];
    msgs[k].msg_hdr.msg_controllen = sizeof(control[k]);
  }
  return recvmmsg(fd, msgs, n, 0, NULL);
}

const char *fmt_size(long v, char *buf, size_t len);

void meter(long total, long done)
{
  char out[2][7];
  printf("%s %s\n", fmt_size(total, out[0], sizeof(out[0])),
         fmt_size(done, out[1], sizeof(out[1])));
}
