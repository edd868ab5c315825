/* `localtime` and `gmtime` return NULL only for a time whose year does not fit in an `int`:
 * a NULL that the caller's own values choose, not the environment (tmux's window-clock draws
 * the clock of `time(NULL)`). Like a function of the program whose NULL is latent, the
 * dereference of the result is reported only where the path leaves it nothing else; a caller
 * that tests the result after using it still contradicts itself. `getenv` returns NULL
 * whenever the environment lacks the variable: reported. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

int clock_hour(void) {
    time_t t = time(NULL);
    struct tm *tm = localtime(&t);
    return tm->tm_hour;
}

int year_of(time_t t) {
    struct tm *tm = gmtime(&t);
    int year = tm->tm_year; // expect: PTR-null-cmp-bef
    if (tm == NULL)
        return -1;
    return year;
}

int checked_year(time_t t) {
    struct tm *tm = gmtime(&t);
    if (tm == NULL)
        return -1;
    return tm->tm_year;
}

size_t home_length(void) {
    const char *home = getenv("HOME");
    return strlen(home); // expect: PTR-null-fun-pos
}
