"""The built docs site in a real browser (Debian chromium driven by playwright).

Run by ``make test-site`` after ``make docs`` (``DREIDELPOKER_SITE_DIR`` points at the
built site; ``tests/conftest.py`` leaves this folder out of plain ``pytest tests``).
Every page of the nav is opened at 1280 px and at 390 px, and the test fails on:

* a console error or an uncaught exception from the site's own resources;
* a failed request, a response >= 400, or any request leaving 127.0.0.1 (the site must
  work offline: MathJax and everything else are served by the site itself; the one
  exception is Material's optional GitHub star count, see ``OPTIONAL_ORIGINS``);
* raw TeX left visible after MathJax has finished;
* a table wider than the page content that is not inside a horizontal scroll container;
* an empty notebook output (e.g. an explorer widget that renders as an empty box), or an
  explorer without its static snapshot;
* at 390 px: a page wider than the screen, or the ``In [n]:`` gutter still shown.

A screenshot (the first screen) of every page at both widths goes to ``DREIDELPOKER_SCREENSHOTS``
(default ``build/screenshots/``); ``make test-site`` prints the folder.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SITE = Path(os.environ.get("DREIDELPOKER_SITE_DIR", REPO / "site"))
SHOTS = Path(os.environ.get("DREIDELPOKER_SCREENSHOTS", REPO / "build" / "screenshots"))


def nav_pages() -> list[tuple[str, str]]:
    """(title, site path) of every page in mkdocs.yml's nav, in order."""
    class _Loader(yaml.SafeLoader):
        pass

    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # ignore !!python tags
    config = yaml.load((REPO / "mkdocs.yml").read_text(), Loader=_Loader)
    out: list[tuple[str, str]] = []

    def walk(items: Any, prefix: str = "") -> None:
        for item in items:
            if isinstance(item, str):
                out.append((item, item))
                continue
            for title, target in item.items():
                if isinstance(target, list):
                    walk(target, f"{prefix}{title} / ")
                else:
                    out.append((f"{prefix}{title}", target))

    walk(config["nav"])
    pages = []
    for title, src in out:
        if src.startswith("http"):
            continue
        stem = re.sub(r"\.(md|ipynb)$", "", src)
        path = "" if stem == "index" else (stem[: -len("/index")] if stem.endswith("/index") else stem) + "/"
        pages.append((title, path))
    return pages


PAGES = nav_pages()


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        pytest.fail(f"no built site in {SITE}: run `make docs` first")
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield b
        finally:
            b.close()


#: Runs in the page: everything the test checks, as one JSON-able report.
CHECKS_JS = r"""
() => {
  const out = {rawTex: [], wideTables: [], emptyOutputs: [], explorers: 0, snapshots: 0, widgetViews: 0};
  const skip = new Set(["SCRIPT", "STYLE", "CODE", "PRE", "TEXTAREA", "NOSCRIPT"]);
  const walker = document.createTreeWalker(document.querySelector(".md-content") || document.body,
                                           NodeFilter.SHOW_TEXT);
  const tex = /\\(frac|binom|sum|prod|cdot|leq?|geq?|text|mathrm|mathbf|alpha|beta|times|approx|left|right|sqrt|infty|Pr)\b|\\\(|\\\[|\$\$|\$[^$\s][^$]{0,80}[\\^_{][^$]{0,80}\$/;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    let el = n.parentElement, hidden = false;
    for (let a = el; a; a = a.parentElement) {
      if (skip.has(a.tagName) || a.classList.contains("MathJax_Preview") || a.getAttribute("aria-hidden") === "true") {
        hidden = true; break;
      }
    }
    if (hidden || !el.offsetParent) continue;
    const m = n.textContent.match(tex);
    if (m) out.rawTex.push(n.textContent.trim().slice(0, 120));
  }
  const content = document.querySelector(".md-content__inner") || document.body;
  const right = content.getBoundingClientRect().right;
  for (const t of content.querySelectorAll("table")) {
    if (!t.offsetParent) continue;
    if (t.getBoundingClientRect().right <= right + 2) continue;
    let scrolls = false;
    for (let a = t.parentElement; a && a !== content.parentElement; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if ((ox === "auto" || ox === "scroll") && a.getBoundingClientRect().right <= window.innerWidth) { scrolls = true; break; }
    }
    if (!scrolls) out.wideTables.push((t.innerText || "").trim().slice(0, 80));
  }
  for (const o of document.querySelectorAll(".jp-OutputArea-output")) {
    const empty = (o.innerText || "").trim() === "" && !o.querySelector("img, svg, canvas, iframe, video");
    if (empty) out.emptyOutputs.push(o.className);
  }
  out.snapshots = document.querySelectorAll(".dp-explorer-static").length;
  out.widgetViews = document.querySelectorAll(".jupyter-widgets, .widget-subarea").length;
  out.pageWidth = document.documentElement.scrollWidth;
  const prompts = [...document.querySelectorAll(".jp-InputPrompt")].filter(p => p.offsetParent);
  out.visiblePrompts = prompts.length;
  out.mathjax = !!(window.MathJax && window.MathJax.Hub);
  return out;
}
"""

WAIT_MATHJAX_JS = """
() => new Promise(resolve => {
  if (!(window.MathJax && window.MathJax.Hub && window.MathJax.Hub.Queue)) { resolve(false); return; }
  window.MathJax.Hub.Queue(() => resolve(true));
})
"""

#: Material's header fetches the repository's star / release counts from the GitHub API in
#: the reader's browser; offline it simply shows the repository name. Nothing else may leave.
OPTIONAL_ORIGINS = ("https://api.github.com/",)

#: Notebook pages whose notebooks show an explorer (a static snapshot on the site).
EXPLORER_PAGES = ("notebooks/at_the_table/", "notebooks/dice_poker/", "notebooks/domino_poker/",
                  "notebooks/queenie/", "notebooks/skirmish/")


def _visit(browser: Any, url: str, width: int, shot: Path) -> tuple[dict[str, Any], list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    origin = url.split("/", 3)[:3]
    origin_prefix = "/".join(origin)

    def on_route(route: Any) -> None:
        if route.request.url.startswith(origin_prefix) or route.request.url.startswith("data:"):
            route.continue_()
        elif route.request.url.startswith(OPTIONAL_ORIGINS):
            route.abort()  # optional decoration that degrades gracefully offline
        else:
            problems.append(f"request leaves the site: {route.request.url}")
            route.abort()

    page.route("**/*", on_route)
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text} ({m.location.get('url', '')})")
            if m.type == "error" and m.location.get("url", "").startswith(origin_prefix) else None)
    page.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url} {r.failure}")
            if r.url.startswith(origin_prefix) else None)
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    page.goto(url, wait_until="load", timeout=60_000)
    if not page.evaluate(WAIT_MATHJAX_JS):
        problems.append("MathJax is not loaded")
    page.wait_for_timeout(150)
    report = page.evaluate(CHECKS_JS)
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=False, timeout=60_000)
    context.close()
    return report, problems


@pytest.mark.parametrize("width", [1280, 390])
def test_every_nav_page(site_url: str, browser: Any, width: int) -> None:
    assert len(PAGES) >= 10, PAGES
    failures: list[str] = []
    for title, path in PAGES:
        name = path.strip("/").replace("/", "__") or "index"
        start = time.perf_counter()
        report, problems = _visit(browser, site_url + path, width, SHOTS / str(width) / f"{name}.png")
        print(f"{width}px {path or '/'}: {time.perf_counter() - start:.1f} s, {len(problems)} problem(s)", flush=True)
        problems += [f"raw TeX visible: {t!r}" for t in report["rawTex"]]
        problems += [f"table wider than the page without a scroll container: {t!r}" for t in report["wideTables"]]
        problems += [f"empty notebook output ({c})" for c in report["emptyOutputs"]]
        if path in EXPLORER_PAGES and report["snapshots"] < 1:
            problems.append("explorer without its static snapshot")
        if width < 500:
            if report["pageWidth"] > width + 1:
                problems.append(f"page is {report['pageWidth']} px wide on a {width} px screen")
            if report["visiblePrompts"]:
                problems.append(f"{report['visiblePrompts']} In [n]: prompts shown on a phone")
        failures += [f"{title} ({path or '/'}) @ {width}px: {p}" for p in problems]
    print(f"\nscreenshots of {len(PAGES)} pages at {width} px: {SHOTS / str(width)}")
    assert not failures, "\n".join(failures)
