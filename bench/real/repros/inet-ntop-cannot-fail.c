/* openssh-portable channels.c channel_decode_socks5(): the address of a SOCKS5
 * request is converted with inet_ntop() for AF_INET or AF_INET6 into a buffer
 * of INET6_ADDRSTRLEN bytes. inet_ntop fails only for an unknown family
 * (EAFNOSUPPORT) or a buffer too small (ENOSPC), so the early `return -1`
 * that skips freeing the working copy is never taken.
 * Reported: MEM-leak (line 40). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

struct buf { const unsigned char *d; size_t len; };

static struct buf *buf_dup(const struct buf *b)
{
	struct buf *n = malloc(sizeof(*n));

	if (n != NULL)
		*n = *b;
	return n;
}

static int buf_get(struct buf *b, void *dst, size_t len)
{
	if (b->len < len)
		return -1;
	memcpy(dst, b->d, len);
	b->d += len;
	b->len -= len;
	return 0;
}

int decode_addr(const struct buf *input, int ipv6, char **pathp)
{
	unsigned char addr[16];
	char ntop[INET6_ADDRSTRLEN];
	int af = ipv6 ? AF_INET6 : AF_INET, success = -1;
	struct buf *b;

	if ((b = buf_dup(input)) == NULL)
		abort();
	if (buf_get(b, addr, ipv6 ? 16 : 4) != 0)
		goto out;
	if (inet_ntop(af, addr, ntop, sizeof(ntop)) == NULL)
		return -1;
	*pathp = strdup(ntop);
	success = 1;
 out:
	free(b);
	return success;
}
