// function: buf_put_tail
// expect: NOT EQUIVALENT
// output: return value
// input: b_object[0].data = &b_object_0_data_object
// why: the new version returns 1 where the old one returns 0, after writing the 20th byte
//   past `pos`: any caller whose buffer has room for it (`len` its size, `pos + 20 <= len`)
//   sees the change. `data` and `len` describe one buffer, as a C caller builds it: the
//   product gives `data` a fresh object of 32 bytes (an 8-byte one, as for any stored
//   `char *`, can never hold the write, so no defined run of the old version returned 0
//   through it) and, in some runs, `len` its size. Before, the only counterexamples were
//   `data` pointing back into `b`'s own array at a wrapped-around offset — an input no
//   caller builds; the distinguishing input now is the caller's own buffer.
struct buf { char *data; unsigned long len; unsigned long pos; };

int buf_put_tail(struct buf *b, char c) {
    if (b == 0 || b->data == 0 || b->pos >= b->len || b->len - b->pos < 20) {
        return -1;
    }
    b->data[b->pos + 19] = c;
    return 0;
}
