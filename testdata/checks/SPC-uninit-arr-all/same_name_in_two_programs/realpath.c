// The server program's `canonical_path`, of another type: resolves into the buffer it is
// given. Both programs are in the project (openssh's sftp client and sftp-server each define
// `sftp_realpath`); each call reaches the function of the type its unit declares.
#include <string.h>

char *canonical_path(const char *path, char *resolved) {
    if (strlen(path) >= 256)
        return NULL;
    strcpy(resolved, path);
    return resolved;
}
