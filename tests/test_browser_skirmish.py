"""End to end: Voilà serves the Skirmish explorer, chromium (driven by playwright) types a
new line and sees the exact value change. Skipped where chromium, voila or playwright is absent.

Uses the session's shared ``explorer_page`` (``tests/conftest.py``).
"""

from __future__ import annotations

from typing import Any


def test_typing_a_line_changes_the_value(explorer_page: Any) -> None:
    page = explorer_page
    out = page.locator(".dp-sk-out")
    assert "mine 6 – theirs 4" in out.inner_text()
    box = page.locator(".dp-sk-mine input")
    box.fill("A,A,A,K,Q")
    box.press("Enter")
    page.wait_for_function(
        "() => { const t = document.querySelector('.dp-sk-out');"
        " return t && t.innerText.includes('mine 10'); }", timeout=60_000)
    assert "theirs 0" in out.inner_text()
