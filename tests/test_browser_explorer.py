"""End to end: Voilà serves the table explorer, Debian chromium (driven by playwright) changes
a control and sees the numbers change. Skipped where chromium, voila or playwright is absent.

The page is the session's shared ``explorer_page`` (``tests/conftest.py``): one chromium, one
Voilà app with every explorer, also used by the Queenie and Skirmish explorer tests.
"""

from __future__ import annotations

from typing import Any


def test_no_control_is_clipped_at_1024_px(explorer_page: Any) -> None:
    # Every explorer on the page: no control label is cut off, every control is inside the window.
    clipped = explorer_page.evaluate(
        "() => [...document.querySelectorAll('.dp-explorer .widget-label, .dp-explorer input')]"
        ".filter(e => e.offsetParent && (e.scrollWidth > e.clientWidth + 1"
        " || e.getBoundingClientRect().right > window.innerWidth))"
        ".map(e => e.textContent || e.value)"
    )
    assert clipped == [], clipped
    assert explorer_page.locator(".dp-explorer").count() == 5


def test_changing_the_drawn_cards_changes_the_equities(explorer_page: Any) -> None:
    from dreidelpoker.games.two_dreidel.odds.information import opponent_posterior
    from dreidelpoker.games.two_dreidel.odds.table import put_back_equities

    opponents = [opponent_posterior(discards="GH,NN"), opponent_posterior(discards="HH,HN")]
    expected = put_back_equities("HNS", opponents=opponents)
    page = explorer_page
    table = page.locator(".dp-output .dp-putback")
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
