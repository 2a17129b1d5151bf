"""End to end, every explorer the docs show (issue 26, item 9): Voilà serves the five on
127.0.0.1 the way ``dreidelpoker explore`` does, Debian chromium (driven by playwright) types
bad input into each and sees a message instead of a silent clamp, changes an input and sees
the old results greyed out under a "Computing for …" line until the new ones arrive under a
caption naming their inputs (a slow Two Dreidel recomputation included), and the page logs
no console error and sends no request off the machine. Skipped where chromium, voila or
playwright is absent.

Uses the session's shared ``explorer_page`` (``tests/conftest.py``); every test puts back the
values it changed, so the other explorer tests find the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest


@dataclass(frozen=True)
class Case:
    """One explorer on the page, an input box of it, a bad value and a good one for that box."""

    game: str
    box: str  # CSS class of the control holding the text box
    default: str
    bad: str
    message: str  # what the error line says about the bad value
    good: str
    caption: str  # what the caption says once the good value is computed


CASES = (
    Case("two-dreidel", "dp-pot", "4", "20000", "pot must be from 0 to 10,000; got 20,000", "6", "pot 6"),
    Case("queenie", "dp-q-seed", "1", "-5", "deal must be from 0 to 1,000,000,000; got -5", "42", "deal 42"),
    Case("skirmish", "dp-sk-mine", "9,4,4,K,2", "9,4,Z", "unknown rank 'Z'", "A,A,A,K,Q", "mine A,A,A,K,Q"),
    Case("dice-poker", "dp-opponents", "2,2,1", "9,9,9", "9 is outside 1-6", "4,4,3", "opponents 4,4,3"),
    Case("domino-poker", "dp-known", "", "7-7", "has an end outside 1..6", "2-2", "known 2-2"),
)

#: Installed once per explorer: records every "Computing for" line and whether the results
#: were marked busy (class dp-busy: greyed out, after a 0.1 s fade) at that moment. A MutationObserver
#: sees each change of the page, however quickly the kernel answers.
WATCH_JS = """
(root) => {
  root.dpSeen = [];
  const look = () => {
    const status = root.querySelector('.dp-status');
    const out = root.querySelector('.dp-output');
    const text = status ? status.innerText : '';
    if (text.includes('Computing for')) {
      root.dpSeen.push({text, busy: out.classList.contains('dp-busy')});
    }
  };
  new MutationObserver(look).observe(root, {subtree: true, childList: true, characterData: true,
                                            attributes: true, attributeFilter: ['class']});
}
"""


def _explorer(page: Any, game: str) -> Any:
    root = page.locator(f".dp-explorer.dp-game-{game}")
    assert root.count() == 1, f"{game}: {root.count()} explorers on the page"
    return root


def _type(root: Any, box: str, value: str) -> None:
    field = root.locator(f".{box} input")
    field.fill(value)
    field.press("Enter")


def _wait_for_caption(page: Any, game: str, text: str) -> None:
    page.wait_for_function(
        "([game, text]) => { const r = document.querySelector('.dp-game-' + game);"
        " const c = r && r.querySelector('.dp-caption');"
        " return c && c.innerText.includes(text) && !r.querySelector('.dp-busy'); }",
        arg=[game, text], timeout=120_000)


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_bad_input_gives_a_message_not_a_clamp(explorer_page: Any, case: Case) -> None:
    page = explorer_page
    root = _explorer(page, case.game)
    _type(root, case.box, case.bad)
    page.wait_for_function(
        "game => document.querySelector('.dp-game-' + game + ' .dp-error')", arg=case.game, timeout=60_000)
    error = root.locator(".dp-error").inner_text()
    assert case.message in error, error
    # The box keeps what was typed (no silent clamp), and no stale result sits beside the error.
    assert root.locator(f".{case.box} input").input_value() == case.bad
    assert root.locator(".dp-output").inner_text().strip() == ""
    assert root.locator(".dp-caption").count() == 0
    _type(root, case.box, case.default)
    page.wait_for_function(
        "game => { const r = document.querySelector('.dp-game-' + game);"
        " return !r.querySelector('.dp-error') && r.querySelector('.dp-caption'); }", arg=case.game, timeout=60_000)


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_a_recomputation_greys_the_old_results_and_captions_the_new(explorer_page: Any, case: Case) -> None:
    page = explorer_page
    root = _explorer(page, case.game)
    before = root.locator(".dp-output").inner_text()
    root.evaluate(WATCH_JS)
    _type(root, case.box, case.good)
    _wait_for_caption(page, case.game, case.caption)
    seen = root.evaluate("r => r.dpSeen")
    assert seen, "no 'Computing for' line was shown"
    assert all(s["busy"] for s in seen), seen
    assert any(case.caption in s["text"] for s in seen), seen  # the line names the new inputs
    assert root.locator(".dp-output").inner_text() != before
    _type(root, case.box, case.default)
    _wait_for_caption(page, case.game, f"{case.caption.split()[0]} {case.default or 'none'}")


def test_a_slow_recomputation_shows_only_greyed_results(explorer_page: Any) -> None:
    """Two Dreidel, top two only, 7 opponents at hand no. 999: seconds of work. While it runs,
    the previous results (hand no. 3) are greyed out and the line names hand no. 999."""
    page = explorer_page
    root = _explorer(page, "two-dreidel")
    root.get_by_text("top two only").click()
    _wait_for_caption(page, "two-dreidel", "hand no. 3")
    readout = root.locator(".dp-opponents .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    _wait_for_caption(page, "two-dreidel", "opponents 7")
    _type(root, "dp-hand-number", "999")
    # Greyed out (after the 0.1 s fade) while the line still says it is computing: read at
    # that moment, in the page.
    during = page.wait_for_function(
        "() => { const r = document.querySelector('.dp-game-two-dreidel');"
        " const status = r.querySelector('.dp-status').innerText;"
        " const opacity = parseFloat(getComputedStyle(r.querySelector('.dp-output')).opacity);"
        " return status.includes('Computing for') && opacity < 0.5"
        " && {status, caption: r.querySelector('.dp-caption').innerText}; }",
        timeout=60_000, polling=50).json_value()
    assert "hand no. 999" in during["status"] and "opponents 7" in during["status"], during
    assert "hand no. 3" in during["caption"], during
    _wait_for_caption(page, "two-dreidel", "hand no. 999")
    assert "hand no. 999" in root.locator(".dp-caption").inner_text()
    # Back to the defaults: whole discard pile, 2 opponents.
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    _wait_for_caption(page, "two-dreidel", "opponents 2")
    root.get_by_text("whole discard pile").click()
    page.wait_for_function(
        "() => { const c = document.querySelector('.dp-game-two-dreidel .dp-caption');"
        " return c && !c.innerText.includes('hand no.') && !document.querySelector('.dp-game-two-dreidel .dp-busy'); }",
        timeout=60_000)


def test_the_page_is_clean(explorer_page: Any) -> None:
    """Last in this file, after every explorer was driven: no console error, no uncaught
    exception, no failed request, nothing requested from outside 127.0.0.1 (fonts included)."""
    log = explorer_page.dp_log
    assert explorer_page.locator(".dp-explorer").count() == 5
    assert log.outside == [], log.outside
    assert log.errors == [], "\n".join(log.errors)
    # The fonts the page uses were served by Voilà itself.
    fonts = explorer_page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\.(woff2?|ttf|otf)(\\?|$)/.test(n))")
    assert all(f.startswith("http://127.0.0.1:") for f in fonts), fonts
