#include <stddef.h>
void set_oom_handler(void (*handler)(size_t));
void set_failure_hook(void (*hook)(size_t));
void *xmalloc(size_t size);
void *try_malloc(size_t size);
void *slot_malloc(size_t size);
void (**oom_handler_slot(void))(size_t);
void set_table_oom_handler(void (*handler)(size_t));
void *table_malloc(size_t size);
