// A write to one member through a pointer leaves the other members of the structure alone:
// the state set just before the loop still holds at its test, so the loop body runs.
enum state { IDLE, READING, DONE };
struct client { enum state state; int keepalive; void *data; };

int read_some(struct client *c);

int run_ok(struct client *client, void *context) {
    int error;
    client->state = READING;
    client->keepalive = 0;
    client->data = context;
    while (client->state == READING) {
        if ((error = read_some(client)) < 0)
            break;
    }
    return error;
}

int run_bad(struct client *client, struct client *other, void *context) {
    int error;
    client->state = READING;
    other->state = IDLE;
    client->data = context;
    while (client->state == READING) {
        if ((error = read_some(client)) < 0)
            break;
    }
    return error; // expect: SPC-uninit-var-some
}
