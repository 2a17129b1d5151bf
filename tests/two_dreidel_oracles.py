"""Independent brute-force oracles for Two Dreidel, written from RULES.md without using
the library's ranking or deck code. Cards are letters; decks are lists of labelled cards."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

ORDER = "GHNS"  # normal order, best first


def canon(hand: str) -> str:
    return "".join(sorted(hand, key=ORDER.index))


def normal_value(hand: str) -> tuple[int, ...]:
    """Higher is better: compare the higher card, then the kicker."""
    return tuple(-ORDER.index(c) for c in canon(hand))


def trumps(a: str, b: str) -> bool:
    """RULES.md 1.3: A holds a Shin, B holds a Gimel, and not (B holds a Shin and A a Gimel)."""
    return "S" in a and "G" in b and not ("S" in b and "G" in a)


def heads_up(a: str, b: str) -> int:
    if trumps(a, b):
        return 1
    if trumps(b, a):
        return -1
    va, vb = normal_value(a), normal_value(b)
    return (va > vb) - (va < vb)


def showdown(hands: Sequence[str]) -> set[int]:
    """RULES.md 1.3 multiway procedure, literally."""
    live = list(range(len(hands)))

    def best_of(idx: list[int]) -> list[int]:
        top = max(normal_value(hands[i]) for i in idx)
        return [i for i in idx if normal_value(hands[i]) == top]

    w = best_of(live)
    seen = 0
    while True:
        trumpers = [i for i in live if all(trumps(hands[i], hands[j]) for j in w)]
        if not trumpers:
            return set(w)
        w = best_of(trumpers)
        seen += 1
        assert seen < 50, "showdown did not terminate"


def labelled(counts: Sequence[int]) -> list[str]:
    return [sym for sym, c in zip(ORDER, counts) for _ in range(c)]


def normal_best_putback(drawn: str) -> str:
    return canon(drawn)[-1]


def ordered_draws(
    deck: Sequence[str], *, top: str | None = None, discard: Sequence[str] = (), draw: int = 3
) -> Counter[str]:
    """Every equally likely ordered way to draw `draw` cards, as a Counter of drawn strings.

    The deck is a list of labelled cards; `top` (if given) is one of them and is drawn
    first. When the deck runs out, the discard is shuffled (every order) and drawing goes on.
    Returned weights are counts of equally likely orderings, normalised per branch so that
    each branch's orderings have equal probability.
    """
    deck = list(deck)
    out: Counter[str] = Counter()
    rest = list(deck)
    prefix = ""
    if top is not None:
        rest.remove(top)
        prefix = top
    need = draw - len(prefix)
    if need <= len(rest):
        for perm in itertools.permutations(range(len(rest)), need):
            out[canon(prefix + "".join(rest[i] for i in perm))] += 1
        return out
    prefix += "".join(rest)
    need2 = need - len(rest)
    for perm in itertools.permutations(range(len(discard)), need2):
        out[canon(prefix + "".join(discard[i] for i in perm))] += 1
    return out


def kept_distribution(
    draws: Counter[str], putback: Callable[[str], str] = normal_best_putback
) -> dict[str, Fraction]:
    total = sum(draws.values())
    out: dict[str, Fraction] = {}
    for drawn, w in draws.items():
        back = putback(drawn)
        kept = list(drawn)
        kept.remove(back)
        key = canon("".join(kept))
        out[key] = out.get(key, Fraction(0)) + Fraction(w, total)
    return out


def equity_brute(hero: str, opponent_dists: Sequence[dict[str, Fraction]]) -> dict[str, Fraction]:
    """Win/tie/lose/equity by enumerating every combination of opponent hands."""
    res = {"win": Fraction(0), "tie": Fraction(0), "lose": Fraction(0), "equity": Fraction(0)}
    for combo in itertools.product(*[list(d.items()) for d in opponent_dists]):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        hands = [hero] + [h for h, _ in combo]
        w = showdown(hands)
        if 0 not in w:
            res["lose"] += p
        elif len(w) == 1:
            res["win"] += p
            res["equity"] += p
        else:
            res["tie"] += p
            res["equity"] += p / len(w)
    return res
