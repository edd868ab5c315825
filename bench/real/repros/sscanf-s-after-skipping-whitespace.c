/* unbound (NLnetLabs/unbound 7fb79b06), util/config_file.c:2773 cfg_ptr_reverse
 * (LIB-return-unchecked):
 *   ip = str; while(*ip && isspace((unsigned char)*ip)) ip++;
 *   if(!*ip) { log_err(...); return NULL; }
 *   ...
 *   sscanf(ip, "%100s", buf);
 * Cause: callee-conditions - sscanf with a single "%100s" on a string whose first character
 * is neither NUL nor white space always converts one item (returns 1); it can neither hit
 * end of input (EOF) nor fail to match.
 * Why false: there is no failure to detect; the result carries no information here.
 * Reported by goanna-rs-s22a: LIB-return-unchecked at line 30. */
#include <ctype.h>
#include <stdio.h>
#include <stddef.h>

void log_err(const char* fmt, ...);
int use_address(const char* buf);

int ptr_reverse(char* str)
{
	const char* ip;
	char buf[1024];
	ip = str;
	while(*ip && isspace((unsigned char)*ip))
		ip++;
	if(!*ip) {
		log_err("syntax error: too short: %s", str);
		return 0;
	}
	sscanf(ip, "%100s", buf);
	buf[sizeof(buf)-1] = 0;
	return use_address(buf);
}
