/* tinyproxy (tinyproxy/tinyproxy @ 364cdb67), src/log.c:163 log_message (PTR-null-cmp-aft on
 * `config`). Cause: model (invariant between two globals). `if (config && config->syslog)`
 * allows a NULL config, but only before logging is set up: `logging_initialized` is set only
 * by setup_logging(), which dereferences `config` first, and `config` is never reset to NULL
 * once the first configuration is loaded (main exits if it fails). So when the
 * `!logging_initialized` early return is not taken, `config` is non-NULL.
 * Expected: no finding. Reported by s25c: PTR-null-cmp-aft at `!config->syslog`. */
#include <stdio.h>
#include <stdlib.h>

struct config_s { int syslog; int quit; };
struct config_s *config;                 /* NULL until the first config load */
static unsigned int logging_initialized; /* set only once config is loaded */
static int log_file_fd = -1;

void log_message(const char *msg)
{
    if (config && config->syslog)
        msg = "syslog";
    if (!logging_initialized) {
        /* before logging is set up: messages are stored */
        return;
    }
    if (!config->syslog && log_file_fd == -1)
        return;
    fputs(msg, stderr);
}

int setup_logging(void)
{
    if (!config->syslog)
        log_file_fd = 2;
    logging_initialized = 1;
    return 0;
}

static struct config_s configs[2];

int main(void)
{
    log_message("starting");
    config = &configs[0];
    setup_logging();
    log_message("running");
    return 0;
}
