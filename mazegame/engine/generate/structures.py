"""The structures Kruskal and Prim grow trees with, on the square and on boards: union by
size whose sets the trace labels (`unite`, `merge_sets`), and a 4-ary heap of edges packed
with their weights (`heap_push`, `heap_pop`)."""

from __future__ import annotations

from mazegame.engine.generate.common import find
from mazegame.engine.jit import kernel
from mazegame.engine.trace import LABEL, emit


@kernel
def unite(parent, size, x, y):
    """Join the trees of x and y (`common.find`'s links), union by size: (the kept root,
    the root joined to it), or (-1, -1) when they are one tree already."""
    a = find(parent, x)
    b = find(parent, y)
    if a == b:
        return -1, -1
    if size[a] < size[b]:  # a's tree is the smaller: b's root is kept
        a, b = b, a
    size[a] += size[b]
    parent[b] = a
    return a, b


@kernel
def merge_sets(head, nxt, a, b, a_was_alone, buf, k):
    """Trace set b joining set a: b's cells (and a's one cell, if it was alone) get the label
    a + 1; then b's chain is spliced onto a's."""
    if a_was_alone:
        k = emit(buf, k, LABEL, a, a + 1)
    c = head[b]
    while True:
        k = emit(buf, k, LABEL, c, a + 1)
        if nxt[c] < 0:
            break
        c = nxt[c]
    nxt[c] = head[a]
    head[a] = head[b]
    return k


#: A heap entry packs (weight << 32 | edge) into one int64 (the edge: cell * sides + side),
#: so comparing entries compares weights and sifting moves one word, not a key and an item.
WEIGHT_SHIFT = 32
EDGE_MASK = (1 << 32) - 1


@kernel
def heap_push(heap, size, entry):
    """Add an entry to the 4-ary min-heap heap[:size]; returns the new size (four children a
    node, 4i+1..4i+4, one 32-byte run: half the levels of a binary heap)."""
    i = size
    while i > 0:
        parent = (i - 1) >> 2
        if heap[parent] <= entry:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = entry
    return size + 1


@kernel
def heap_pop(heap, size):
    """Remove the smallest entry; returns (entry, new size)."""
    top = heap[0]
    size -= 1
    entry = heap[size]
    i = 0
    while True:
        first = 4 * i + 1
        if first >= size:
            break
        child = first
        last = min(first + 4, size)
        for c in range(first + 1, last):
            if heap[c] < heap[child]:
                child = c
        if heap[child] >= entry:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = entry
    return top, size
