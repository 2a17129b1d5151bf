"""mkdocs hook: notebook figures as files, with real alt text and a link to the full size.

nbconvert inlines every figure as a base64 ``<img>`` and, lacking alt text, writes "No
description has been provided for this image". For each notebook page this hook:

* writes each figure to ``figure-N.png`` beside the page (the page gets lighter, and the
  image has an address of its own);
* wraps it in a link to that file, so a phone reader can open it at full size;
* sets its alt text from the figure's output metadata, which ``tests/execute_notebooks.py``
  records when it executes the notebook (the figure's title, each panel's title and axes).
  A figure without any (no title, no labels) keeps a plain description naming its notebook
  cell, and the site test reports it.
"""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path
from typing import Any

IMG = re.compile(r'<img\b(?P<before>[^>]*?)\s?src="data:image/png;base64,(?P<data>[A-Za-z0-9+/=\s]+)"(?P<after>[^>]*)>')


def figure_alts(notebook: Path) -> dict[str, str]:
    """base64 PNG data (whitespace removed) -> alt text recorded for it at execution."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    alts: dict[str, str] = {}
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            data = out.get("data", {}).get("image/png")
            if not data:
                continue
            key = re.sub(r"\s", "", "".join(data) if isinstance(data, list) else data)
            alt = (out.get("metadata", {}).get("alt")
                   or out.get("metadata", {}).get("image/png", {}).get("alt") or "")
            alts[key] = str(alt)
    return alts


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    if not page.file.src_uri.endswith(".ipynb") or "data:image/png" not in html_text:
        return html_text
    alts = figure_alts(Path(page.file.abs_src_path))
    out_dir = Path(config["site_dir"]) / Path(page.file.dest_uri).parent
    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0

    def replace(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        data = re.sub(r"\s", "", m.group("data"))
        name = f"figure-{count}.png"
        (out_dir / name).write_bytes(base64.b64decode(data))
        rest = re.sub(r'\s*alt="[^"]*"', "", m.group("before") + m.group("after")).rstrip().rstrip("/")
        alt = alts.get(data, "")
        attrs = f' alt="{html.escape(alt)}"' if alt else ""
        return (f'<a class="dp-figure" href="{name}" title="Open the full-size figure">'
                f'<img src="{name}"{attrs}{rest} loading="lazy"></a>')

    return IMG.sub(replace, html_text)
