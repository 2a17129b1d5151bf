"""API fuzz suite (issue 20, items 7 and 8): every parameter of every public callable of the top
level and the game packages gets None, wrong types, empty, negative, zero, huge, NaN, infinity,
unicode digits, code-like text and path text, one at a time, in a call that is otherwise valid
(the callable's own docstring example). Each case must return or raise the library's own
``InputError`` within :data:`~tests.api_fuzz.CASE_LIMIT` seconds, and values no parameter takes
must be refused; see :mod:`tests.api_fuzz` for the rules.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import api_fuzz as af

BASELINES = af.baselines()


def test_every_public_callable_is_fuzzed_or_says_why() -> None:
    fuzzed = {b.qualname for b in BASELINES}
    missing = [q for q, obj, _m in af._public()
               if q not in fuzzed and q not in af.NOT_FUZZED and not af.is_record(obj)]
    assert missing == [], "give these a docstring example that calls them, or a baseline in api_fuzz._manual"
    assert len(BASELINES) > 100


@pytest.mark.parametrize("base", BASELINES, ids=[b.qualname.replace("dreidelpoker.", "") for b in BASELINES])
def test_hostile_arguments_are_refused_clearly(base: af.Baseline, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a code payload that ran would leave its marker here
    # the valid call first, with room for a first call that fills its caches (a table of every hand)
    assert af.run_case(base.func, base.args, base.kwargs, False, limit=120) is None, "the baseline call itself works"
    problems = []
    for case_id, args, kwargs, must_refuse in af.cases(base):
        problem = af.run_case(base.func, args, kwargs, must_refuse)
        if problem is not None:
            problems.append(f"{case_id}: {problem}")
    assert not os.path.exists("pwned"), "a code-like string was run"
    assert problems == [], "\n".join(problems)


def test_the_issue_examples() -> None:
    import dreidelpoker as dp
    from dreidelpoker.errors import InputError, InputTypeError

    with pytest.raises(InputTypeError, match="rules must be a TwoDreidelRules or None"):
        dp.two_dreidel.equity("GH", opponents=1, rules=-1)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="card must be an integer of at most 19 digits"):
        dp.queenie.card_name(10 ** 100)
    with pytest.raises(InputError, match="card must be an integer from 0 to 51"):
        dp.queenie.card_name(-1)
    with pytest.raises(InputError, match="first must be one of 'mine', 'theirs'"):
        dp.skirmish.principal_line((9, 2), (8, 5), first=None)  # type: ignore[arg-type]
