/* curl lib/select.c Curl_poll(): the NULL test of ufds only clears a flag; with
 * ufds NULL the flag stays set and the function returns early. Reported:
 * PTR-null-cmp-aft (line 24); not reported with fewer branches in between. */
#include <poll.h>
#include <errno.h>
int wait_ms(long long ms);

int my_poll(struct pollfd ufds[], unsigned int nfds, long long timeout_ms)
{
  int pending_ms, r, fds_none = 1;
  unsigned int i;
  if(ufds)
    for(i = 0; i < nfds; i++)
      if(ufds[i].fd != -1) { fds_none = 0; break; }
  if(fds_none)
    return wait_ms(timeout_ms);
  if(timeout_ms > 0) pending_ms = (int)timeout_ms;
  else if(timeout_ms < 0) pending_ms = -1;
  else pending_ms = 0;
  r = poll(ufds, nfds, pending_ms);
  if(r <= 0)
    return (r == -1 && errno == EINTR) ? 0 : r;
  for(i = 0; i < nfds; i++)
    if(ufds[i].revents & POLLHUP)
      ufds[i].revents |= POLLIN;
  return r;
}
