/* Part of same-name-in-two-programs (see server.c): sftp-client.c, linked
 * into sftp. */
#include <stdlib.h>
#include <string.h>

struct sftp_conn;
char *sftp_realpath(struct sftp_conn *conn, const char *path)
{
	return path[0] == '/' ? strdup(path) : NULL; /* asks the server */
}
