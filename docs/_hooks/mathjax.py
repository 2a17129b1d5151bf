"""mkdocs hook: one MathJax (2.7, from the ``jupyter-server-mathjax`` pip package) served by the site.

* ``on_post_build`` copies the package's static MathJax tree to ``site/assets/mathjax/``;
  nothing is fetched from a CDN, so the docs render math offline and in the browser test.
* ``on_post_page`` loads it once on every page (starting up at ``onload``, once every
  configuration block of the page is there), with one configuration: ``\\(…\\)`` and
  ``\\[…\\]`` everywhere (pymdownx.arithmatex turns markdown ``$…$`` into those), and on
  notebook pages also ``$…$`` / ``$$…$$`` (mkdocs-jupyter's template adds that config and
  points at the placeholder URL below, which is replaced by the site's own copy).

MathJax 2 is the version mkdocs-jupyter's template and the ipywidgets HTML manager speak
(``MathJax.Hub``); MathJax 3 leaves notebook formulas raw.
"""

from __future__ import annotations

import posixpath
import shutil
from pathlib import Path
from typing import Any

#: mkdocs.yml sets mkdocs-jupyter's ``custom_mathjax_url`` to this; the hook swaps in the real URL.
PLACEHOLDER = "dreidelpoker-mathjax-placeholder"

CONFIG = """<script type="text/x-mathjax-config">
MathJax.Hub.Config({
  messageStyle: "none",
  showMathMenu: false,
  tex2jax: {inlineMath: [["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]], processEscapes: true},
  "HTML-CSS": {
    availableFonts: [], preferredFont: null, webFont: "STIX-Web", imageFont: null,
    // MathJax probes fonts with url('about:blank'), which Chromium reports as a CORS error.
    styles: {"@font-face": {"font-family": "MathJax_Blank", src: "local('MathJax_Blank')"}}
  },
  menuSettings: {zoom: "None"}
});
</script>"""


def _source() -> Path:
    import jupyter_server_mathjax

    return Path(jupyter_server_mathjax.__file__).parent / "static"


def on_post_page(output: str, page: Any, config: Any) -> str:
    url = page.url or ""
    folder = posixpath.dirname(url) if url.endswith(".html") else url.rstrip("/")
    base = posixpath.relpath("assets/mathjax", folder or ".")
    # The package's combined config; start up at onload: MathJax reads the page's
    # ``text/x-mathjax-config`` blocks when it starts, and notebook pages put theirs (the ``$``
    # delimiters) after the MathJax script, so a fast start from a warm cache missed it.
    src = f"{base}/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe&delayStartupUntil=onload"
    if PLACEHOLDER in output:  # a notebook page: its template already has a <script src=PLACEHOLDER>
        head = output.index("<head>") + len("<head>") if "<head>" in output else 0
        output = output[:head] + CONFIG + output[head:]
        return output.replace(f'src="{PLACEHOLDER}"', f'src="{src}"')
    if "</head>" not in output:
        return output
    return output.replace("</head>", f'{CONFIG}<script src="{src}"></script></head>', 1)


def on_post_build(config: Any) -> None:
    target = Path(config["site_dir"]) / "assets" / "mathjax"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(_source(), target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
