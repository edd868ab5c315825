/* lighttpd src/http_range.c http_range_parse() and src/stat_cache.c
 * stat_cache_trigger_cleanup(): conditions that are integer constant
 * expressions on purpose. `else if (__builtin_expect(1, 0))` marks an
 * unconditional else-branch as cold (a bare `else if (1)` is not reported);
 * `((int64_t)(time_t)-1 == (int64_t)-1) ? -1 : 0` tests a property of the
 * platform (is time_t signed) at compile time.
 * Reported: RED-cond-always (lines 16 and 26). */
#include <stdint.h>
#include <time.h>

int skip_invalid(const char *s, int n)
{
    if (n > 3) {
        n = 1;
    }
    else if (__builtin_expect(1, 0)) /* cold branch */
        while (*s != '\0' && *s != ',')
            ++s;
    return n;
}

long max_age_for(int engine)
{
    long max_age = 2;
    if (engine == 0)
        max_age = ((int64_t)(time_t)-1 == (int64_t)-1) ? -1 : 0;
    return max_age;
}
