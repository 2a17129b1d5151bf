"""End to end: Voilà serves the Queenie explorer; chromium (driven by playwright) types another
deal number and sees the new deal. Skipped where chromium, voila or playwright is absent.

Uses the session's shared ``explorer_page`` (``tests/conftest.py``).
"""

from __future__ import annotations

from typing import Any


def test_typing_a_deal_number_shows_that_deal(explorer_page: Any) -> None:
    page = explorer_page
    out = page.locator(".dp-q-out")
    assert "deal 1," in out.inner_text() and "run 0 of" in out.inner_text()
    box = page.locator(".dp-q-seed input")
    box.fill("42")
    box.press("Enter")
    page.wait_for_function(
        "() => { const t = document.querySelector('.dp-q-out');"
        " return t && t.innerText.includes('deal 42,'); }", timeout=60_000)
    assert "dummy decision" in out.inner_text()
