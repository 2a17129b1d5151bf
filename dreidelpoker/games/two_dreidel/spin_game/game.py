"""Two Dreidel's heads-up spin game: a small zero-sum game state for the solver.

The subgame starts after round-1 betting ([Two Dreidel rules: one hand of play][rules-1-4]) with a pot and two stacks. Seat 0
holds the **button** and spins; seat 1 sits left of the button.

1. Chance deals both hands (each seat's kept-hand distribution, from its deck state or
   from its public discards; the two decks are independent).
2. The button **spins**: the face sets the buy-in from the pot (G whole pot, H half,
   N nothing, S one chip, per the rules).
3. Both seats lay **call or fold at once** (a simultaneous move). Callers pay the buy-in
   (a short stack goes all-in for less, or must fold with ``short_stack="fold"``). If
   exactly one calls, that seat wins the pot. If nobody calls, the pot **carries over**:
   it is valued as ``carry_share`` of it to seat 0 and the rest to seat 1 (default: split
   equally), because who wins a carried pot is decided by later hands.
4. If both call and ``betting`` is on: one **no-limit round abstracted** to check, bet
   ½ pot, bet the pot or all-in (capped at the shorter stack), answered by call or fold;
   seat 1 acts first. Then the next spin (``spins=2``: rounds 2 and 3), then showdown by
   the rules' heads-up ranking; ties split, the odd chip to seat 1 (left of the button).

**Payoffs** are zero-sum: each seat's chips back minus chips paid in this subgame, minus
half the starting pot (which was already in the middle and is shared dead money).
Observations are a seat's own hand and the public history, so a seat never sees the other
hand nor the other's call card before both are revealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any

from ...protocol import Event, Payoff, Turn
from ..rulebook.betting import bet_range, call_payment, side_pots, spin_buy_in, split_pot
from ..rulebook.ranking import heads_up_points, parse_hand
from ..rulebook.rules import TwoDreidelRules
from ....errors import InputError
from ....validation import check_count, is_whole_number
from ....limits import MAX_STACK
from ...._fractions import to_fraction, to_rational

if TYPE_CHECKING:
    import sympy

__all__ = ["BET_SIZES", "SpinGameSetup", "SpinGameState", "new_spin_game"]

#: The abstracted no-limit bet sizes.
BET_SIZES = ("half-pot", "pot", "all-in")

_DEAL, _SPIN, _CALL, _BET, _END = range(5)


@dataclass(frozen=True)
class SpinGameSetup:
    """Everything fixed during one spin game (shared by all its states).

    Attributes:
        rules: the Two Dreidel rules (spin faces, buy-ins, rounding, short stacks, ranking).
        hands: each seat's possible hands (labels like ``"GH"``).
        weights: each seat's integer hand weights (the public distribution of its hand).
        pot: the pot when the subgame starts.
        stacks: each seat's chips behind.
        spins: 1 (round 2 only) or 2 (rounds 2 and 3).
        betting: whether the abstracted no-limit round follows a spin both seats call.
        carry_share: seat 0's share of a pot that carries over (seat 1 gets the rest; a sympy
            Rational, held as a Fraction: ``fractions()``).
        face_weights: integer weights of the spin faces.
        points: ``points[i][j]``: seat 0's heads-up points with hand i against hand j
            (2 win, 1 tie, 0 loss: the showdown share is half of it).
    """

    rules: TwoDreidelRules
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    weights: tuple[tuple[int, ...], tuple[int, ...]]
    pot: int
    stacks: tuple[int, int]
    spins: int
    betting: bool
    _carry_share: Fraction
    face_weights: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]

    @property
    def carry_share(self) -> sympy.Rational:
        """Seat 0's share of a pot that carries over (seat 1 gets the rest)."""
        return to_rational(self._carry_share)

    def fractions(self) -> Fraction:
        """The stored carry share as a `fractions.Fraction` (the setup's one non-integer number).

        Examples:
            >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
            >>> new_spin_game(TwoDreidelRules(), hands=({"GH": 1}, {"NN": 1}), pot=4, stacks=(10, 10)).setup.fractions()
            Fraction(1, 2)
        """
        return self._carry_share

    def buy_in(self, face: int, pot: int) -> int:
        """The buy-in face number ``face`` sets from ``pot`` ([`spin_buy_in`][dreidelpoker.games.two_dreidel.rulebook.betting.spin_buy_in])."""
        return spin_buy_in(self.rules.spin_faces[face], pot, rules=self.rules)

    def pays(self, stack: int, owed: int) -> int | None:
        """What a seat with ``stack`` chips puts in to call ``owed`` (the short-stack rule,
        [`call_payment`][dreidelpoker.games.two_dreidel.rulebook.betting.call_payment]); ``None``: it may only fold."""
        return call_payment(stack, owed, rules=self.rules)


@dataclass(frozen=True, slots=True)
class SpinGameState:
    """A state of the heads-up spin game (a [`GameState`][dreidelpoker.play.GameState])."""

    setup: SpinGameSetup
    phase: int = _DEAL
    deal: tuple[int, int] = (-1, -1)
    pot: int = 0
    paid: tuple[int, int] = (0, 0)
    spin: int = 0
    buy_in: int = 0
    bet: int = 0
    to_act: int = 1
    public: tuple[str, ...] = ()
    result: tuple[Payoff, Payoff] = (0, 0)

    # -- protocol -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def turn(self) -> Turn:
        return (Turn.CHANCE, Turn.CHANCE, Turn.SIMULTANEOUS, Turn.PLAYER, Turn.TERMINAL)[self.phase]

    @property
    def is_terminal(self) -> bool:
        return self.phase == _END

    @property
    def current_players(self) -> tuple[int, ...]:
        if self.phase == _CALL:
            return (0, 1)
        if self.phase == _BET:
            return (self.to_act,)
        return ()

    @property
    def rounds(self) -> int:
        return 1 if self.phase == _END else 0

    @property
    def truncated(self) -> bool:
        return False

    @property
    def log(self) -> Sequence[Event]:
        return tuple(Event("public", text) for text in self.public)

    def stacks(self) -> tuple[int, int]:
        """Chips each seat still has behind."""
        s = self.setup.stacks
        return (s[0] - self.paid[0], s[1] - self.paid[1])

    def legal_actions(self, player: int) -> tuple[str, ...]:
        if self.phase == _CALL:
            if self.setup.pays(self.stacks()[player], self.buy_in) is None:
                return ("fold",)
            return ("call", "fold")
        if self.phase != _BET or player != self.to_act:
            return ()
        if self.bet:
            return ("call", "fold")
        st = self.stacks()
        sizes_allowed = bet_range(stack=st[player], to_call=0, min_raise=1, bets=(0, 0), stacks=st, live=(True, True),
                                  seat=player)
        eff = sizes_allowed[-1] if sizes_allowed else 0  # the most a bet may be: the shorter stack
        sizes = {"half-pot": max(1, self.pot // 2), "pot": self.pot, "all-in": eff}
        amounts: list[int] = []
        for name in BET_SIZES:
            a = min(sizes[name], eff)
            if a >= 1 and a not in amounts:
                amounts.append(a)
        return ("check",) + tuple(f"bet {a}" for a in sorted(amounts))

    def chance_outcomes(self) -> tuple[tuple[Any, int], ...]:
        s = self.setup
        if self.phase == _DEAL:
            return tuple(((i, j), wi * wj) for i, wi in enumerate(s.weights[0]) if wi
                         for j, wj in enumerate(s.weights[1]) if wj)
        if self.phase == _SPIN:
            return tuple((f, w) for f, w in enumerate(s.face_weights) if w)
        raise InputError("not a chance node")

    def apply(self, action: Any) -> SpinGameState:
        s = self.setup
        if self.phase == _DEAL:
            return SpinGameState(s, _SPIN, tuple(action), s.pot)
        if self.phase == _SPIN:
            face = int(action)
            return self._next(phase=_CALL, buy_in=s.buy_in(face, self.pot),
                              public=self.public + (f"spin {s.rules.spin_faces[face]}",))
        if self.phase == _BET:
            return self._betting(str(action))
        raise InputError(f"apply() is not allowed in phase {self.phase}; use apply_joint at the call")

    def apply_joint(self, actions: Mapping[int, Any]) -> SpinGameState:
        if self.phase != _CALL:
            raise InputError("apply_joint is only for the simultaneous call/fold")
        calls = tuple(actions[p] == "call" for p in (0, 1))
        pub = self.public + (f"calls {''.join('C' if c else 'F' for c in calls)}",)
        if not any(calls):
            return self._carry(pub)
        if calls != (True, True):
            winner = 0 if calls[0] else 1
            return self._win(winner, pub)
        st = self.stacks()
        pays = self.setup.pays
        pay = (pays(st[0], self.buy_in) or 0, pays(st[1], self.buy_in) or 0)  # both called: both could pay
        paid = (self.paid[0] + pay[0], self.paid[1] + pay[1])
        nxt = self._next(pot=self.pot + pay[0] + pay[1], paid=paid, public=pub)
        return nxt._after_calls()

    def returns(self) -> tuple[Payoff, ...]:
        return self.result

    def observation(self, player: int) -> tuple[str, tuple[str, ...], int, tuple[int, int]]:
        """``(own hand, public history, pot, chips each seat has paid)``: the pot and the
        payments follow from the public history; they are there for policies to read."""
        hand = self.setup.hands[player][self.deal[player]] if self.deal[player] >= 0 else "?"
        return (hand, self.public, self.pot, self.paid)

    # -- internals ------------------------------------------------------------------
    def _next(self, *, phase: int | None = None, pot: int | None = None, paid: tuple[int, int] | None = None,
              spin: int | None = None, buy_in: int | None = None, bet: int | None = None,
              to_act: int | None = None, public: tuple[str, ...] | None = None,
              result: tuple[Payoff, Payoff] | None = None) -> SpinGameState:
        return SpinGameState(
            self.setup, self.phase if phase is None else phase, self.deal, self.pot if pot is None else pot,
            self.paid if paid is None else paid, self.spin if spin is None else spin,
            self.buy_in if buy_in is None else buy_in, self.bet if bet is None else bet,
            self.to_act if to_act is None else to_act, self.public if public is None else public,
            self.result if result is None else result,
        )

    def _end(self, back: tuple[Payoff, Payoff], public: tuple[str, ...]) -> SpinGameState:
        pot = self.setup.pot
        r = (_half(2 * back[0] - 2 * self.paid[0] - pot), _half(2 * back[1] - 2 * self.paid[1] - pot))
        return self._next(phase=_END, public=public, result=r)

    def _win(self, winner: int, public: tuple[str, ...]) -> SpinGameState:
        back = (self.pot, 0) if winner == 0 else (0, self.pot)
        return self._end(back, public + (f"seat {winner + 1} takes the pot of {self.pot}",))

    def _carry(self, public: tuple[str, ...]) -> SpinGameState:
        c = self.setup.fractions()
        return self._end((c * self.pot, (1 - c) * self.pot), public + (f"the pot of {self.pot} carries over",))

    def _after_calls(self) -> SpinGameState:
        if self.setup.betting and min(self.stacks()) > 0:
            return self._next(phase=_BET, to_act=1, bet=0)
        return self._after_betting()

    def _after_betting(self) -> SpinGameState:
        if self.spin + 1 < self.setup.spins:
            return self._next(phase=_SPIN, spin=self.spin + 1, bet=0)
        return self._showdown()

    def _showdown(self) -> SpinGameState:
        s = self.setup
        points = s.points[self.deal[0]][self.deal[1]]
        # the side-pot rule: the main pot (with the carried pot) is shown down, the deeper seat's
        # unmatched chips come back; a tie splits, the odd chip to seat 1 (left of the button)
        pots, _nobody = side_pots(self.paid, (True, True), carry=s.pot)
        out = [0, 0]
        for amount, eligible in pots:
            winners = eligible if len(eligible) == 1 else (0,) if points == 2 else (1,) if points == 0 else (0, 1)
            split_pot(amount, winners, button=0, out=out)
        back = (out[0], out[1])
        hands = f"{s.hands[0][self.deal[0]]} vs {s.hands[1][self.deal[1]]}"
        return self._end(back, self.public + (f"showdown {hands}",))

    def _betting(self, action: str) -> SpinGameState:
        p = self.to_act
        pub = self.public + (f"seat {p + 1} {action}",)
        if action == "check":
            if p == 1:
                return self._next(to_act=0, public=pub)
            return self._next(public=pub)._after_betting()
        if action.startswith("bet "):
            return self._next(bet=int(action[4:]), to_act=1 - p, public=pub)
        if action == "fold":
            return self._next(public=pub)._win(1 - p, pub)
        if action == "call":
            b = self.bet
            paid = (self.paid[0] + b, self.paid[1] + b)
            return self._next(pot=self.pot + 2 * b, paid=paid, public=pub, bet=0)._after_betting()
        raise InputError(f"unknown action {action!r}; legal: {list(self.legal_actions(p))}")


_HALVES: dict[int, Payoff] = {}


def _half(twice: Payoff) -> Payoff:
    """``twice / 2`` as an int when whole, else an exact Fraction."""
    if type(twice) is int:
        v0 = _HALVES.get(twice)
        if v0 is None:
            v0 = _HALVES[twice] = twice // 2 if twice % 2 == 0 else Fraction(twice, 2)
        return v0
    v = Fraction(twice) / 2
    return int(v) if v.denominator == 1 else v


def _check_chips(name: str, value: object) -> int:
    return check_count(value, name, low=1, high=MAX_STACK, hint="chips")


def _face_weights(rules: TwoDreidelRules) -> tuple[int, ...]:
    probs = []
    for p in rules.spin_probabilities:
        if not getattr(p, "is_Rational", False):
            raise InputError(f"spin probabilities must be exact numbers to solve the spin game, got {p}")
        probs.append(to_fraction(p))
    den = lcm(*(f.denominator for f in probs))
    return tuple(int(f * den) for f in probs)


def new_spin_game(
    rules: TwoDreidelRules,
    *,
    hands: Sequence[Mapping[str, int]],
    pot: int,
    stacks: Sequence[int],
    spins: int = 2,
    betting: bool = True,
    carry_share: Fraction | int | str = Fraction(1, 2),
) -> SpinGameState:
    """The start state of a heads-up spin game.

    Parameters:
        rules: the Two Dreidel rules.
        hands: for seat 0 (the button) and seat 1, ``{hand label: integer weight}``.
        pot: the pot before the spin (chips).
        stacks: the two seats' chips behind.
        spins: 1 or 2 spins (rounds 2 and 3).
        betting: whether the abstracted no-limit round follows a spin both call.
        carry_share: seat 0's share of a carried-over pot, between 0 and 1 (``"1/2"``).

    Returns:
        The start state (chance deals the hands first).

    Raises:
        ValueError: for a pot or stacks that are not positive integers, a bad ``spins``
            or ``carry_share``, or hands that are not possible two-card hands.

    Examples:
        >>> g = new_spin_game(TwoDreidelRules(), hands=[{"GH": 1}, {"NN": 1}], pot=4, stacks=[8, 8], spins=1)
        >>> g.apply((0, 0)).apply(0).legal_actions(1)
        ('call', 'fold')
    """
    pot = _check_chips("pot", pot)
    if isinstance(stacks, (str, bytes)) or len(stacks) != 2:
        raise InputError(f"stacks must be two positive integers, got {stacks!r}")
    st = (_check_chips("stacks[0]", stacks[0]), _check_chips("stacks[1]", stacks[1]))
    if spins not in (1, 2):
        raise InputError(f"spins must be 1 or 2, got {spins!r}")
    share = to_fraction(carry_share, what="carry_share")  # text is parsed strictly, never evaluated
    if not 0 <= share <= 1:
        raise InputError(f"carry_share must be a number from 0 to 1, got {carry_share!r}")
    if len(hands) != 2:
        raise InputError(f"hands must give one distribution per seat (2), got {len(hands)}")
    labels: list[tuple[str, ...]] = []
    weights: list[tuple[int, ...]] = []
    parsed: list[list[tuple[int, ...]]] = []
    for seat, dist in enumerate(hands):
        items = [(h, w) for h, w in dist.items() if w]
        if not items or any(not is_whole_number(w) or w < 0 for _h, w in items):
            raise InputError(f"hands[{seat}] must map hands to non-negative integer weights, some positive")
        labels.append(tuple(h for h, _w in items))
        weights.append(tuple(w for _h, w in items))
        parsed.append([parse_hand(h, rules=rules) for h, _w in items])
    table = tuple(tuple(heads_up_points(a, b, rules=rules) for b in parsed[1]) for a in parsed[0])
    setup = SpinGameSetup(rules, (labels[0], labels[1]), (weights[0], weights[1]), pot, st, spins, betting,
                          share, _face_weights(rules), table)
    return SpinGameState(setup)
