"""Thin matplotlib helpers used by the result types' ``plot`` methods."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
