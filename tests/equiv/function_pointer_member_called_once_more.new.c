// function: notify
// expect: NOT EQUIVALENT
// why: see the old version.
struct listener { int (*on_event)(int level); int count; };
int notify(struct listener *l, int level) {
    if (l->on_event == 0) return 0;
    int r = l->on_event(level);
    if (level > 3) l->on_event(0);
    return r;
}
