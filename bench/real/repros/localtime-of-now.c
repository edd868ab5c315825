/* tmux window-clock.c window_clock_draw_screen(): localtime() returns NULL
 * only when the year of the time does not fit in an int (EOVERFLOW); the
 * time here is the current one, from time(NULL), so the result is used
 * without a test. Reported: PTR-null-fun-pos (line 16). */
#include <stdio.h>
#include <time.h>

int clock_is_pm(char *buf, size_t size)
{
	time_t t;
	struct tm *tm;

	t = time(NULL);
	tm = localtime(&t);
	strftime(buf, size, "%H:%M", tm);
	return (tm->tm_hour >= 12);
}
