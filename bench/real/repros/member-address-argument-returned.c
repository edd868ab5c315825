/* htop CommandScreen.c, EnvScreen.c, OpenFilesScreen.c, ProcessLocksScreen.c,
 * TraceScreen.c (*Screen_new): the object is allocated, then the address of
 * its first member (the base class) is passed to the base initializer, which
 * returns it, and that result is returned:
 * `return (Screen *) InfoScreen_init(&this->super, ...);`. The block escapes
 * through the callee's argument and result; `&this->super` is not counted as
 * an escape of `this` (passing `(Base *)this` is), whether or not the callee
 * is defined in the unit. Reported: MEM-leak (line 22). */
#include <stdlib.h>

typedef struct { int height; } Base;
typedef struct { Base super; int pid; } Screen;

Base *Base_init(Base *b, int height)
{
    b->height = height;
    return b;
}

Screen *Screen_new(int pid, int height)
{
    Screen *this = malloc(sizeof(Screen));
    if (!this)
        return NULL;
    this->pid = pid;
    return (Screen *) Base_init(&this->super, height);
}
