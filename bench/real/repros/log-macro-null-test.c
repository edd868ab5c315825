/* curl lib/curl_trc.h: logging macros test their handle for NULL before
 * looking at its verbosity; the handle itself is never NULL in the callers.
 * Reported: PTR-null-cmp-bef (line 18) and PTR-null-cmp-aft (line 26). */
struct settings { int verbose; int retries; };
struct easy { struct settings set; int state; };

void trc_infof(struct easy *data, const char *fmt, ...);

#define trc_is_verbose(data) ((data) && (data)->set.verbose)
#define infof(data, ...)                \
  do {                                  \
    if(trc_is_verbose(data))            \
      trc_infof(data, __VA_ARGS__);     \
  } while(0)

int start_transfer(struct easy *data)
{
  data->state = 1;
  infof(data, "starting, state %d", data->state);
  return 0;
}

int retry(struct easy *data)
{
  infof(data, "retrying");
  return data->set.retries;
}
