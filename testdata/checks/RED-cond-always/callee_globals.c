/* Conditions decided by what a called function leaves in a global. */
int mode;
int retries;
int armed;
struct status {
    int level;
    int code;
} state;

int poll_device(void);
void log_event(int code);

void enter_safe_mode(void) {
    mode = 2;
}

int after_safe_mode_bad(void) {
    enter_safe_mode();
    if (mode == 2) // expect: RED-cond-always
        return poll_device();
    return 0;
}

void reset_status(int code) {
    state.level = 1;
    state.code = code;
}

int status_level_bad(int code) {
    reset_status(code);
    if (state.level > 0) // expect: RED-cond-always
        return state.code;
    return -1;
}

/* Negatives. */

int status_code_ok(int code) {
    reset_status(code);
    if (state.code > 0)
        return 1;
    return 0;
}

void arm_if(int ready) {
    if (ready)
        armed = 1;
    else
        armed = 0;
}

int armed_either_way_ok(int ready) {
    arm_if(ready);
    if (armed)
        return poll_device();
    return 0;
}

void count_down(void) {
    retries = 3;
    while (retries > 0 && poll_device() < 0)
        retries--;
}

int retries_left_ok(void) {
    count_down();
    if (retries == 0)
        log_event(retries);
    return retries;
}

/* A function no call names and shaped like a signal handler may run at any time: the flag it
 * writes is not known. */
int stop_requested;

void on_interrupt(int sig) {
    stop_requested = sig > 0;
}

unsigned serve(unsigned budget) {
    unsigned served = 0;
    stop_requested = 0;
    while (!stop_requested && served < budget)
        served++;
    return served;
}
