/* curl lib/mqtt.c mqtt_read_publish(): a goto label sits right before the
 * first case label of the switch (the state machine jumps back to it); no
 * case falls through. Reported: SWITCH-fall-through (line 15). */
enum state { SUBACK_COMING, SUBACK, PUB_REMAIN };

int verify_suback(void);
int read_remain(void);

int read_publish(enum state *st)
{
  int result = 0;

  switch(*st) {
SUBACK_COMING_again:
  case SUBACK_COMING:
    result = verify_suback();
    if(result)
      break;
    *st = PUB_REMAIN;
    break;
  case SUBACK:
    *st = SUBACK_COMING;
    goto SUBACK_COMING_again;
  case PUB_REMAIN:
    result = read_remain();
    break;
  }
  return result;
}
