"""mkdocs hook: render the notebooks that ``make test-notebooks`` already executed.

``tests/execute_notebooks.py`` runs every ``notebooks/*.ipynb`` once and writes the executed
copy to ``build/notebooks/``. This hook points each notebook page of the site at its
executed copy, so mkdocs-jupyter (``execute: false``) only renders. A notebook page
without an executed copy fails the build with the command that makes one; set
``DREIDELPOKER_DOCS_UNEXECUTED=1`` to preview the site with unexecuted notebooks instead.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

EXECUTED = Path(__file__).resolve().parents[2] / "build" / "notebooks"


def on_files(files: Any, config: Any) -> Any:
    missing = []
    for f in files:
        if not f.src_uri.endswith(".ipynb"):
            continue
        copy = EXECUTED / Path(f.src_uri).name
        if copy.exists():
            f.abs_src_path = str(copy)
        elif not os.environ.get("DREIDELPOKER_DOCS_UNEXECUTED"):
            missing.append(f.src_uri)
    if missing:
        raise PluginError(
            f"no executed copy of {', '.join(missing)} in {EXECUTED}: run `make test-notebooks` "
            "(or `.venv/bin/python tests/execute_notebooks.py`) first, or set DREIDELPOKER_DOCS_UNEXECUTED=1"
        )
    return files
