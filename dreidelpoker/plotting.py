"""Thin matplotlib helpers used by the result types' ``plot`` methods, and the drawing of a
[`MarkovChain`][dreidelpoker.markov.MarkovChain] (through the chain's public API only)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import Any, Protocol

from .errors import InputError

__all__ = ["bar_chart", "heatmap"]


def axes_or_new(ax: Any) -> Any:
    """The axes to draw on: ``ax`` itself, or a new figure's axes when ``ax`` is ``None``.

    Parameters:
        ax: matplotlib axes, or ``None``.

    Returns:
        Matplotlib axes.
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 3.5))
    return ax


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    ax: Any = None,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    **bar_kwargs: Any,
) -> Any:
    """Draw a labelled bar chart and return the Axes.

    Parameters:
        labels: one label per bar.
        values: the bar heights.
        ax: the matplotlib Axes to draw on (default: a new figure).
        title: the title.
        xlabel: the x-axis label.
        ylabel: the y-axis label.
        **bar_kwargs: passed to ``Axes.bar``.

    Returns:
        The Axes.

    Examples:
        >>> ax = bar_chart(["G", "H"], [0.25, 0.75], title="faces")
        >>> ax.get_title(), len(ax.patches)
        ('faces', 2)
    """
    ax = axes_or_new(ax)
    ax.bar(list(labels), list(values), **bar_kwargs)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(labels) > 8:
        ax.tick_params(axis="x", labelrotation=60)
    return ax


def heatmap(
    values: Sequence[Sequence[float]],
    *,
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    ax: Any = None,
    title: str = "",
    cmap: str = "RdYlGn",
    annotate: bool = True,
    colorbar_label: str = "",
) -> Any:
    """Draw a heatmap with optional decimal annotations and return the Axes.

    Parameters:
        values: the rows of cells (floats; the colour scale runs from 0 to at least 1).
        row_labels: one label per row.
        col_labels: one label per column.
        ax: the matplotlib Axes to draw on (default: a new figure sized to the grid).
        title: the title.
        cmap: the colour map.
        annotate: write each value in its cell.
        colorbar_label: the colour bar's label (no colour bar when empty).

    Returns:
        The Axes.

    Examples:
        >>> ax = heatmap([[1, 0], [0, 1]], row_labels=["a", "b"], col_labels=["x", "y"])
        >>> [t.get_text() for t in ax.get_xticklabels()]
        ['x', 'y']
    """
    import numpy as np

    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(1 + 0.55 * len(col_labels), 0.8 + 0.45 * len(row_labels)))
    arr = np.asarray(values, dtype=float)
    im = ax.imshow(arr, cmap=cmap, vmin=0.0, vmax=max(1.0, float(arr.max()) if arr.size else 1.0))
    ax.set_xticks(range(len(col_labels)), labels=list(col_labels))
    ax.set_yticks(range(len(row_labels)), labels=list(row_labels))
    ax.set_title(title)
    if annotate and arr.size <= 400:
        for i in range(arr.shape[0]):
            for j in range(arr.shape[1]):
                ax.text(j, i, f"{arr[i, j]:.2f}", ha="center", va="center", fontsize=7)
    ax.figure.colorbar(im, ax=ax, label=colorbar_label)
    return ax


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
