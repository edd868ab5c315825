/* curl lib/cookie.c cookie_load(): the opened file is copied to `handle`
 * (stdin is used but never copied) and closed through the copy.
 * Reported: RESOURCE-file-no-close-some (line 19). */
#include <stdio.h>
#include <string.h>

int parse_line(const char *line);

int load(const char *file)
{
  FILE *handle = NULL;
  FILE *fp = NULL;
  char line[256];
  int n = 0;

  if(!strcmp(file, "-"))
    fp = stdin;
  else {
    fp = fopen(file, "rb");
    if(fp)
      handle = fp;
  }
  if(fp) {
    while(fgets(line, sizeof(line), fp))
      n += parse_line(line);
    if(handle)
      fclose(handle);
  }
  return n;
}
