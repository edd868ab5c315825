/*
 * From libcoap (obgm/libcoap @ 92b3db23), src/coap_block.c:2708,
 * coap_handle_request_send_block(), reported by goanna-rs-s23d as
 * PTR-null-fun-pos on `error_phrase`.
 *
 * Cause (callee-conditions): at the `internal_issue:` label the code sets
 * response->code = COAP_RESPONSE_CODE(500) and then calls
 * coap_response_phrase(response->code) (src/coap_pdu.c:933), a linear search of
 * the exported table coap_error[] that returns NULL only for a code that is not
 * in the table. 500 (0xA0 = 160) is in the table ("Internal Server Error"), so
 * the result is never NULL and strlen() is safe. The analysis treats the result
 * as "may be NULL" whatever the key; it is reported even with a `static const`
 * table and a literal key.
 *
 * Check: goanna-rs-s23d scan lookup-in-constant-table-of-listed-key.c --format text
 * reports PTR-null-fun-pos at the strlen() line.
 */
#include <string.h>
#include <stdlib.h>

typedef struct { unsigned char code; const char *phrase; } error_desc_t;

error_desc_t errors[] = {
  { 64, "Created" },
  { 160, "Internal Server Error" },
  { 0, NULL }
};

const char *response_phrase(unsigned char code) {
  int i;
  for (i = 0; errors[i].code; ++i) {
    if (errors[i].code == code)
      return errors[i].phrase;
  }
  return NULL;
}

struct pdu { unsigned char code; size_t len; };

int handle(struct pdu *response, int n) {
  char *buf = malloc((size_t)n);
  const char *error_phrase;
  if (!buf)
    goto internal_issue;
  free(buf);
  return 0;
internal_issue:
  response->code = 160;
  error_phrase = response_phrase(response->code);
  response->len = strlen(error_phrase);
  return 1;
}
