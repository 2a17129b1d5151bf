import matplotlib

matplotlib.use("Agg")

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# No per-example time limit: with the tests on every core (make test-unit) and other work on the
# machine, a fast example can miss hypothesis' 200 ms deadline; the tests check answers, not speed.
settings.register_profile("dreidelpoker", deadline=None)
settings.load_profile("dreidelpoker")

# The docs-site browser test needs a built site: `make test-site` runs it after `make docs`.
collect_ignore = [] if os.environ.get("DREIDELPOKER_SITE_DIR") else ["docsite"]

REPO = Path(__file__).resolve().parents[1]

#: Debian's chromium (apt), driven by playwright; never `playwright install`.
CHROMIUM = "/usr/bin/chromium"
#: No host resolves but 127.0.0.1: a request leaving the machine fails at once (and is reported).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

#: The cells of the one notebook the shared Voilà server serves: the five explorers the docs
#: show (one per explorer page), on one page with one kernel (a kernel start costs seconds).
EXPLORER_CELLS = (
    "from dreidelpoker.widgets import two_dreidel_explorer\ntwo_dreidel_explorer()",
    "from dreidelpoker.widgets import queenie_explorer\nqueenie_explorer()",
    "from dreidelpoker.widgets import skirmish_explorer\nskirmish_explorer()",
    "from dreidelpoker.widgets import dice_poker_explorer\ndice_poker_explorer()",
    "from dreidelpoker.widgets.domino_poker import explorer\nexplorer(hand=\"6-6,5-5,2-4,3-1,4-6\")",
)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless chromium for every browser test of the session (playwright's sync API).

    Skipped where Debian's chromium or the playwright package is absent.
    """
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def voila_app(tmp_path_factory: pytest.TempPathFactory, chromium: Any) -> Iterator[str]:
    """One Voilà server on 127.0.0.1 serving the explorers of :data:`EXPLORER_CELLS` as one app,
    started the way ``dreidelpoker explore`` starts it (the package's template and settings).

    Yields the app's address. Skipped where voila is absent; fails with the server's log if
    it does not start.
    """
    pytest.importorskip("voila")
    import nbformat

    root = tmp_path_factory.mktemp("voila_app")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in EXPLORER_CELLS]
    nbformat.write(nb, root / "explorers.ipynb")
    from dreidelpoker.explore import voila_command, voila_environment

    port = free_port()
    env = voila_environment()
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
    log_path = root / "voila.log"
    log = open(log_path, "wb")
    proc = subprocess.Popen(
        voila_command(Path("explorers.ipynb"), port=port, open_browser=False) + ["--ServerApp.port_retries=0"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:  # a connection, not a request: a request for the app would start a kernel
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("voila did not start:\n" + log_path.read_text()[-3000:])
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # only the voila server this fixture started, and its kernel
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


class BrowserLog:
    """What a page logged since it was opened: console errors, uncaught exceptions, failed
    requests and every request that is not for 127.0.0.1."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        page.on("requestfailed", lambda r: self.errors.append(f"failed request: {r.url} {r.failure}"))
        page.on("response", lambda r: self.errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
        page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:"))
                else self.outside.append(r.url))


@pytest.fixture(scope="session")
def explorer_page(chromium: Any, voila_app: str) -> Iterator[Any]:
    """The Voilà app open in chromium at 1024 x 800, every explorer rendered.

    Each explorer's test drives only its own explorer's controls (their CSS classes are
    distinct), so the tests share one page and one kernel. ``page.dp_log`` is the page's
    :class:`BrowserLog`, recording from before the page loads.
    """
    page = chromium.new_page(viewport={"width": 1024, "height": 800})
    page.dp_log = BrowserLog(page)
    try:
        page.goto(voila_app, timeout=120_000)
        for selector in (".dp-output .dp-putback", ".dp-q-out", ".dp-sk-out", ".dp-game-dice-poker .dp-caption",
                         ".dp-game-domino-poker .dp-caption"):
            page.locator(selector).first.wait_for(timeout=120_000)
        yield page
    finally:
        page.close()


@pytest.fixture(autouse=True)
def _display_options_restored() -> Iterator[None]:
    """A test (or a docs example it runs) that changes ``dreidelpoker.options.display`` leaves
    it as it found it: the package's doctests run after the tests and expect the defaults."""
    yield
    from dreidelpoker.display import options

    options.display.reset()
