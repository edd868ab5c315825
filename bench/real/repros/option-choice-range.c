/* tmux window.c window_pane_status_get_range() and
 * window_pane_get_pane_status(): the status position is read from a choice
 * option whose only values are off/top/bottom/top-floating/bottom-floating
 * (0..4, checked when the option is set); the getter maps the two floating
 * values to top and bottom, so it returns only OFF, TOP or BOTTOM. The
 * caller assigns `line` for TOP and BOTTOM and returns for OFF before
 * reading it. Reported: SPC-uninit-var-some (line 40). */
#define STATUS_OFF 0
#define STATUS_TOP 1
#define STATUS_BOTTOM 2
#define STATUS_TOP_FLOATING 3
#define STATUS_BOTTOM_FLOATING 4

struct options { long long pane_border_status; };
struct pane { struct options *options; unsigned yoff, sy; };

long long options_get_number(struct options *oo);

static int pane_status(struct pane *wp)
{
	int status = options_get_number(wp->options);

	if (status == STATUS_TOP_FLOATING)
		return (STATUS_TOP);
	if (status == STATUS_BOTTOM_FLOATING)
		return (STATUS_BOTTOM);
	return (status);
}

int on_status_line(struct pane *wp, unsigned y)
{
	unsigned line;
	int status;

	status = pane_status(wp);
	if (status == STATUS_TOP)
		line = wp->yoff - 1;
	else if (status == STATUS_BOTTOM)
		line = wp->yoff + wp->sy;
	if (status == STATUS_OFF || line != y)
		return (0);
	return (1);
}
