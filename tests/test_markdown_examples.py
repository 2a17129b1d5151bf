"""Every Python example of the docs and the README runs as written.

The blocks of one page run in order in one namespace (a page's later examples build on its
earlier ones, as a reader running them would), each in a fresh temporary folder:

* a ```` ```python ```` block is executed; it must not start with ``>>>`` (that is a session);
* a ```` ```pycon ```` block is a session: its ``>>>`` lines run under doctest and their
  printed output must match (``...`` matches anything, whitespace is normalised).

An example that talks to a server uses an address it starts itself on 127.0.0.1 or the
placeholder ``tcp://SCHEDULER-HOST:8786``, which cannot resolve; a block holding the
placeholder is checked to hold no real address and is not run. No page may name a real
private or public IP address.
"""

from __future__ import annotations

import doctest
import ipaddress
import re
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = sorted([REPO / "README.md", *(p for p in (REPO / "docs").rglob("*.md") if "_hooks" not in p.parts
                                     and p.name != "changelog.md")])
FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
PLACEHOLDER = "SCHEDULER-HOST"
IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")


def blocks(page: Path) -> list[tuple[str, str, int]]:
    """(language, code, line) of every fenced block of a page."""
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        language = (m.group("info").strip().split() or [""])[0]
        body = "\n".join(line[len(m.group("indent")):] for line in m.group("body").splitlines())
        out.append((language, body, text.count("\n", 0, m.start()) + 1))
    return out


def real_addresses(text: str) -> list[str]:
    """IPv4 addresses in a text other than loopback and the unspecified 0.0.0.0."""
    found = []
    for candidate in IPV4.findall(text):
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if not (address.is_loopback or address.is_unspecified):
            found.append(candidate)
    return found


def run_page(page: Path) -> None:
    namespace: dict[str, Any] = {"__name__": "__docs_example__"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    where = page.relative_to(REPO)
    for language, code, line in blocks(page):
        if language not in ("python", "py", "pycon"):
            continue
        if PLACEHOLDER in code:
            continue  # needs a real Dask scheduler: the placeholder cannot resolve
        if language == "pycon":
            test = parser.get_doctest(code, namespace, f"{where}:{line}", str(page), line)
            result = runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # DocTest runs in a copy; later blocks see its names
            assert not result.failed, f"{where}:{line}: the session's output differs (see above)"
            continue
        assert not code.lstrip().startswith(">>>"), f"{where}:{line}: a >>> session belongs in a pycon block"
        try:
            exec(compile(code, f"{where}:{line}", "exec"), namespace)  # noqa: S102 - the docs' own examples
        except Exception as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"{where}:{line}: the example fails: {type(exc).__name__}: {exc}")


@pytest.mark.parametrize("page", [p for p in PAGES if any(lang in ("python", "py", "pycon")
                                                          for lang, _, _ in blocks(p))],
                         ids=lambda p: str(p.relative_to(REPO)))
def test_every_python_example_runs(page: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)  # examples that write (a study store) write there
    run_page(page)


def test_no_page_names_a_real_address() -> None:
    found = [f"{p.relative_to(REPO)}: {a}" for p in PAGES for a in real_addresses(p.read_text(encoding="utf-8"))]
    assert not found, f"use tcp://{PLACEHOLDER}:8786 (or 127.0.0.1 started by the example): " + ", ".join(found)


def test_the_checks_themselves(tmp_path: Path) -> None:
    assert real_addresses("tcp://192.0.2.10:8786 and 127.0.0.1 and 198.51.100.7") == ["192.0.2.10", "198.51.100.7"]
    page = tmp_path / "page.md"
    page.write_text("```python\nx = 2\n```\n\n```pycon\n>>> x + 1\n3\n```\n\n"
                    "```python\nClient('tcp://SCHEDULER-HOST:8786')\n```\n", encoding="utf-8")
    assert [lang for lang, _, _ in blocks(page)] == ["python", "pycon", "python"]
    global REPO
    saved, REPO = REPO, tmp_path
    try:
        run_page(page)
        page.write_text("```pycon\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
        with pytest.raises(AssertionError, match="differs"):
            run_page(page)
        page.write_text("```python\nundefined_name\n```\n", encoding="utf-8")
        with pytest.raises(pytest.fail.Exception, match="NameError"):
            run_page(page)
    finally:
        REPO = saved
