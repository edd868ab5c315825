/* libgit2 transports/httpclient.c:1472 (git_http_client_read_response):
 * the state member was just set to READING, so the loop body runs and
 * assigns `error` before it is returned. */
enum state { SENT, READING, BODY, DONE };
struct client { enum state state; int keepalive; void *data; };

int read_and_parse(struct client *c);

int read_response(struct client *client)
{
    int ctx = 0;
    int error;

    if (client->state != SENT)
        return -1;
    client->state = READING;
    client->keepalive = 0;
    client->data = &ctx;

    while (client->state == READING) {
        if ((error = read_and_parse(client)) < 0)
            goto done;
    }
done:
    client->data = 0;
    return error;
}
