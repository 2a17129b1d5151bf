"""Drawing a [`MarkovChain`][dreidelpoker.markov.MarkovChain] with matplotlib and networkx,
through the chain's public API only (states, successors, classes)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any, Protocol

from .errors import InputError


class DrawableChain(Protocol):
    """What drawing needs of a chain ([`MarkovChain`][dreidelpoker.markov.MarkovChain] has it)."""

    @property
    def states(self) -> list[Any]: ...
    @property
    def exact(self) -> bool: ...
    def __len__(self) -> int: ...
    def successors(self, state: Any) -> Mapping[Any, Any]: ...
    def absorbing_states(self) -> Collection[Any]: ...
    def recurrent_classes(self) -> list[frozenset[Any]]: ...


def draw_chain(chain: DrawableChain, ax: Any = None, *, max_states: int = 100,
               label: Callable[[Any], str] = str, edge_labels: bool | None = None, seed: int = 0) -> Any:
    """Draw ``chain``; see [`MarkovChain.draw`][dreidelpoker.markov.MarkovChain.draw]."""
    import matplotlib.pyplot as plt

    n = len(chain)
    if n > max_states:
        raise InputError(f"the chain has {n} states; drawing stays readable up to max_states={max_states} "
                         "(raise it, or draw a smaller model)")
    if ax is None:
        size = min(12.0, 4.0 + n / 10)
        _, ax = plt.subplots(figsize=(size, size * 0.75))
    import networkx as nx  # only for graphs and drawing: keeps the import light

    states = chain.states
    index: dict[Hashable, int] = {s: i for i, s in enumerate(states)}
    rows = [{index[t]: p for t, p in chain.successors(s).items()} for s in states]
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for i, row in enumerate(rows):
        g.add_edges_from((i, j) for j in row)
    pos = nx.kamada_kawai_layout(g) if 1 < n <= 60 else nx.spring_layout(g, seed=seed)
    absorbing = {index[s] for s in chain.absorbing_states()}
    rec = {index[s] for c in chain.recurrent_classes() for s in c}
    colors = ["#d62728" if i in absorbing else "#1f77b4" if i in rec else "#bbbbbb" for i in range(n)]
    node_size = max(120, 900 - 8 * n)
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color=colors, node_size=node_size, alpha=0.9)
    nx.draw_networkx_edges(g, pos, ax=ax, node_size=node_size, arrowsize=8 if n > 30 else 12,
                           width=0.6 if n > 30 else 1.0, alpha=0.6, connectionstyle="arc3,rad=0.08")
    nx.draw_networkx_labels(g, pos, ax=ax, labels={i: label(s) for i, s in enumerate(states)},
                            font_size=6 if n > 30 else 9)
    if edge_labels if edge_labels is not None else n <= 12:
        lab = {(i, j): str(p) if chain.exact else f"{p:.3g}"
               for i, row in enumerate(rows) for j, p in row.items() if i != j}
        nx.draw_networkx_edge_labels(g, pos, edge_labels=lab, ax=ax, font_size=7)
    ax.margins(0.12)  # room for the labels of the outermost nodes
    ax.set_axis_off()
    return ax
