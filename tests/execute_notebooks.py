"""Execute every notebook once: validate it and keep the executed copy for the docs.

``make test-notebooks`` runs this script. It executes ``notebooks/*.ipynb`` (every
notebook found, so new ones are picked up without an edit here) with nbclient in the
current environment, fails on the first cell error of any notebook (the semantics of
``allow_errors: false``, and what ``pytest --nbval-lax`` checked), and writes the executed
copies to ``build/notebooks/``. The docs build renders those copies with
``execute: false`` (``docs/_hooks/executed_notebooks.py`` swaps them in), so every notebook
runs exactly once per ``make test``.

The executed copies drop the internal ``nbval-*`` tags and carry no widget state: the
explorers then render, on the static site, the snapshot their ``text/html`` fallback holds.
Consecutive stream outputs of a cell are joined into one (``print`` writes its text and its
newline separately, and a slow kernel may flush between them, leaving an output that holds
only ``"\\n"``: an empty box on the site), and whitespace-only stream outputs are dropped.

Usage: ``python tests/execute_notebooks.py [--jobs N] [--timeout SECONDS] [NOTEBOOK ...]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "notebooks"
OUT = ROOT / "build" / "notebooks"
INTERNAL_TAGS = ("nbval-ignore-output", "nbval-skip", "nbval-check-output", "nbval-raises-exception")

#: Run in the kernel before the notebook's own cells (and left out of the executed copy): pandas
#: prints floats as decimals (no e-notation), and every
#: figure the inline backend shows carries, in its output metadata, alt text saying what it
#: shows (its title, each panel's title and axis labels). docs/_hooks/figures.py puts it on
#: the site's <img> (nbconvert would write "No description has been provided").
ALT_TEXT_SETUP = """
import matplotlib_inline.backend_inline as _dp_inline

def _dp_describe(fig):
    parts = []
    title = fig._suptitle.get_text().strip() if getattr(fig, "_suptitle", None) else ""
    if title:
        parts.append(title)
    axes = [a for a in fig.axes if a.get_visible() and a.get_label() != "<colorbar>"]
    for ax in axes:
        bits = [ax.get_title().strip()]
        x, y = ax.get_xlabel().strip(), ax.get_ylabel().strip()
        if x or y:
            bits.append(" against ".join(s for s in (y, x) if s))
        text = ": ".join(b for b in bits if b)
        if text:
            parts.append(text)
    kind = "figure" if len(axes) < 2 else f"figure of {len(axes)} panels"
    return (f"A {kind}: " + "; ".join(parts)) if parts else ""

_dp_fetch = _dp_inline._fetch_figure_metadata

def _dp_fetch_with_alt(fig):
    metadata = _dp_fetch(fig) or {}
    alt = _dp_describe(fig)
    if alt:
        metadata["alt"] = alt
    return metadata

_dp_inline._fetch_figure_metadata = _dp_fetch_with_alt

# Decimal first, never e-notation, in pandas tables too (the display policy).
import numpy as _dp_np
import pandas as _dp_pd

_dp_pd.set_option("display.float_format",
                  lambda x: _dp_np.format_float_positional(x, precision=6, unique=False, fractional=False, trim="-"))
"""


def coalesce_streams(outputs: list[dict]) -> list[dict]:
    """Join consecutive stream outputs of one name; drop those left holding only whitespace."""
    joined: list[dict] = []
    for out in outputs:
        prev = joined[-1] if joined else None
        if (out.get("output_type") == "stream" and prev is not None
                and prev.get("output_type") == "stream" and prev.get("name") == out.get("name")):
            prev["text"] = "".join(prev["text"]) + "".join(out["text"])
        else:
            joined.append(out)
    return [o for o in joined if o.get("output_type") != "stream" or "".join(o["text"]).strip()]


def execute(path: Path, *, timeout: int, out_dir: Path = OUT) -> tuple[Path, float, str | None]:
    """Execute one notebook; return (path, seconds, error text or None) and write the copy."""
    start = time.perf_counter()
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(ALT_TEXT_SETUP))
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", allow_errors=False,
        resources={"metadata": {"path": str(path.parent)}}, store_widget_state=False,
    )
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError) as exc:
        return path, time.perf_counter() - start, str(exc)
    del nb.cells[0]  # the alt-text setup is not part of the notebook
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    if errors:
        return path, time.perf_counter() - start, f"{len(errors)} error output(s)"
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
        tags = cell.get("metadata", {}).get("tags")
        if tags:
            kept = [t for t in tags if t not in INTERNAL_TAGS]
            if kept:
                cell.metadata["tags"] = kept
            else:
                del cell.metadata["tags"]
    nb.metadata.pop("widgets", None)
    out_dir.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out_dir / path.name)
    return path, time.perf_counter() - start, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("NOTEBOOK_JOBS", "2")))
    parser.add_argument("--timeout", type=int, default=int(os.environ.get("NOTEBOOK_TIMEOUT", "900")),
                        help="seconds per cell before the run fails (a hung kernel fails the build)")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(SOURCE.glob("*.ipynb"))
    if not paths:
        print("no notebooks found", file=sys.stderr)
        return 1
    if not args.notebooks:  # a full run: drop copies of notebooks that no longer exist
        for stale in OUT.glob("*.ipynb"):
            if not (SOURCE / stale.name).exists():
                stale.unlink()
    start = time.perf_counter()
    failed = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for path, seconds, error in pool.map(lambda p: execute(p, timeout=args.timeout), paths):
            status = "ok" if error is None else "FAILED"
            print(f"{status:>6}  {seconds:6.1f} s  {path.name}", flush=True)
            if error is not None:
                failed += 1
                print(error, file=sys.stderr)
                (OUT / path.name).unlink(missing_ok=True)
    print(f"{len(paths) - failed}/{len(paths)} notebooks executed in {time.perf_counter() - start:.1f} s "
          f"-> {OUT.relative_to(ROOT)}/")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
