/* From libsndfile (libsndfile/libsndfile @ 8795cc07), src/nist.c:175, 178, 186
 * (nist_read_header): LIB-return-unchecked on
 *     if ((cptr = strstr (psf_header, "channel_count -i ")) != NULL)
 *         sscanf (cptr, "channel_count -i %d", &(psf->sf.channels)) ;
 * Cause (idiom, preset default in the caller): the destinations are fields of the
 * handle, which psf_open_file() has zeroed before calling the format's open function
 * (psf_allocate() callocs the handle; in read mode the SF_INFO is memset to 0 and
 * copied into psf->sf). A failed sscanf leaves 0, and 0 is rejected afterwards
 * (validate_sfinfo(): channels < 1, samplerate < 1, codec 0 for bytewidth 0), so the
 * result is not "the only way to know whether the call failed". The local-default
 * form of this idiom (preset-default-sscanf.c in bench/real/repros) is accepted;
 * the default set by the caller in another function is not.
 * Reported: LIB-return-unchecked (lines 27 and 29).
 * Scan: goanna-rs scan sscanf-into-caller-zeroed-fields.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct info { int channels; int samplerate; };
struct handle { struct info sf; };

static int read_header(struct handle *h, const char *hdr)
{
	const char *cptr;

	if ((cptr = strstr(hdr, "channel_count -i ")) != NULL)
		sscanf(cptr, "channel_count -i %d", &h->sf.channels);
	if ((cptr = strstr(hdr, "sample_rate -i ")) != NULL)
		sscanf(cptr, "sample_rate -i %d", &h->sf.samplerate);
	return 0;
}

struct handle *open_header(const char *hdr)
{
	struct handle *h;

	if ((h = calloc(1, sizeof(*h))) == NULL)
		return NULL;
	memset(&h->sf, 0, sizeof(h->sf));
	read_header(h, hdr);
	if (h->sf.channels < 1 || h->sf.samplerate < 1) { /* validate_sfinfo() */
		free(h);
		return NULL;
	}
	return h;
}
