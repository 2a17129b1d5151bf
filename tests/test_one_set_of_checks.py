"""One set of argument checks (issue 25 item 8, issue 20 item 7): whole numbers, flags and
default rules go through ``dreidelpoker.validation``; inline copies must not come back.

An inline copy is ``isinstance(x, bool) or not isinstance(x, int)`` (or its mirror
``isinstance(x, int) and not isinstance(x, bool)``), which is what
[`check_count`][dreidelpoker.validation.check_count] and
[`is_whole_number`][dreidelpoker.validation.is_whole_number] do, and ``rules or XRules()``,
which is [`default_rules`][dreidelpoker.validation.default_rules] without its type check
(``rules=-1`` then fails deep inside an engine, and an empty rules object would be replaced).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dreidelpoker.validation import is_whole_number

ROOT = Path(__file__).resolve().parent.parent / "dreidelpoker"

#: Where the checks themselves live. ``errors.py`` sits below ``validation.py`` (which imports
#: it) and only formats messages.
HOME = {"validation.py", "errors.py"}

INLINE = [
    ("whole-number check", re.compile(
        r"isinstance\((?P<a>[^(),]+), bool\)\s+or\s+(\\\s*)?not isinstance\((?P=a), \(?(int|numbers\.Integral)")),
    ("whole-number check", re.compile(
        r"not isinstance\((?P<a>[^(),]+), \(?int[^)]*\)\)?\s+or\s+isinstance\((?P=a), bool\)")),
    ("whole-number test", re.compile(
        r"isinstance\((?P<a>[^(),]+), \(?int[^)]*\)\)?\s+and\s+not isinstance\((?P=a), bool\)")),
    ("rules default", re.compile(r"\brules\s+or\s+[A-Z]\w*Rules\(\)")),
]


def _inline_copies(source: str, where: str) -> list[str]:
    found = []
    for what, pattern in INLINE:
        for m in pattern.finditer(source):
            found.append(f"{where}:{source.count(chr(10), 0, m.start()) + 1}: {what}: {m.group(0)}")
    return found


def test_no_inline_copies_of_the_shared_checks() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name in HOME and path.parent == ROOT:
            continue
        found += _inline_copies(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT.parent)))
    assert not found, ("use dreidelpoker.validation (check_count, is_whole_number, check_flag, default_rules): "
                       + "; ".join(found))


@pytest.mark.parametrize("source", [
    "if isinstance(n, bool) or not isinstance(n, int) or n < 1:\n    raise X\n",
    "if isinstance(self.n, bool) or \\\n        not isinstance(self.n, (int, np.integer)):\n    pass\n",
    "if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:\n    pass\n",
    "sizes = [a for a in legal if isinstance(a, int) and not isinstance(a, bool)]\n",
    "if isinstance(value, (int, np.integer)) and not isinstance(value, bool):\n    pass\n",
    "rules = rules or DominoPokerRules()\n",
])
def test_the_guard_sees_each_kind_of_copy(source: str) -> None:
    assert len(_inline_copies(source, "m")) == 1, source


def test_the_shared_test_refuses_bools_and_floats() -> None:
    import numpy as np

    assert [is_whole_number(v) for v in (3, np.int64(3), True, 3.0, "3", None)] == [True, True, False, False,
                                                                                    False, False]
