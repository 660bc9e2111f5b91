// function: notify
// expect: NOT EQUIVALENT
// output: external calls
// why: `notify` calls the callback stored in the caller's struct; the new version calls it
//   a second time when level > 3. A caller's callback that counts or prints its calls sees
//   the difference. The code names no function of that type, so before, the member was
//   NULL or an invalid pointer (undefined behaviour, excluded) and the comparison said
//   EQUIVALENT: it covered no callback at all. The member may now hold a function of the
//   caller's (one per type, shared by both versions, calls logged and compared).
struct listener { int (*on_event)(int level); int count; };
int notify(struct listener *l, int level) {
    if (l->on_event == 0) return 0;
    return l->on_event(level);
}
