"""End to end: Voilà serves the table explorer, Debian chromium (driven by playwright) changes
a control and sees the numbers change. Skipped where chromium, voila or playwright is absent."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    pytest.importorskip("voila")
    pytest.importorskip("playwright.sync_api")
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from dreidelpoker.widgets import two_dreidel_explorer\ntwo_dreidel_explorer()"
    )]
    nbformat.write(nb, tmp_path / "explorer_app.ipynb")
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    log = open(tmp_path / "voila.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "explorer_app.ipynb", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0"],
        cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("voila did not start:\n" + (tmp_path / "voila.log").read_text()[-3000:])
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # only the voila server this test started, and its kernel
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def test_changing_the_drawn_cards_changes_the_equities(voila_url: str) -> None:
    from playwright.sync_api import sync_playwright

    from dreidelpoker.games.two_dreidel.information import opponent_posterior
    from dreidelpoker.games.two_dreidel.table import put_back_equities

    opponents = [opponent_posterior(discards="GH,NN"), opponent_posterior(discards="HH,HN")]
    expected = put_back_equities("HNS", opponents=opponents)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 800})
            page.goto(voila_url, timeout=120_000)
            table = page.locator(".dp-output .dp-putback")
            table.wait_for(timeout=120_000)
            # At 1024 px no control label is cut off and every control sits inside the window.
            clipped = page.evaluate(
                "() => [...document.querySelectorAll('.dp-explorer .widget-label, .dp-explorer input')]"
                ".filter(e => e.offsetParent && (e.scrollWidth > e.clientWidth + 1"
                " || e.getBoundingClientRect().right > window.innerWidth))"
                ".map(e => e.textContent || e.value)"
            )
            assert clipped == [], clipped
            before = table.inner_text()
            assert "GH" in before  # drew GHN by default: keep GH is a choice
            box = page.locator(".dp-drawn input")
            box.fill("HNS")
            box.press("Enter")
            page.wait_for_function(
                "() => { const t = document.querySelector('.dp-output .dp-putback');"
                " return t && t.innerText.includes('HNS'); }",
                timeout=60_000,
            )
            after = table.inner_text()
            assert after != before
            for choice in expected.choices:
                assert f"{choice.equity.p}/{choice.equity.q}" in after
        finally:
            browser.close()
