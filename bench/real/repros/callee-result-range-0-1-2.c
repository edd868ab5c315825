/* oniguruma src/regparse.c:9233 (prs_exp), MEM-leak (warning), at commit
 * f95747b462de672b6f8dbdeb478245ddf061ca53 of kkos/oniguruma.
 * Cause: callee-conditions. assign_quantifier_body returns 1, 2, 0 or the
 * result of onig_reduce_nested_quantifier (0 or a negative error); r < 0 is
 * handled, so after it r is 0, 1 or 2 and one of the three branches always
 * takes qn (the possessive wrapper `en` included): stored in *tp, freed, or
 * linked into a new list node. The reported path takes none of them (r not in
 * {0,1,2}) and leaves through the `goto re_entry` / fetch_token error return.
 * This is faithful to prs_exp; the finding is fragile: simplifying two of
 * the callees' branches at once makes the refutation succeed.
 * Reported (s21a): MEM-leak on `en` (allocated under `if (possessive)`). */
#include <stdlib.h>
struct node { int type; int lower, upper; struct node *body; struct node *car, *cdr; };

void node_free(struct node *n);
int fetch_token(int *lower, int *upper, int *possessive);
int quant_type_num(struct node *q);

static int reduce(struct node *p)
{
	struct node *c = p->body;
	int pnum = quant_type_num(p), cnum = quant_type_num(c);
	if (pnum < 0 || cnum < 0) {
		if (p->lower == p->upper && c->lower == c->upper) {
			if (p->lower > 1000 || c->lower > 1000) return -10;
			p->lower = p->upper = p->lower * c->lower;
			p->body = c->body;
			goto remove;
		}
		return 0;
	}
	switch (pnum * 6 + cnum) {
	case 1: *p = *c; goto remove;
	case 2: p->body = c->body; p->lower = 0; goto remove;
	default: break;
	}
	return 0;
remove:
	c->body = NULL;
	node_free(c);
	return 0;
}

static int assign_body(struct node *q, struct node *target, int group)
{
	if (q->lower == 1 && q->upper == 1)
		return 1;
	switch (target->type) {
	case 1:
		if (group == 0 && target->lower > 1) {
			struct node *n = calloc(1, sizeof(*n));
			if (n != NULL) {
				q->body = n;
				return 2;
			}
		}
		break;
	case 2:
		q->body = target;
		return reduce(q);
	default:
		break;
	}
	q->body = target;
	return 0;
}

static struct node *new_list(struct node *car)
{
	struct node *n = calloc(1, sizeof(*n));
	if (n != NULL) n->car = car;
	return n;
}

int parse(struct node **tp, int group)
{
	struct node *qn, *target;
	int r, lower, upper, possessive;

re_entry:
	r = fetch_token(&lower, &upper, &possessive);
	if (r < 0) return r;
	if (r == 3) {
		qn = calloc(1, sizeof(*qn));
		if (qn == NULL) return -5;
		qn->lower = lower;
		qn->upper = upper;
		target = *tp;
		r = assign_body(qn, target, group);
		if (r < 0) {
			node_free(qn);
			*tp = NULL;
			return r;
		}
		if (possessive) {
			struct node *en = calloc(1, sizeof(*en));
			if (en == NULL) {
				node_free(qn);
				return -5;
			}
			en->body = qn;
			qn = en;
		}
		if (r == 0) {
			*tp = qn;
		} else if (r == 1) {
			node_free(qn);
			*tp = target;
		} else if (r == 2) {
			struct node *tmp;
			*tp = new_list(*tp);
			if (*tp == NULL) {
				node_free(qn);
				return -5;
			}
			tmp = (*tp)->cdr = new_list(qn);
			if (tmp == NULL) {
				node_free(qn);
				return -5;
			}
			tp = &tmp->car;
		}
		group = 0;
		goto re_entry;
	}
	return r;
}
