"""The capture phase of Skirmish, solved exactly.

Both skirmish lines lie face up, so the capture phase is a two-player game of perfect
information. A position is the two lines (multisets of ranks) and who moves. The value
of a position is the number of cards each player ends it with: 2 per capture made plus
their own leftover line cards, so the two values add up to the cards on both lines.
A capture is compulsory; a player who cannot capture passes; the phase ends when
neither can capture.

**How it is memoized.** Only the *order* of the ranks matters, and two neighbouring
ranks held by the same player only (no opponent card at or between them) are
interchangeable. So a position is reduced to its *canonical form*: the ranks in
increasing order as groups ``(mover's copies, opponent's copies)``, with neighbouring
one-owner groups merged, seen from the mover. ``9,4,4,K,2`` against ``Q,J,3,3,8`` and
every position with the same pattern share one table entry, and so do their
sub-positions, so the table fills quickly and a warm solve is a few lookups.

Examples:
    >>> s = solve_capture("9,4,4,K,2", "Q,J,3,3,8")
    >>> s.value, s.best.text
    ((6, 4), 'mine: 9 takes 8')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from .rules import STANDARD_DECK, card_name, check_lines, parse_cards
from ...errors import InputError, ResourceLimitError
from ...limits import approx_count
from ...validation import check_arguments

__all__ = [
    "MAX_CAPTURE_POSITIONS", "Capture", "CaptureOption", "CaptureSolution", "CaptureStep", "best_capture", "canonical",
    "capture_options", "capture_positions",
    "capture_value", "legal_captures", "plain_minimax", "principal_line", "solve_capture", "solver_cache_clear",
    "solver_cache_size",
]

Side = Literal["mine", "theirs"]


class Capture(NamedTuple):
    """A capture: the capturer's own card and the strictly lower opponent card it takes (ranks)."""

    own: int
    taken: int

    @property
    def text(self) -> str:
        return f"{card_name(self.own)} takes {card_name(self.taken)}"


@check_arguments
def legal_captures(mover: Sequence[int], other: Sequence[int]) -> tuple[Capture, ...]:
    """Every distinct capture open to the mover: own rank ``a``, opponent rank ``b < a``.

    Ordered by taken card (highest first), then own card (lowest first).

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        The captures.

    Examples:
        >>> legal_captures((9, 4), (8, 3))
        (Capture(own=9, taken=8), Capture(own=4, taken=3), Capture(own=9, taken=3))
    """
    own = sorted(set(mover))
    return tuple(Capture(a, b) for b in sorted(set(other), reverse=True) for a in own if b < a)


def _can_capture(mover: Sequence[int], other: Sequence[int]) -> bool:
    return bool(mover) and bool(other) and max(mover) > min(other)


def _remove(line: tuple[int, ...], rank: int) -> tuple[int, ...]:
    i = line.index(rank)
    return line[:i] + line[i + 1:]


# -- canonical form and the memoized value ---------------------------------------------

_Key = tuple[int, ...]
_TABLE: dict[_Key, int] = {}
_TABLE_MAX = 2_000_000


def canonical(mover: Iterable[int], other: Iterable[int]) -> _Key:
    """The canonical form of a position seen from the mover: flat ``(m0, o0, m1, o1, ...)``
    copies per rank group in increasing rank order, one-owner neighbours merged.

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        The canonical key.

    Examples:
        >>> canonical((9, 4, 4, 13, 2), (12, 11, 3, 3, 8))
        (1, 0, 0, 2, 2, 0, 0, 1, 1, 0, 0, 2, 1, 0)
        >>> canonical((2, 3), (5,)) == canonical((7, 9), (10,))
        True
    """
    ms, os_ = sorted(mover), sorted(other)
    i = j = 0
    nm, no = len(ms), len(os_)
    out: list[int] = []
    last = 0  # the previous group: 1 mover only, 2 opponent only, 3 both
    while i < nm or j < no:
        if j >= no or (i < nm and ms[i] < os_[j]):
            r, m = ms[i], 0
            while i < nm and ms[i] == r:
                i += 1
                m += 1
            if last == 1:
                out[-2] += m
            else:
                out += (m, 0)
                last = 1
        elif i >= nm or os_[j] < ms[i]:
            r, o = os_[j], 0
            while j < no and os_[j] == r:
                j += 1
                o += 1
            if last == 2:
                out[-1] += o
            else:
                out += (0, o)
                last = 2
        else:
            r, m, o = ms[i], 0, 0
            while i < nm and ms[i] == r:
                i += 1
                m += 1
            while j < no and os_[j] == r:
                j += 1
                o += 1
            out += (m, o)
            last = 3
    return tuple(out)


def _recanon(groups: list[int]) -> _Key:
    """Swap the point of view of a (possibly denormalised) group list and normalise it."""
    out: list[int] = []
    for k in range(0, len(groups), 2):
        m, o = groups[k + 1], groups[k]  # swapped: the opponent moves next
        if m == 0 and o == 0:
            continue
        if out and ((m == 0 and out[-2] == 0 and o > 0) or (o == 0 and out[-1] == 0 and m > 0)):
            out[-2] += m
            out[-1] += o
        else:
            out += (m, o)
    return tuple(out)


#: Most capture positions one solve may visit (an upper bound, the product of (copies + 1) over
#: the rank groups of both lines): full 26-card lines would need about 10^12.
MAX_CAPTURE_POSITIONS = 1_000_000


def capture_positions(mover: Iterable[int], other: Iterable[int]) -> int:
    """An upper bound on the capture positions an exact solve of these lines visits.

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        The product of (copies + 1) over the rank groups of both lines.

    Examples:
        >>> capture_positions((9, 4, 4, 13, 2), (12, 11, 3, 3, 8))
        432
    """
    out = 1
    for g in canonical(mover, other):
        out *= g + 1
    return out


def _solved_value(lines: tuple[Iterable[int], Iterable[int]]) -> int:
    """``_value`` of two lines, refused at once past [`MAX_CAPTURE_POSITIONS`][dreidelpoker.games.skirmish.solver.MAX_CAPTURE_POSITIONS]."""
    mover, other = tuple(lines[0]), tuple(lines[1])
    positions = capture_positions(mover, other)
    if positions > MAX_CAPTURE_POSITIONS:
        raise ResourceLimitError(
            f"lines of {len(mover)} and {len(other)} cards have up to {approx_count(positions)} capture positions, "
            f"over the limit of {MAX_CAPTURE_POSITIONS:,} an exact solve may visit (minutes, gigabytes); "
            "use shorter lines (--line-size) or bots that do not solve the capture phase")
    return _value(canonical(mover, other))


def _value(key: _Key) -> int:
    """Cards the mover ends the phase with, from the canonical position ``key``."""
    v = _TABLE.get(key)
    if v is not None:
        return v
    n = len(key)
    total = sum(key)
    best = -1
    lowest_other = next((k for k in range(1, n, 2) if key[k]), n)
    for i in range(n - 2, lowest_other, -2):  # own group i must lie above the taken group j
        if not key[i]:
            continue
        for j in range(lowest_other, i, 2):
            if not key[j]:
                continue
            g = list(key)
            g[i] -= 1
            g[j] -= 1
            v = total - _value(_recanon(g))
            if v > best:
                best = v
                if best == total:
                    break
        if best == total:
            break
    if best < 0:  # the mover cannot capture: pass, or the phase is over
        swapped = _recanon(list(key))
        mover_cards = sum(key[0::2])
        highest_other = max((k for k in range(1, n, 2) if key[k]), default=-1)
        lowest_mover = next((k for k in range(0, n, 2) if key[k]), n)
        best = total - _value(swapped) if highest_other > lowest_mover + 1 else mover_cards
    if len(_TABLE) >= _TABLE_MAX:  # pragma: no cover - a safety valve for very long runs
        _TABLE.clear()
    _TABLE[key] = best
    return best


@check_arguments
def capture_value(mover: Sequence[int], other: Sequence[int]) -> int:
    """Cards the mover ends the capture phase with under optimal play by both sides.

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        The number of cards.

    Examples:
        >>> capture_value((9, 4, 4, 13, 2), (12, 11, 3, 3, 8))
        6
    """
    return _solved_value((mover, other))


def solver_cache_size() -> int:
    """Positions in the solver's table (canonical forms).

    Returns:
        The number of positions.
    """
    return len(_TABLE)


def solver_cache_clear() -> None:
    """Empty the solver's table (for cold-start timings)."""
    _TABLE.clear()


# -- concrete moves --------------------------------------------------------------------


@dataclass(frozen=True)
class CaptureOption:
    """One legal capture with the mover's final cards after it (optimal play from then on)."""

    capture: Capture
    value: int
    #: Cards the mover gives up against the best capture (0 for an optimal one).
    loss: int

    def to_dict(self) -> dict[str, Any]:
        return {"own": card_name(self.capture.own), "taken": card_name(self.capture.taken), "value": self.value,
                "loss": self.loss}


@check_arguments
def capture_options(mover: Sequence[int], other: Sequence[int]) -> tuple[CaptureOption, ...]:
    """Every legal capture with its exact value and its loss against the best, best first
    (ties keep [`legal_captures`][dreidelpoker.games.skirmish.legal_captures] order: highest card taken, lowest own card).

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        One `CaptureOption` per legal capture.

    Examples:
        >>> [(o.capture.text, o.value, o.loss) for o in capture_options((9, 3), (8, 2))]
        [('9 takes 8', 4, 0), ('3 takes 2', 4, 0), ('9 takes 2', 2, 2)]
    """
    mover_t, other_t = tuple(mover), tuple(other)
    total = len(mover_t) + len(other_t)
    vals = []
    for c in legal_captures(mover_t, other_t):
        rest = total - 2 - _solved_value((_remove(other_t, c.taken), _remove(mover_t, c.own)))
        vals.append((c, 2 + rest))
    if not vals:
        return ()
    top = max(v for _, v in vals)
    return tuple(sorted((CaptureOption(c, v, top - v) for c, v in vals), key=lambda o: o.loss))


@check_arguments
def best_capture(mover: Sequence[int], other: Sequence[int]) -> Capture | None:
    """The optimal capture (``None`` when the mover cannot capture); among equally good
    ones, the highest card taken with the lowest own card.

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        The capture, or ``None``.

    Examples:
        >>> best_capture((9, 4, 4, 13, 2), (12, 11, 3, 3, 8))
        Capture(own=9, taken=8)
    """
    mover_t, other_t = tuple(mover), tuple(other)
    best: Capture | None = None
    best_v = -1
    total = len(mover_t) + len(other_t)
    for c in legal_captures(mover_t, other_t):
        v = total - _solved_value((_remove(other_t, c.taken), _remove(mover_t, c.own)))
        if v > best_v:
            best, best_v = c, v
    return best


@dataclass(frozen=True)
class CaptureStep:
    """One step of a line of play: ``side`` captures (or passes when ``capture`` is ``None``)."""

    side: Side
    capture: Capture | None

    @property
    def text(self) -> str:
        return f"{self.side}: " + (self.capture.text if self.capture else "passes")

    def to_dict(self) -> dict[str, Any]:
        if self.capture is None:
            return {"side": self.side, "pass": True}
        return {"side": self.side, "own": card_name(self.capture.own), "taken": card_name(self.capture.taken)}


def _other(side: Side) -> Side:
    return "theirs" if side == "mine" else "mine"


@check_arguments
def principal_line(mine: Sequence[int], theirs: Sequence[int], first: Side = "mine") -> tuple[CaptureStep, ...]:
    """The whole line of play when both sides play optimally (passes included).

    Parameters:
        mine: your line (ranks).
        theirs: the other line.
        first: who captures first.

    Returns:
        The steps, in order.

    Examples:
        >>> [s.text for s in principal_line((9, 2), (8, 5), "theirs")]
        ['theirs: 5 takes 2', 'mine: 9 takes 8']
    """
    lines = {"mine": tuple(mine), "theirs": tuple(theirs)}
    side = first
    steps: list[CaptureStep] = []
    while _can_capture(lines["mine"], lines["theirs"]) or _can_capture(lines["theirs"], lines["mine"]):
        c = best_capture(lines[side], lines[_other(side)])
        steps.append(CaptureStep(side, c))
        if c is not None:
            lines[side] = _remove(lines[side], c.own)
            lines[_other(side)] = _remove(lines[_other(side)], c.taken)
        side = _other(side)
    return tuple(steps)


@dataclass(frozen=True)
class CaptureSolution:
    """The solved capture phase (what ``solve skirmish`` prints).

    Attributes:
        mine, theirs: the two lines (ranks, as given).
        first: who captures first.
        value: ``(mine, theirs)``: the cards each side ends the phase with under optimal play.
        best: the optimal first capture of ``first`` (``None``: ``first`` must pass).
        line: the principal line of play.
        options: every legal first capture with its value and loss.
    """

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    first: Side
    value: tuple[int, int]
    best: CaptureStep | None
    line: tuple[CaptureStep, ...]
    options: tuple[CaptureOption, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "mine": [card_name(r) for r in self.mine], "theirs": [card_name(r) for r in self.theirs],
            "first": self.first, "value": {"mine": self.value[0], "theirs": self.value[1]},
            "best": None if self.best is None else self.best.to_dict(),
            "line": [s.to_dict() for s in self.line],
            "options": [o.to_dict() for o in self.options],
        }

    def to_text(self) -> str:
        from .rules import format_cards

        out = [f"mine:   {format_cards(self.mine)}", f"theirs: {format_cards(self.theirs)}",
               f"{self.first} captures first",
               f"optimal play ends with {self.value[0]} cards for mine, {self.value[1]} for theirs"]
        out.append("best capture: " + (self.best.text if self.best else f"none ({self.first} must pass)"))
        out.append("principal line:")
        out += [f"  {k + 1}. {s.text}" for k, s in enumerate(self.line)] or ["  (no captures possible)"]
        if self.options:
            out.append(f"every capture open to {self.first} (cards {self.first} ends with; loss vs best):")
            out += [f"  {o.capture.text}: {o.value} (loses {o.loss})" for o in self.options]
        return "\n".join(out)


@check_arguments
def solve_capture(mine: Sequence[int] | str, theirs: Sequence[int] | str, first: str = "mine", *,
                  deck: Sequence[int] | None = STANDARD_DECK, equal: bool = True) -> CaptureSolution:
    """Solve a capture phase exactly.

    Parameters:
        mine: your skirmish line: ranks, or card text like ``"9,4,4,K,2"``.
        theirs: the opponent's line, in the same form.
        first: who captures first, ``"mine"`` or ``"theirs"``.
        deck: the deck the lines must fit (copies per rank); ``None`` skips the check.
        equal: require equally long lines (the normal skirmish; the under-9 rule can make them differ).

    Returns:
        A [`CaptureSolution`][dreidelpoker.games.skirmish.CaptureSolution]: the exact value, best capture, principal line and every option.

    Raises:
        ValueError: unknown ranks, lines of unequal length, more copies of a rank than the
            deck holds, or a ``first`` that is neither side.

    Examples:
        >>> solve_capture("9,4,4,K,2", "Q,J,3,3,8", "theirs").value
        (4, 6)
        >>> solve_capture("A", "K", first="me")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: first must be 'mine' or 'theirs', got 'me'
    """
    if first not in ("mine", "theirs"):
        raise InputError(f"first must be 'mine' or 'theirs', got {first!r}")
    side: Side = "mine" if first == "mine" else "theirs"
    m = parse_cards(mine, what="mine")
    t = parse_cards(theirs, what="theirs")
    if deck is not None:
        check_lines(m, t, deck, equal=equal)
    elif equal and len(m) != len(t):
        check_lines(m, t, sorted(set(m) | set(t)) * (len(m) + len(t)), equal=True)
    mover, other = (m, t) if side == "mine" else (t, m)
    v = capture_value(mover, other)
    total = len(m) + len(t)
    value = (v, total - v) if side == "mine" else (total - v, v)
    line = principal_line(m, t, side)
    best = line[0] if line and line[0].side == side else (CaptureStep(side, None) if line else None)
    return CaptureSolution(m, t, side, value, best, line, capture_options(mover, other))


@check_arguments
def plain_minimax(mover: Sequence[int], other: Sequence[int]) -> int:
    """The same value by plain minimax over distinct captures, without any table (a
    benchmark baseline; exponential).

    Parameters:
        mover: the mover's line (ranks).
        other: the other line (ranks).

    Returns:
        The number of cards the mover ends with.

    Raises:
        ResourceLimitError: lines of more than 16 cards together (the work doubles with each card).

    Examples:
        >>> plain_minimax((9, 4, 4, 13, 2), (12, 11, 3, 3, 8))
        6
    """
    mover_t, other_t = tuple(mover), tuple(other)
    total = len(mover_t) + len(other_t)
    if total > 16:
        raise ResourceLimitError(f"plain_minimax takes lines of at most 16 cards together (it is exponential), "
                                 f"got {total}; capture_value solves longer lines")
    caps = legal_captures(mover_t, other_t)
    if caps:
        return max(total - plain_minimax(_remove(other_t, c.taken), _remove(mover_t, c.own)) for c in caps)
    if _can_capture(other_t, mover_t):
        return total - plain_minimax(other_t, mover_t)
    return len(mover_t)
