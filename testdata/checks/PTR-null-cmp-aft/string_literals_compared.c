// A pointer set to a string literal and later compared with strcmp: the comparison is decided
// by the literals' characters (openssh's sshkey_private_to_blob2: a NULL passphrase selects
// the "none" KDF, and the passphrase is used only under the "bcrypt" one).
#include <string.h>
#include <strings.h>
#include <stddef.h>

int derive(const char *pass, size_t n);
int use_cipher(const char *name);

int private_to_blob(const char *passphrase, const char *ciphername) {
    const char *kdfname = "bcrypt";
    if (passphrase == NULL || !strlen(passphrase)) {
        ciphername = "none";
        kdfname = "none";
    } else if (ciphername == NULL)
        ciphername = "aes256-ctr";
    use_cipher(ciphername);
    if (strcmp(kdfname, "bcrypt") == 0) {
        if (derive(passphrase, strlen(passphrase)) < 0)
            return -1;
    } else if (strcmp(kdfname, "none") != 0) {
        return -2;
    }
    return 0;
}

/* Case-insensitive and bounded comparisons decide the same way. */
int open_mode(const char *path, const char *mode) {
    const char *how = "READ";
    if (path == NULL)
        how = "write";
    if (strcasecmp(how, "read") == 0 && strncmp(how, "RE", 2) == 0)
        return (int)strlen(path);
    return 0;
}

/* Both branches store the same literal: the comparison holds whichever was taken. */
int same_literal(const char *passphrase) {
    const char *kdfname = "bcrypt";
    if (passphrase == NULL)
        kdfname = "bcrypt";
    if (strcmp(kdfname, "bcrypt") == 0)
        return (int)strlen(passphrase); // expect: PTR-null-cmp-aft
    return 0;
}

/* A pointer that may hold something else than the literals stored is not decided. */
int configured_name(const char *passphrase, const char *configured) {
    const char *kdfname = "none";
    if (passphrase == NULL)
        kdfname = configured;
    if (strcmp(kdfname, "none") != 0)
        return (int)strlen(passphrase); // expect: PTR-null-cmp-aft
    return 0;
}
