/* openssh-portable ssh-rsa.c ssh_rsa_verify() and sftp-glob.c sftp_glob(): a
 * failed realloc loses nothing when the original block is still held
 * elsewhere - ssh_rsa_verify saves it in `osigblob` and puts it back on
 * failure (`sigblob = osigblob;`, "put it back for clear/free"), and sftp_glob
 * reallocs a copy of `gl_pathv[0]` and stores the result back only when it
 * is not NULL, so the array keeps the original on failure.
 * Reported: MEM-realloc-self (lines 21 and 38). */
#include <stdlib.h>
#include <string.h>

int pad_signature(unsigned char **blobp, size_t len, size_t modlen)
{
	unsigned char *sigblob = *blobp, *osigblob;
	size_t diff;
	int ret = -1;

	if (len >= modlen)
		return 0;
	diff = modlen - len;
	osigblob = sigblob;
	if ((sigblob = realloc(sigblob, modlen)) == NULL) {
		sigblob = osigblob; /* put it back for clear/free */
		goto out;
	}
	memmove(sigblob + diff, sigblob, len);
	memset(sigblob, 0, diff);
	ret = 0;
 out:
	*blobp = sigblob;
	return ret;
}

void mark_directory(char **pathv)
{
	char *s = pathv[0];
	size_t l = strlen(s);

	if ((s = realloc(s, l + 2)) != NULL) {
		memcpy(s + l, "/", 2);
		pathv[0] = s;
	}
}
