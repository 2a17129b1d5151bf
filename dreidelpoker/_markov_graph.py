"""Graph algorithms of a Markov chain on its integer-indexed rows (``rows[i]`` maps each
successor index of state ``i`` to its probability): classes, closedness, period and
reachability. [`MarkovChain`][dreidelpoker.markov.MarkovChain] answers in states; these work in
indices."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence

import numpy as np


#: Up to this many states the classes are found in plain Python (Tarjan), which is quicker
#: than importing scipy (about 0.15 s of a fresh process) for a small chain.
SMALL_GRAPH = 2000


def _strong_labels(rows: Sequence[Mapping[int, object]]) -> list[int]:
    """A strongly connected component label per index (Tarjan's algorithm, iterative)."""
    n = len(rows)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    label = [-1] * n
    counter = labels = 0
    for root in range(n):
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, iter(rows[root]))]
        while work:
            v, successors = work[-1]
            for w in successors:
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, iter(rows[w])))
                    break
                if on_stack[w]:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    u = work[-1][0]
                    low[u] = min(low[u], low[v])
                if low[v] == index[v]:
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        label[w] = labels
                        if w == v:
                            break
                    labels += 1
    return label


def strong_classes(rows: Sequence[Mapping[int, object]]) -> tuple[list[list[int]], list[bool]]:
    """The communicating classes (ordered by their first index) and whether each is closed.

    Parameters:
        rows: the successors of each state.

    Returns:
        ``(classes, closed)``.
    """
    n = len(rows)
    if n <= SMALL_GRAPH:
        label_of = _strong_labels(rows)
    else:
        import scipy.sparse as sp
        from scipy.sparse.csgraph import connected_components

        ri = [i for i, row in enumerate(rows) for _ in row]
        ci = [j for row in rows for j in row]
        adj = sp.csr_matrix((np.ones(len(ri), dtype=np.int8), (ri, ci)), shape=(n, n))
        label_of = connected_components(adj, directed=True, connection="strong")[1].tolist()
    groups: dict[int, list[int]] = {}
    for i, lab in enumerate(label_of):
        groups.setdefault(lab, []).append(i)
    classes = sorted(groups.values(), key=lambda c: c[0])
    closed = [all(label_of[j] == label_of[c[0]] for i in c for j in rows[i]) for c in classes]
    return classes, closed


def class_period(rows: Sequence[Mapping[int, object]], members: Sequence[int]) -> int:
    """The period of one communicating class: the gcd of its cycle lengths (0 if it has none).

    Parameters:
        rows: the successors of each state.
        members: the class's indices.

    Returns:
        The period.
    """
    inside = set(members)
    level = {members[0]: 0}
    queue = deque([members[0]])
    g = 0
    while queue:
        i = queue.popleft()
        for j in rows[i]:
            if j not in inside:
                continue
            if j not in level:
                level[j] = level[i] + 1
                queue.append(j)
            else:
                g = math.gcd(g, level[i] + 1 - level[j])
    return g


def reachable(rows: Sequence[Mapping[int, object]], k: int, *, stop: set[int] | None = None) -> list[int]:
    """The indices reachable from ``k`` in breadth-first order, not walking on from ``stop``.

    Parameters:
        rows: the successors of each state.
        k: the start index.
        stop: indices that are reached but not left.

    Returns:
        The indices, ``k`` first.
    """
    seen = {k}
    order = [k]
    queue = deque([k])
    while queue:
        i = queue.popleft()
        if stop is not None and i in stop:
            continue
        for j in rows[i]:
            if j not in seen:
                seen.add(j)
                order.append(j)
                queue.append(j)
    return order
