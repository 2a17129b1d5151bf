"""Spin decisions ([Two Dreidel rules: one hand of play][rules-1-4], rounds 2 and 3): call or fold after the dreidel sets a buy-in.

The button spins; the face sets a buy-in from the pot (G: the whole pot, H: half of it,
rounded up by default, N: nothing, S: one chip). Every player still in lays a call or
fold card at the same time. Given the hero's showdown **equity** against the players who
call, [`spin_decision`][dreidelpoker.games.two_dreidel.spin_decision] gives the exact expected value of calling and of folding and
the break-even equity; [`spin_table`][dreidelpoker.games.two_dreidel.spin_table] does it for every face.

The model, stated in every result's ``assumptions``:

* EVs are changes of the hero's stack from this moment; chips already in the pot are
  sunk, so folding is worth 0. A pot carried over after nobody calls is not credited to
  anyone.
* Each opponent still in calls independently with ``call_probability`` (default 1: every
  opponent calls). If nobody else calls, the hero, the only caller, wins the pot.
* After the calls the hand goes to showdown with the pot as it is: the no-limit round
  among the callers and any later spin add no chips (everyone checks).
* A short caller goes all-in for less (``short_stack="all-in"``) and the hero can win
  only what they matched (side pots); with ``short_stack="fold"`` a player who cannot
  pay the buy-in must fold.
* The hero's equity is the same whoever calls (pass the equity against all opponents
  still in for the default every-opponent-calls model).
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...._fractions import frac_str, to_fraction
from ....display import number_html, number_text, table_html
from ....exact import ExactRecord, ExactTable, hold_exact
from .equity import MAX_OPPONENTS
from ..rulebook.betting import award, call_payment, spin_buy_in, spin_face_index
from ..rulebook.rules import TwoDreidelRules
from ....errors import InputError, InputTypeError
from ....validation import check_arguments, check_count, default_rules

if TYPE_CHECKING:
    import sympy

__all__ = ["SpinDecision", "SpinTable", "spin_decision", "spin_table"]


def _nonneg_int(name: str, value: object) -> int:
    return check_count(value, name, low=0, high=None, hint="chips")


def _probability(name: str, value: object) -> Fraction:
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InputError(f"{name} must be a number between 0 and 1 (like 0.25 or '1/4'), got {value!r}")
        value = Fraction(str(value))  # the decimal the user typed, exactly
    p = to_fraction(value, what=name)
    if not 0 <= p <= 1:
        raise InputError(f"{name} must be between 0 and 1, got {value!r}")
    return p


@hold_exact("equity", "ev_call", "ev_fold", "break_even")
@dataclass(frozen=True)
class SpinDecision(ExactRecord):
    """Exact EV of calling and folding one spin face, with the break-even equity.

    ``break_even`` is the equity at which calling and folding are worth the same
    (``None`` when the hero may not call); ``decision`` is ``"call"``, ``"fold"`` or
    ``"either"`` (equal EVs). The exact values are held as Fractions and shown as sympy
    Rationals (``.fractions()`` gives them as held).

    Examples:
        >>> import sympy
        >>> from dreidelpoker.games.two_dreidel import spin_decision
        >>> d = spin_decision("N", pot=4, equity=sympy.Rational(1, 2))
        >>> d.face, d.buy_in, d.ev_call
        ('N', 0, 2)
    """

    face: str
    buy_in: int
    pay: int
    pot: int
    equity: sympy.Rational
    ev_call: sympy.Rational | None
    ev_fold: sympy.Rational
    break_even: sympy.Rational | None
    decision: str
    assumptions: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        held = self.fractions()
        return {
            "face": self.face, "buy_in": self.buy_in, "pay": self.pay, "pot": self.pot,
            **{name: None if v is None else frac_str(v) for name, v in held.items()},
            "decision": self.decision, "assumptions": list(self.assumptions),
        }

    def to_text(self) -> str:
        held = self.fractions()
        call = "not allowed" if held["ev_call"] is None else number_text(held["ev_call"], digits=3)
        be = "-" if held["break_even"] is None else number_text(held["break_even"], digits=3)
        return (f"spin {self.face}: buy-in {self.buy_in} (you pay {self.pay}) into a pot of {self.pot}; "
                f"EV call {call}, EV fold 0, break-even equity {be} -> {self.decision}")

    def _repr_html_(self) -> str:
        return "<p>" + html.escape(self.to_text()) + "</p>"

    def __repr__(self) -> str:
        return f"SpinDecision({self.to_text()})"


def _assumptions(rules: TwoDreidelRules, q: Fraction) -> tuple[str, ...]:
    callers = "every opponent still in calls" if q == 1 else f"each opponent still in calls with probability {q}"
    short = ("a short stack goes all-in for less; the hero wins only what they matched"
             if rules.short_stack == "all-in" else "a player who cannot pay the buy-in must fold")
    return (
        "EV is the change in the hero's stack from now; chips already in the pot are sunk (fold = 0)",
        callers,
        "if nobody else calls, the hero wins the pot alone",
        "after the calls, the no-limit round and any later spin add no chips (checked down to showdown)",
        short,
        "the hero's showdown equity is the same whoever calls",
        "a pot carried over after nobody calls is credited to no one",
    )


@check_arguments
def spin_decision(
    face: str,
    *,
    pot: int,
    equity: Any,
    rules: TwoDreidelRules | None = None,
    hero_stack: int | None = None,
    opponents: int | Sequence[int | None] = 1,
    call_probability: Any = 1,
) -> SpinDecision:
    """EV of calling and folding a spin face, and the break-even equity.

    ``pot`` is the pot when the dreidel lands; ``equity`` the hero's showdown equity
    (exact number, ``"p/q"`` string or a decimal); ``hero_stack`` the hero's chips
    (``None``: enough for any buy-in); ``opponents`` the number of opponents still in or a
    list of their stacks (``None`` for a deep stack).

    Parameters:
        face: the face the dreidel shows.
        pot: the pot when it lands.
        equity: your showdown equity.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        hero_stack: your chips.
        opponents: opponents still in, or their stacks.
        call_probability: the chance each opponent calls.

    Returns:
        A [`SpinDecision`][dreidelpoker.games.two_dreidel.SpinDecision].

    Raises:
        ValueError: a bad number of opponents.
        TypeError: ``opponents`` of the wrong type.

    Examples:
        >>> d = spin_decision("G", pot=6, equity="1/2", opponents=1)
        >>> d.ev_call, d.break_even, d.decision
        (3, 1/3, 'call')
        >>> spin_decision("N", pot=6, equity=0, opponents=2).decision
        'either'
    """
    rules = default_rules(rules, TwoDreidelRules)
    pot = _nonneg_int("pot", pot)
    e = _probability("equity", equity)
    q = _probability("call_probability", call_probability)
    if hero_stack is not None:
        hero_stack = _nonneg_int("hero_stack", hero_stack)
    if isinstance(opponents, bool):
        raise InputTypeError("opponents must be a number or a list of stacks, not a bool")
    if isinstance(opponents, int):
        stacks: list[int | None] = [None] * opponents
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        stacks = [None if s is None else _nonneg_int("opponent stack", s) for s in opponents]
    else:
        raise InputTypeError(f"opponents must be a number 1..{MAX_OPPONENTS} or a list of their stacks")
    if not 1 <= len(stacks) <= MAX_OPPONENTS:
        raise InputError(f"opponents still in must number 1 to {MAX_OPPONENTS}, got {len(stacks)}")
    idx = spin_face_index(face, rules=rules)
    face_sym = rules.spin_faces[idx]
    b = spin_buy_in(face_sym, pot, rules=rules)
    assumptions = _assumptions(rules, q)
    paid = b if hero_stack is None else call_payment(hero_stack, b, rules=rules)
    if paid is None:
        return SpinDecision(face_sym, b, 0, pot, e, None, Fraction(0), None, "fold", assumptions)
    x = paid
    # What each opponent who may call can put in (the short-stack rule leaves some only a fold).
    offers = [b if s is None else call_payment(s, b, rules=rules) for s in stacks]
    pays = [p for p in offers if p is not None]
    # EV(e) = A*e + B, summed over which opponents call.
    a_coef = Fraction(0)
    b_coef = Fraction(0)
    for mask in itertools.product((0, 1), repeat=len(pays)):
        callers = [p for p, m in zip(pays, mask) if m]
        prob = Fraction(1)
        for m in mask:
            prob *= q if m else 1 - q
        if prob == 0:
            continue
        if not callers:
            b_coef += prob * pot
            continue
        eligible = award([x, *callers], 0, carry=pot)[0][0]  # what the hero may win: the side-pot rule
        a_coef += prob * eligible
        b_coef -= prob * x
    ev_call = a_coef * e + b_coef
    break_even = Fraction(0) if a_coef == 0 else min(max(-b_coef / a_coef, Fraction(0)), Fraction(1))
    decision = "call" if ev_call > 0 else "fold" if ev_call < 0 else "either"
    return SpinDecision(face_sym, b, x, pot, e, ev_call, Fraction(0), break_even, decision, assumptions)


@hold_exact("probabilities", "value")
@dataclass(frozen=True)
class SpinTable(ExactRecord):
    """The spin decision for every face, and what the spin is worth before it lands.

    The face probabilities and the value are held as Fractions where they are numbers
    (symbolic ones stay sympy) and shown as sympy (``.fractions()`` gives them as held).

    Examples:
        >>> import sympy
        >>> from dreidelpoker.games.two_dreidel import spin_table
        >>> t = spin_table(pot=4, equity=sympy.Rational(1, 2))
        >>> [d.face for d in t.decisions], t.value
        (['G', 'H', 'N', 'S'], 2)
    """

    decisions: tuple[SpinDecision, ...]
    probabilities: tuple[Any, ...]
    value: Any  # expected value of playing each face correctly, before the spin

    def as_table(self) -> ExactTable:
        rows = tuple(
            (d.face, p, d.buy_in, d.pay, "-" if h["ev_call"] is None else h["ev_call"], h["ev_fold"],
             "-" if h["break_even"] is None else h["break_even"], d.decision)
            for d, p in zip(self.decisions, self.fractions()["probabilities"]) for h in (d.fractions(),)
        )
        eq = self.decisions[0].fractions()["equity"]
        return ExactTable(
            ("face", "probability", "buy-in", "you pay", "EV call", "EV fold", "break-even equity", "decision"),
            rows,
            title=f"spin decisions at pot {self.decisions[0].pot} with equity {number_text(eq, digits=3)}",
        )

    @property
    def assumptions(self) -> tuple[str, ...]:
        return self.decisions[0].assumptions

    def to_dict(self) -> dict[str, Any]:
        held = self.fractions()
        return {"faces": [dict(d.to_dict(), probability=str(p)) for d, p in zip(self.decisions, held["probabilities"])],
                "value": str(held["value"]), "assumptions": list(self.assumptions)}

    def to_text(self) -> str:
        value = self.fractions()["value"]
        return (self.as_table().to_text() + f"\nvalue of the spin: {number_text(value)}\nassumptions:\n"
                + "\n".join(f"- {a}" for a in self.assumptions))

    def __repr__(self) -> str:
        return repr(self.as_table()).replace("ExactTable", "SpinTable", 1) + f"\nvalue of the spin: {self.value}"

    def to_pandas(self, *, exact: bool = False) -> Any:
        """The decision for every face (`as_table`) as a ``pandas.DataFrame``.

        Parameters:
            exact: keep sympy Rationals instead of floats.

        Returns:
            A DataFrame with one row per face.

        Examples:
            >>> spin_table(pot=4, equity="1/6", opponents=2).to_pandas()["decision"].tolist()
            ['fold', 'fold', 'call', 'call']
        """
        return self.as_table().to_pandas(exact=exact)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(a)}</li>" for a in self.assumptions)
        t = self.as_table()
        return (table_html(t.columns, t.rows, title=t.title, css_class="dp-spin")
                + f"<p>value of the spin: {number_html(self.fractions()['value'])}</p>"
                + f"<details><summary>assumptions</summary><ul>{items}</ul></details>")


@check_arguments
def spin_table(
    *,
    pot: int,
    equity: Any,
    rules: TwoDreidelRules | None = None,
    hero_stack: int | None = None,
    opponents: int | Sequence[int | None] = 1,
    call_probability: Any = 1,
) -> SpinTable:
    """[`spin_decision`][dreidelpoker.games.two_dreidel.spin_decision] for every face of the dreidel, with the face probabilities and
    the value of the spin (the probability-weighted best of calling and folding).

    Parameters:
        pot: the pot when the dreidel lands.
        equity: your showdown equity.
        rules: the rules (default [Two Dreidel rules][rules-1]: deck 1-5-5-1).
        hero_stack: your chips.
        opponents: opponents still in, or their stacks.
        call_probability: the chance each opponent calls.

    Returns:
        A [`SpinTable`][dreidelpoker.games.two_dreidel.SpinTable].

    Examples:
        >>> t = spin_table(pot=4, equity="1/6", opponents=2)
        >>> [(d.face, d.decision) for d in t.decisions]
        [('G', 'fold'), ('H', 'fold'), ('N', 'call'), ('S', 'call')]
    """
    rules = default_rules(rules, TwoDreidelRules)
    decisions = tuple(
        spin_decision(f, pot=pot, equity=equity, rules=rules, hero_stack=hero_stack, opponents=opponents,
                      call_probability=call_probability)
        for f in rules.spin_faces
    )
    value: Any = Fraction(0)
    for d, p in zip(decisions, rules.spin_probabilities):
        held = d.fractions()
        best = held["ev_fold"] if held["ev_call"] is None else max(held["ev_call"], held["ev_fold"])
        value += p * best
    return SpinTable(decisions, tuple(rules.spin_probabilities), value)
