"""The built docs site in a real browser (Debian chromium driven by playwright).

Run by ``make test-site`` after ``make docs`` (``DREIDELPOKER_SITE_DIR`` points at the
built site; ``tests/conftest.py`` leaves this folder out of plain ``pytest tests``).
Every page of the nav is opened at 1280 px and at 390 px, and the test fails on:

* a console error or an uncaught exception from the site's own resources;
* a failed request, a response >= 400, or any request leaving 127.0.0.1 (the site must
  work offline: MathJax and everything else are served by the site itself; a local build
  names no repository, so Material's header makes no GitHub API call either);
* raw TeX left visible after MathJax has finished;
* a table wider than the page content that is not inside a horizontal scroll container;
* an empty notebook output (e.g. an explorer widget that renders as an empty box), or an
  explorer without its static snapshot;
* a table whose first three columns (the hand, the decimal equity, the verdict: what decides)
  are not fully on screen without scrolling, or a table wider than twice the content column;
* an image shown at under 60% of its natural width that does not link to a larger copy, or
  an image without real alt text (none, or nbconvert's "No description has been provided");
* at 390 px: a page wider than the screen, or the ``In [n]:`` gutter still shown.

A screenshot (the first screen) of every page at both widths goes to ``DREIDELPOKER_SCREENSHOTS``
(default ``build/screenshots/``); ``make test-site`` prints the folder.

How it stays fast: one chromium, one browser context per width (its HTTP cache keeps
MathJax and the theme's scripts between pages), both widths crawled at once with
``DREIDELPOKER_SITE_JOBS`` tabs per width (default 2, each reused page after page), no
request interception (the browser resolves no host but 127.0.0.1, so a request leaving
the site fails and is reported), and a page's screenshot is
taken again only when something it is drawn from changed: the screenshot's fingerprint
(the page's HTML, every non-HTML file of the site, the width) is kept next to it. Every
check runs on every page at both widths in every run.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import http.server
import os
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SITE = Path(os.environ.get("DREIDELPOKER_SITE_DIR", REPO / "site"))
SHOTS = Path(os.environ.get("DREIDELPOKER_SCREENSHOTS", REPO / "build" / "screenshots"))
WIDTHS = (1280, 390)
JOBS = max(1, int(os.environ.get("DREIDELPOKER_SITE_JOBS", "2")))


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


#: Runs in the page: everything the test checks, as one JSON-able report.
CHECKS_JS = r"""
() => {
  const out = {rawTex: [], wideTables: [], emptyOutputs: [], explorers: 0, snapshots: 0, widgetViews: 0,
               hiddenColumns: [], tooWide: [], smallImages: [], badAlt: []};
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
  // The deciding columns: each table's first three header cells fully on screen without
  // scrolling (inside the table's scroll container and the window), and no table wider than
  // twice the content column.
  const column = content.getBoundingClientRect();
  for (const t of content.querySelectorAll("table")) {
    if (!t.offsetParent) continue;
    const row = t.querySelector("thead tr") || t.querySelector("tr");
    if (!row) continue;
    let box = {left: 0, right: window.innerWidth};
    for (let a = t.parentElement; a && a !== document.body; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if (ox === "auto" || ox === "scroll" || ox === "hidden") {
        const r = a.getBoundingClientRect();
        box = {left: Math.max(box.left, r.left), right: Math.min(box.right, r.right)};
      }
    }
    const cells = [...row.children].slice(0, 3);
    const hidden = cells.filter(c => {
      const r = c.getBoundingClientRect();
      return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
    });
    const label = (t.innerText || "").trim().replace(/\s+/g, " ").slice(0, 60);
    if (hidden.length) out.hiddenColumns.push(`${label} (hidden: ${hidden.map(c => (c.innerText || "").trim() || "?").join(", ")})`);
    const width = t.getBoundingClientRect().width;
    if (width > 2 * column.width + 1) out.tooWide.push(`${Math.round(width)} px in a ${Math.round(column.width)} px column: ${label}`);
  }
  // Images: shown at >= 60% of their natural width, or linked to a larger copy; real alt text.
  for (const img of content.querySelectorAll("img")) {
    if (!img.offsetParent || !img.naturalWidth) continue;
    const ratio = img.getBoundingClientRect().width / img.naturalWidth;
    const link = img.closest("a[href]");
    const linked = !!link && /\.(png|svg|jpe?g|webp)(\?|#|$)/i.test(link.getAttribute("href"));
    if (ratio < 0.6 && !linked) out.smallImages.push(`${img.getAttribute("src").slice(0, 60)} at ${Math.round(100 * ratio)}%`);
    const alt = (img.getAttribute("alt") || "").trim();
    if (!alt || /no description has been provided/i.test(alt)) out.badAlt.push(img.getAttribute("src").slice(0, 60));
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
  out.badStatus = performance.getEntriesByType("resource")
    .filter(e => e.responseStatus >= 400).map(e => `${e.responseStatus}: ${e.name}`);
  return out;
}
"""

#: Resolves true once MathJax has started up (its first typeset included: the "End" startup
#: hook, replayed if already past) and then finished whatever else is queued; false without
#: MathJax; "timeout" if that takes over a minute.
WAIT_MATHJAX_JS = """
() => new Promise(resolve => {
  const MJ = window.MathJax;
  if (!(MJ && MJ.Hub && MJ.Hub.Queue && MJ.Hub.Register)) { resolve(false); return; }
  setTimeout(() => resolve("timeout"), 60000);
  // Queue from outside the hook: queued inside it, the callback would wait behind the startup.
  MJ.Hub.Register.StartupHook("End", () => setTimeout(() => MJ.Hub.Queue(() => resolve(true)), 0));
})
"""

#: Requests allowed to leave the site: none. (A published build names its repository, and
#: Material's header then asks the GitHub API for its star count; a local build names none.)
OPTIONAL_ORIGINS: tuple[str, ...] = ()

#: Chromium flag: no host resolves but 127.0.0.1, so every request leaving the site fails.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"

#: Notebook pages whose notebooks show an explorer (a static snapshot on the site).
EXPLORER_PAGES = ("notebooks/at_the_table/", "notebooks/dice_poker/", "notebooks/domino_poker/",
                  "notebooks/queenie/", "notebooks/skirmish/")


@dataclass
class PageResult:
    """What one visit found: the page, its problems and how long it took."""

    title: str
    path: str
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    screenshot: str = "taken"


def site_fingerprint(site: Path) -> str:
    """A digest of every file of the site that is not an HTML page (styles, scripts, MathJax, images)."""
    digest = hashlib.sha256()
    for f in sorted(p for p in site.rglob("*") if p.is_file() and p.suffix != ".html"):
        digest.update(str(f.relative_to(site)).encode())
        digest.update(hashlib.sha256(f.read_bytes()).digest())
    return digest.hexdigest()


def page_fingerprint(site: Path, path: str, width: int, assets: str) -> str:
    """What a page's screenshot is drawn from: its HTML, the site's other files, the width."""
    html = (site / path / "index.html").read_bytes()
    return hashlib.sha256(html + assets.encode() + str(width).encode()).hexdigest()


def _judge(result: PageResult, report: dict[str, Any], width: int) -> None:
    """Turn the in-page report into the page's problems."""
    problems = result.problems
    problems += [f"HTTP {s}" for s in report["badStatus"]]
    problems += [f"raw TeX visible: {t!r}" for t in report["rawTex"]]
    problems += [f"table wider than the page without a scroll container: {t!r}" for t in report["wideTables"]]
    problems += [f"empty notebook output ({c})" for c in report["emptyOutputs"]]
    problems += [f"deciding column off-screen: {t}" for t in report["hiddenColumns"]]
    problems += [f"table wider than twice the column: {t}" for t in report["tooWide"]]
    problems += [f"image shown small without a link to a larger copy: {t}" for t in report["smallImages"]]
    problems += [f"image without real alt text: {t}" for t in report["badAlt"]]
    if result.path in EXPLORER_PAGES and report["snapshots"] < 1:
        problems.append("explorer without its static snapshot")
    if width < 500:
        if report["pageWidth"] > width + 1:
            problems.append(f"page is {report['pageWidth']} px wide on a {width} px screen")
        if report["visiblePrompts"]:
            problems.append(f"{report['visiblePrompts']} In [n]: prompts shown on a phone")


async def _worker(context: Any, origin: str, width: int, queue: list[PageResult], assets: str,
                  site: Path, shots: Path) -> None:
    """Visit the queued pages one after another in one tab (its renderer is reused)."""
    page = await context.new_page()
    current: list[PageResult] = []  # the page being visited, for the listeners

    def note(problem: str) -> None:
        if current:
            current[0].problems.append(problem)

    page.on("console", lambda m: note(f"console {m.type}: {m.text} ({m.location.get('url', '')})")
            if m.type == "error" and m.location.get("url", "").startswith(origin) else None)
    page.on("pageerror", lambda e: note(f"uncaught: {e}"))
    # net::ERR_ABORTED is a request the browser dropped on purpose: in a reused tab, what the
    # previous page still had in flight (e.g. its favicon) when the next one was opened.
    page.on("requestfailed", lambda r: note(
        f"failed request: {r.url} {r.failure}" if r.url.startswith(origin)
        else f"request leaves the site: {r.url}")
        if not r.url.startswith(OPTIONAL_ORIGINS) and r.failure != "net::ERR_ABORTED" else None)
    try:
        while queue:
            result = queue.pop(0)
            current[:] = [result]
            start = time.perf_counter()
            name = result.path.strip("/").replace("/", "__") or "index"
            shot = shots / str(width) / f"{name}.png"
            try:
                response = await page.goto(f"{origin}/{result.path}", wait_until="load", timeout=90_000)
                if response is None or response.status >= 400:
                    result.problems.append(f"HTTP {response.status if response else 'no response'}: the page")
                mathjax = await page.evaluate(WAIT_MATHJAX_JS)
                if mathjax is not True:
                    result.problems.append("MathJax is not loaded" if mathjax is False
                                           else "MathJax did not finish typesetting within a minute")
                await page.wait_for_timeout(150)
                report = await page.evaluate(CHECKS_JS)
                _judge(result, report, width)
                fingerprint = page_fingerprint(site, result.path, width, assets)
                stamp = shot.with_name(shot.name + ".sha256")
                if shot.exists() and stamp.exists() and stamp.read_text() == fingerprint:
                    result.screenshot = "unchanged"
                else:
                    shot.parent.mkdir(parents=True, exist_ok=True)
                    await page.screenshot(path=str(shot), full_page=False, timeout=60_000)
                    stamp.write_text(fingerprint)
            except Exception as exc:  # a page that cannot be visited fails that page, not the crawl
                result.problems.append(f"visit failed: {type(exc).__name__}: {exc}")
                await page.close()
                page = await context.new_page()
            result.seconds = time.perf_counter() - start
    finally:
        current.clear()
        await page.close()


async def crawl_site(async_api: Any, site_url: str, pages: list[tuple[str, str]], *, site: Path = SITE,
                     shots: Path = SHOTS, widths: tuple[int, ...] = WIDTHS,
                     jobs: int = JOBS) -> dict[int, list[PageResult]]:
    """Visit every page at every width: one browser context per width, ``jobs`` tabs per width."""
    origin = site_url.rstrip("/")
    assets = site_fingerprint(site)
    results = {w: [PageResult(title, path) for title, path in pages] for w in widths}
    async with async_api.async_playwright() as p:
        # No request interception (it would stop every request on its way): the browser cannot
        # resolve any host but 127.0.0.1, so a request that leaves the site fails at once, and
        # the requestfailed listener reports it.
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [OFFLINE])
        try:
            workers = []
            for width in widths:
                context = await browser.new_context(viewport={"width": width, "height": 900})
                queue = list(results[width])
                workers += [_worker(context, origin, width, queue, assets, site, shots) for _ in range(jobs)]
            await asyncio.gather(*workers)
        finally:
            await browser.close()
    return results


@pytest.fixture(scope="module")
def crawl(site_url: str) -> dict[int, list[PageResult]]:
    """Every nav page at both widths, crawled once for the module."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    async_api = pytest.importorskip("playwright.async_api")
    start = time.perf_counter()
    results = asyncio.run(crawl_site(async_api, site_url, PAGES))
    print(f"\n{len(PAGES)} pages x {len(WIDTHS)} widths in {time.perf_counter() - start:.1f} s "
          f"({JOBS} tabs per width)")
    return results


@pytest.mark.parametrize("width", WIDTHS)
def test_every_nav_page(crawl: dict[int, list[PageResult]], width: int) -> None:
    assert len(PAGES) >= 10, PAGES
    results = crawl[width]
    assert [r.path for r in results] == [p for _, p in PAGES]  # every page, none skipped
    failures: list[str] = []
    for r in results:
        print(f"{width}px {r.path or '/'}: {r.seconds:.1f} s, screenshot {r.screenshot}, "
              f"{len(r.problems)} problem(s)", flush=True)
        failures += [f"{r.title} ({r.path or '/'}) @ {width}px: {p}" for p in r.problems]
    unchanged = sum(r.screenshot == "unchanged" for r in results)
    print(f"\nscreenshots of {len(PAGES)} pages at {width} px ({unchanged} unchanged since the last run): "
          f"{SHOTS / str(width)}")
    assert not failures, "\n".join(failures)


BROKEN_PAGE = """<!doctype html><html><head><title>broken</title></head><body>
<div class="md-content"><div class="md-content__inner" style="width: 600px">
<p>raw $\\frac{1}{2}$ left behind</p>
<table><tr><td style="min-width: 2000px">far too wide</td></tr></table>
<div style="overflow-x: auto"><table><tr><th style="min-width: 500px">hand</th><th>equity</th><th>verdict</th></tr></table></div>
<img src="big.png" style="width: 50px" alt="No description has been provided for this image">
<div class="jp-OutputArea-output"></div>
<img src="missing.png" alt="">
<img src="http://example.invalid/away.png" alt="">
<script>throw new Error("boom");</script>
</div></div></body></html>"""


def test_the_crawler_catches_what_it_checks(tmp_path: Path) -> None:
    """A page with one of each fault: the crawl must report every one (a test of the test)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    async_api = pytest.importorskip("playwright.async_api")
    site = tmp_path / "site"
    (site / "broken").mkdir(parents=True)
    (site / "broken" / "index.html").write_text(BROKEN_PAGE)
    (site / "style.css").write_text("body {}")
    import base64
    (site / "broken" / "big.png").write_bytes(base64.b64decode(  # a 200 x 20 px grey PNG
        "iVBORw0KGgoAAAANSUhEUgAAAMgAAAAUCAAAAADtzy0WAAAATklEQVR4nN3OAQkAAAzDsEqf9JsoFB4FYU9QByzUAQt1wEId"
        "sFAHLNQBC3XAQh2wUAcs1AELdcBCHbBQByzUAQt1wEIdsFAHLNQBC3XAcsf60GqKR9SGAAAAAElFTkSuQmCC"))
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        results = asyncio.run(crawl_site(async_api, f"http://127.0.0.1:{server.server_address[1]}/",
                                         [("Broken", "broken/")], site=site, shots=tmp_path / "shots",
                                         widths=(390,), jobs=1))
    finally:
        server.shutdown()
        server.server_close()
    text = "\n".join(results[390][0].problems)
    for expected in ("MathJax is not loaded", "raw TeX visible", "table wider than the page",
                     "empty notebook output", "404", "request leaves the site: http://example.invalid/away.png",
                     "uncaught: boom", "page is", "deciding column off-screen", "table wider than twice",
                     "image shown small", "image without real alt text"):
        assert expected in text, f"{expected!r} not reported; got:\n{text}"
    assert (tmp_path / "shots" / "390" / "broken.png").exists()
