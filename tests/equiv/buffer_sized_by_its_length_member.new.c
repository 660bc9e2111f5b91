struct buf { char *data; unsigned long len; unsigned long pos; };

int buf_put_tail(struct buf *b, char c) {
    if (b == 0 || b->data == 0 || b->pos >= b->len || b->len - b->pos < 20) {
        return -1;
    }
    b->data[b->pos + 19] = c;
    return 1;
}
