/* openssh-portable sshkey.c sshkey_private_to_blob2(): without a passphrase
 * the KDF name is set to the literal "none", and the passphrase is used only
 * under `strcmp(kdfname, "bcrypt") == 0`. The comparison of two known string
 * literals is not evaluated, so the NULL passphrase seems to reach strlen().
 * Reported: PTR-null-cmp-aft (line 21). */
#include <stddef.h>
#include <string.h>

#define KDFNAME "bcrypt"

int bcrypt_pbkdf(const char *pass, size_t passlen, unsigned char *key,
    size_t keylen);

int derive_key(const char *passphrase, unsigned char *key, size_t keylen)
{
	const char *kdfname = KDFNAME;

	if (passphrase == NULL || !strlen(passphrase))
		kdfname = "none";
	if (strcmp(kdfname, "bcrypt") == 0) {
		if (bcrypt_pbkdf(passphrase, strlen(passphrase), key,
		    keylen) < 0)
			return -1;
	} else if (strcmp(kdfname, "none") != 0)
		return -2;	/* unsupported KDF */
	return 0;
}
