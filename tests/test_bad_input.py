"""Issue 15: the public API refuses bad input with the project's own error, naming the
argument, the (shortened) bad value and what is allowed; nothing is silently accepted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dreidelpoker as dp
from dreidelpoker.errors import InputError, InputTypeError
from dreidelpoker.games import two_dreidel as td
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
from dreidelpoker.games.dice_poker import parse_dice

CASES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("kept_hand_distribution('1-5-5-1')", lambda: td.kept_hand_distribution("1-5-5-1"), InputTypeError,
     "rules must be a TwoDreidelRules"),
    ("DeckState top 7", lambda: td.DeckState((1, 5, 5, 1), (7,), (0, 0, 0, 0)), InputTypeError,
     "DeckState top must be a tuple of symbol indices 0..3"),
    ("DeckState top not held", lambda: td.DeckState((0, 5, 5, 1), (0,), (1, 0, 0, 0)), InputError,
     "not in the deck"),
    ("DeckState negative", lambda: td.DeckState((1, -5, 5, 1), (), (0, 0, 0, 0)), InputTypeError,
     "card counts >= 0"),
    ("deck=None", lambda: td.TwoDreidelRules(deck=None), InputTypeError, "got NoneType None"),  # type: ignore[arg-type]
    ("deck=1551", lambda: td.TwoDreidelRules(deck=1551), InputTypeError, "got int 1551"),  # type: ignore[arg-type]
    ("5000-digit deck", lambda: td.TwoDreidelRules(deck="1" * 5000), InputError, "(5002 characters)"),
    ("deck count > 1000", lambda: td.TwoDreidelRules(deck="1001-1-1-1"), InputError, "from 0 to 1000"),
    ("equity(None)", lambda: td.equity(None), InputTypeError, "hand must be text like 'GH'"),  # type: ignore[arg-type]
    ("equity(123)", lambda: td.equity(123), InputTypeError, "got int 123"),  # type: ignore[arg-type]
    ("showdown None", lambda: td.showdown(["GH", None]), InputTypeError, "got NoneType None"),  # type: ignore[list-item]
    ("spin nan", lambda: td.spin_table(pot=6, equity=float("nan")), InputError,
     "equity must be a number between 0 and 1"),
    ("spin probabilities nan", lambda: td.TwoDreidelRules(spin_probabilities=(float("nan"),) * 4), InputError,
     "spin_probabilities must be finite"),
    ("Distribution negative", lambda: dp.Distribution({"a": -1, "b": 2}), InputError,
     "weight of 'a' is negative (-1)"),
    ("Distribution float", lambda: dp.Distribution({"a": 0.5, "b": 2}), InputTypeError,  # type: ignore[dict-item]
     "weight of 'a' must be an int, got float 0.5"),
    ("Distribution zero", lambda: dp.Distribution({"a": 0}), InputError, "at least one outcome with positive weight"),
    ("dice -1", lambda: parse_dice("-1,5,3"), InputError, "'-1' is not a die face"),
    ("dice superscript", lambda: parse_dice("²,5,3"), InputError, "'²' is not a die face"),
    ("Nun-only dreidel", lambda: ClassicDreidelRules(players=2, coins=2, face_probabilities=(0, 0, 1, 0)),
     InputError, "face_probabilities (0, 0, 1, 0) make a game that may never end: only Nun can come up"),
    ("Gimel-only dreidel", lambda: ClassicDreidelRules(players=2, coins=3, face_probabilities=(1, 0, 0, 0)),
     InputError, "face_probabilities (1, 0, 0, 0) make a game that may never end: only Gimel can come up"),
    ("Gimel-less continuous_winnings",
     lambda: dp.classic_dreidel.continuous_winnings(2, rules=ClassicDreidelRules(face_probabilities=(0, "1/2", 0, "1/2"))),
     InputError, "give Gimel a positive probability"),
    ("Two Dreidel game that cannot end",
     lambda: td.new_game(td.TwoDreidelRules(deck="0-0-12-0", blind=0, streets="spins-then-bet",
                                            spin_probabilities=(0, 0, 1, 0)), players=2),
     InputError, "a player down to one chip can never lose it"),
    ("hand number", lambda: td.opponent_posterior(discards="GH", hand_number=10 ** 12, visibility="top-two"),
     InputError, "hand_number must be an integer from 1 to 10,000, got 1000000000000"),
    ("10,000 discards", lambda: td.opponent_posterior(discards=["HN"] * 10_000), InputError,
     "at most 9,999"),
    ("samples 10**10", lambda: td.monte_carlo_equity("GH", samples=10 ** 10), InputError,
     "samples must be an integer from 2 to 10,000,000"),
    ("samples 1", lambda: dp.dice_poker.equity("6,5,3", opponent_dice=["2,2,1"], method="monte-carlo",
                                               samples=1), InputError, "from 2 to 10,000,000"),
]


@pytest.mark.parametrize(("name", "call", "error", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_refused_clearly(name: str, call: Callable[[], Any], error: type[Exception],
                                      message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)
    assert isinstance(info.value, InputError)
    assert len(str(info.value)) < 400, "messages shorten long values"


def test_good_input_still_works() -> None:
    assert parse_dice("6-5-3") == parse_dice("653") == (6, 5, 3)
    assert dp.Distribution({"a": 1, "b": 0})["a"] == 1
    assert td.DeckState((1, 5, 5, 1), (1,), (0, 0, 0, 0)).top == (1,)
    with pytest.raises(TypeError, match="tuple of symbol indices"):
        td.DeckState((1, 5, 5, 1), 1, (0, 0, 0, 0))  # type: ignore[arg-type]
    assert td.TwoDreidelRules(deck=[2, 6, 6, 2]).deck_label == "2-6-6-2"
