"""The built docs site read as files (no browser): what every page's HTML must not contain.

Run by ``make test-site`` after ``make docs`` (``DREIDELPOKER_SITE_DIR`` is the built site).
Each check reads every HTML page of the site and names the page and the offending text:

* a Sphinx role shown as text (``:class:`X```): mkdocstrings renders only its own
  cross-reference syntax, ``[`X`][dreidelpoker.X]``, as a link;
* a Returns row whose name is an article ("A", "An", "The"): a mis-parsed Google section;
* "RULES.md" (the maintainers' file): the docs cite their own rules pages.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("DREIDELPOKER_SITE_DIR", REPO / "site"))

ROLE = re.compile(r":(?:py:)?(?:class|func|data|meth|mod|attr|exc|obj|const|ref):`?[~.\w]+`?")
RETURNS_TABLE = re.compile(
    r'<span class="doc-section-title">(?:Returns|Yields):</span>.*?<table>(.*?)</table>', re.S)
CELL = re.compile(r"<t([hd])[^>]*>(.*?)</t[hd]>", re.S)


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment (tags dropped, entities decoded)."""
    fragment = re.sub(r"<(script|style)\b.*?</\1>", "", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def site_pages(site: Path = SITE) -> Iterator[tuple[str, str]]:
    """(site path, HTML) of every page of the built site."""
    if not (site / "index.html").exists():
        pytest.fail(f"no built site in {site}: run `make docs` first")
    for page in sorted(site.rglob("*.html")):
        yield str(page.relative_to(site)), page.read_text(encoding="utf-8")


def raw_roles(page_html: str) -> list[str]:
    """Sphinx roles left as text on a page."""
    return ROLE.findall(text_of(page_html))


RETURNS_LIST = re.compile(
    r'<span class="doc-section-title">(?:Returns|Yields):</span>\s*</p>\s*<ul>(.*?)</ul>', re.S)


def article_named_returns(page_html: str) -> list[str]:
    """Returns/Yields rows (table style) or items (list style) named "A", "An" or "The"."""
    found = []
    for items in RETURNS_LIST.findall(page_html):
        for item in re.findall(r"<li\b[^>]*>(.*?)</li>", items, re.S):
            m = re.match(r"\s*<b>\s*<code>(A|An|The)</code>\s*</b>", item)
            if m:
                found.append(text_of(item).strip()[:100])
    for table in RETURNS_TABLE.findall(page_html):
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
        if not rows:
            continue
        header = [text_of(c).strip() for kind, c in CELL.findall(rows[0]) if kind == "h"]
        if "Name" not in header:
            continue
        column = header.index("Name")
        for row in rows[1:]:
            cells = [text_of(c).strip() for _, c in CELL.findall(row)]
            if len(cells) > column and cells[column] in ("A", "An", "The"):
                found.append(" | ".join(cells)[:100])
    return found


def test_no_sphinx_role_is_shown_as_text() -> None:
    found = [f"{path}: {role}" for path, page in site_pages() for role in raw_roles(page)]
    assert not found, f"{len(found)} raw Sphinx role(s) on the site:\n" + "\n".join(found[:50])


def test_no_returns_row_is_named_by_an_article() -> None:
    found = [f"{path}: {row}" for path, page in site_pages() for row in article_named_returns(page)]
    assert not found, f"{len(found)} mis-parsed Returns row(s):\n" + "\n".join(found[:50])


def test_the_html_checks_catch_what_they_check() -> None:
    """A page with one of each fault (a test of the checks themselves)."""
    page = ('<p>Returns a :class:`Distribution`.</p>'
            '<p><span class="doc-section-title">Returns:</span></p><table><thead><tr><th>Name</th>'
            '<th>Type</th><th>Description</th></tr></thead><tbody><tr class="doc-section-item">'
            '<td><code>A</code></td><td><code>int</code></td><td>count</td></tr></tbody></table>')
    assert raw_roles(page) == [":class:`Distribution`"]
    assert raw_roles("<p>a :class:<code>Distribution</code> here</p>") == [":class:Distribution"]
    assert article_named_returns(page) == ["A | int | count"]
    listed = ('<p><span class="doc-section-title">Returns:</span></p><ul><li class="doc-section-item field-body">'
              '<b><code>The</code></b> (<code>int</code>) – count</li></ul>')
    assert article_named_returns(listed) == ["The (int) – count"]
    assert raw_roles('<a href="#x"><code>Distribution</code></a>') == []
    assert unresolved_references("<p>see [the rules][rules-2] and <code>a[i][j]</code></p>") == ["[the rules][rules-2]"]


def test_no_page_cites_a_file_the_reader_cannot_open() -> None:
    # The rules are the site's own pages (docs/rules/, two-dreidel/rules.md); cite them with
    # [Dice Poker rules: values][rules-2-2], never the maintainers' RULES.md.
    found = [f"{path}: ...{text[max(0, i - 60):i + 20]}..." for path, page in site_pages()
             for text in [text_of(page)] for i in [text.find("RULES.md")] if i >= 0]
    assert not found, f"{len(found)} page(s) cite RULES.md:\n" + "\n".join(found)


def test_every_rules_section_the_docs_cite_exists() -> None:
    # Citations are autorefs to these anchors (mkdocs --strict fails on a missing one); the
    # rules pages keep one anchor per section of every game.
    anchors = {f"rules-{s}" for s in ("1", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7", "2", "2-1",
                                      "2-2", "2-3", "2-4", "3", "4", "5", "5-1", "5-2", "5-3", "5-4", "6")}
    found = {a for _, page in site_pages() for a in re.findall(r'<h[1-6] id="(rules-[\d-]+)"', page)}
    assert anchors <= found, f"rules sections without their anchor: {sorted(anchors - found)}"


def unresolved_references(page_html: str) -> list[str]:
    """``[text][identifier]`` left as text (a cross-reference nothing resolved, e.g. in a notebook)."""
    prose = re.sub(r"<(pre|code)\b.*?</\1>", "", page_html, flags=re.S)
    return re.findall(r"\[[^\[\]]+\]\[(?:rules-[\d-]+|dreidelpoker[\w.]*)\]", text_of(prose))


def test_every_cross_reference_became_a_link() -> None:
    # Notebooks are rendered by nbconvert, which knows no autorefs: they link with URLs.
    found = [f"{path}: {ref}" for path, page in site_pages() for ref in unresolved_references(page)]
    assert not found, f"{len(found)} cross-reference(s) shown as text:\n" + "\n".join(found[:50])


def test_the_site_names_no_placeholder_repository() -> None:
    # A local build names no repository (docs/_hooks/publish.py): no OWNER placeholder, no
    # made-up github.io host, nothing that makes the reader's browser call the GitHub API.
    found = [f"{path}: {m}" for path, page in site_pages()
             for m in re.findall(r"OWNER/dreidelpoker|owner\.github\.io|api\.github\.com", page)]
    sitemap = SITE / "sitemap.xml"
    if sitemap.exists():
        found += [f"sitemap.xml: {m}" for m in re.findall(r"owner\.github\.io|OWNER", sitemap.read_text())]
    assert not found, "\n".join(found[:20])


def test_every_notebook_file_link_resolves() -> None:
    missing = []
    for path, page in site_pages():
        for href in re.findall(r'href="([^"#]+\.ipynb)"', page):
            if href.startswith(("http:", "https:")):
                missing.append(f"{path}: {href} (outside the site)")
            elif not (SITE / path).parent.joinpath(href).resolve().is_file():
                missing.append(f"{path}: {href}")
    home = (SITE / "index.html").read_text(encoding="utf-8")
    assert home.count('.ipynb" download') >= 10, "the home page links each notebook's .ipynb"
    assert not missing, "links to notebook files that are not on the site:\n" + "\n".join(missing)


#: A probability shown only as a fraction (a table cell that is nothing but ``p/q``), or a
#: printed fraction that comes before its decimal (``p = 22894/49725``), or scientific
#: notation (``5.88e-02``). The display policy: decimal or percentage first, exact beside it.
BARE_FRACTION_CELL = re.compile(r"^\s*\d+/\d+\s*$")
FRACTION_FIRST = re.compile(r"(?<![\w.(/])(\d+/\d+)(?![\w/])(?!\s*(?:of|in|per)\b)")
SCIENTIFIC = re.compile(r"(?<![\w.])\d(?:\.\d+)?e[-+]\d+\b", re.I)


def probability_problems(page_html: str) -> list[str]:
    """Table cells and notebook outputs that show a probability fraction-only or in e-notation."""
    found = []
    body = re.sub(r"<(script|style)\b.*?</\1>", "", page_html, flags=re.S)
    for cell in re.findall(r"<td\b[^>]*>(.*?)</td>", body, re.S):
        text = text_of(cell).strip()
        if BARE_FRACTION_CELL.match(text):
            found.append(f"fraction-only cell {text!r}")
        elif SCIENTIFIC.search(text):
            found.append(f"scientific notation {text!r}")
    for block in re.findall(r'<div class="[^"]*jp-OutputArea-output[^"]*"[^>]*>\s*<pre>(.*?)</pre>', body, re.S):
        for line in text_of(block).splitlines():
            if SCIENTIFIC.search(line):
                found.append(f"scientific notation in output {line.strip()[:80]!r}")
            elif any(not re.match(r"\s*\(?\s*\d*\.\d+", line[m.end():]) and "(" not in line[max(0, m.start() - 1):m.start()]
                     and re.search(r"\b(p|P|prob|probability|chance)\b|=", line[:m.start()])
                     for m in FRACTION_FIRST.finditer(line)):
                found.append(f"fraction before its decimal in output {line.strip()[:80]!r}")
    return found


def test_probabilities_are_shown_decimal_first() -> None:
    found = [f"{path}: {p}" for path, page in site_pages() for p in probability_problems(page)]
    assert not found, f"{len(found)} probabilities not shown decimal first:\n" + "\n".join(found[:60])


def test_the_probability_check_itself() -> None:
    assert probability_problems("<table><tr><td>7/22</td><td>0.318 (7/22)</td></tr></table>") == [
        "fraction-only cell '7/22'"]
    assert probability_problems("<table><tr><td>1/17 (5.88e-02)</td></tr></table>") == [
        "scientific notation '1/17 (5.88e-02)'"]
    out = '<div class="jp-OutputArea-output"><pre>p = 22894/49725\nP(win) = 0.4604 (22894/49725)\n</pre></div>'
    assert probability_problems(out) == ["fraction before its decimal in output 'p = 22894/49725'"]
