/* libarchive archive_write_disk_posix.c:3695, set_times(), RED-cond-never (note)
 * "this condition is always false": `r1 != 0` is constant only because
 * HAVE_STRUCT_STAT_ST_BIRTHTIME is undefined on Linux; on BSD/macOS r1 receives the result
 * of the birthtime set_time() call. Constant only in this build configuration (not fixable
 * by the analysis without a second configuration; kept to document the cause). */
int set_time(int fd, long t);

int set_times(int fd, long birthtime, long mtime)
{
	int r1 = 0, r2 = 0;
#ifdef HAVE_STRUCT_STAT_ST_BIRTHTIME
	if (birthtime < mtime)
		r1 = set_time(fd, birthtime);
#else
	(void)birthtime;
#endif
	r2 = set_time(fd, mtime);
	if (r1 != 0 || r2 != 0)
		return -20;
	return 0;
}
