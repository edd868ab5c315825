/* curl lib/splay.c, lib/slist.c, lib/llist.c: a look-up returns NULL only
 * when its argument is NULL, and the caller passes a pointer it has tested.
 * Reported: PTR-null-fun-pos (line 25). */
#include <stddef.h>

struct node { struct node *next; int key; };

static struct node *get_last(struct node *list)
{
  struct node *item;
  if(!list)
    return NULL;
  for(item = list; item->next; item = item->next)
    ;
  return item;
}

struct node *append(struct node *list, struct node *n)
{
  struct node *last;
  n->next = NULL;
  if(!list)
    return n;
  last = get_last(list);
  last->next = n;
  return list;
}
