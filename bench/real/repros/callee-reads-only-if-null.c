/* libuv src/strtok.c + src/unix/core.c uv__search_path(): the tokenizer
 * reads *itr only when str is NULL (a continuation call); the first call
 * passes the string and the callee stores *itr before any later read.
 * Reported: SPC-uninit-var-all (line 12, via the call on line 30). */
#include <stddef.h>

char *my_strtok(char *str, char sep, char **itr)
{
  char *start, *tmp;

  if (str == NULL)
    start = tmp = *itr;
  else
    start = tmp = str;
  if (tmp == NULL)
    return NULL;
  for (; *tmp != '\0'; tmp++)
    if (*tmp == sep) { *tmp = '\0'; *itr = tmp + 1; return start; }
  *itr = NULL;
  return start;
}

int count_entries(char *path)
{
  char *itr, *token;
  int n = 0;

  if (path == NULL)
    return 0;
  for (token = my_strtok(path, ':', &itr); token != NULL;
       token = my_strtok(NULL, ':', &itr))
    n++;
  return n;
}
