"""An independent model of a tiny whole game of Two Dreidel as an absorbing Markov chain (issue 9, item 7).

Heads-up, two players who never bet and call every spin, keep the normal-best hand:
written here from RULES.md 1.2-1.4 alone (not from the game engine), so the simulator can
be checked against it exactly. State between hands: (seat 1's stack, the button, seat 1's
deck, seat 2's deck); seat 2's stack is the rest (with nobody folding, no pot ever carries
over). Absorbing states: ``("win", seat)``.

One hand: the button posts the 1-chip blind, the other player calls it (the button checks),
both draw and put back their worst card, the dreidel sets a buy-in twice (G the pot, H half
rounded up or down, N nothing, S one chip) and both pay it or go all-in for less; nobody
bets; showdown heads-up (trumps first, then normal order); a split pot's odd chip goes to
the player left of the button (the other player); the bigger contributor takes back what
the other could not match; the button passes; a player without chips is out.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.rulebook.deck import DeckState, draw_weights
from dreidelpoker.games.two_dreidel.rulebook.ranking import compare, format_hand
from dreidelpoker.markov import MarkovChain

State = Any


def _buy_in(rules: TwoDreidelRules, face: str, pot: int) -> int:
    kind = rules.spin_buy_ins[rules.spin_faces.index(face)]
    if kind == "pot":
        return pot
    if kind == "half-pot":
        return -(-pot // 2) if rules.half_pot_rounding == "up" else pot // 2
    return 0 if kind == "nothing" else 1


def _hands(rules: TwoDreidelRules, deck: DeckState) -> dict[tuple[tuple[int, ...], DeckState], Fraction]:
    """(kept hand, next deck state) -> probability, putting back the worst card drawn."""
    outs, total = draw_weights(deck, rules=rules)
    k = len(rules.symbols)
    res: dict[tuple[tuple[int, ...], DeckState], Fraction] = {}
    for o, w in outs:
        drawn = sorted(o.drawn)
        back, kept = tuple(drawn[-rules.put_back:]), tuple(drawn[:-rules.put_back])
        pile = list(o.deck_after)
        disc = list(o.discard_after)
        for c in back:
            pile[c] += 1
        for c in kept:
            disc[c] += 1
        nxt = DeckState(tuple(pile), back, tuple(disc))
        assert len(pile) == k
        res[(kept, nxt)] = res.get((kept, nxt), Fraction(0)) + Fraction(w, total)
    return res


def _settle(rules: TwoDreidelRules, stacks: list[int], paid: list[int], winner_share: int, other_first: int) -> list[int]:
    """Heads-up showdown: ``winner_share`` is +1 (seat 1 wins), -1 (seat 2) or 0 (split)."""
    level = min(paid)
    main = 2 * level
    out = list(stacks)
    for i in (0, 1):
        out[i] += paid[i] - level  # what the other could not match comes back
    if winner_share == 1:
        out[0] += main
    elif winner_share == -1:
        out[1] += main
    else:
        out[0] += main // 2
        out[1] += main // 2
        out[other_first] += main % 2
    return out


def successors(rules: TwoDreidelRules, total: int, state: State) -> dict[State, Fraction]:
    """Every next state after one hand, with its exact probability."""
    if state[0] == "win":
        return {state: Fraction(1)}
    a, button, da, db = state
    stacks0 = [a, total - a]
    other = 1 - button
    probs = [Fraction(str(p)) for p in rules.spin_probabilities]
    faces = [(f, p) for f, p in zip(rules.spin_faces, probs) if p]
    out: dict[State, Fraction] = {}
    for (ka, na), pa in _hands(rules, da).items():
        for (kb, nb), pb in _hands(rules, db).items():
            c = compare(format_hand(ka, rules=rules), format_hand(kb, rules=rules), rules=rules)
            for f1, p1 in faces:
                for f2, p2 in faces:
                    stacks = list(stacks0)
                    paid = [0, 0]
                    blind = min(rules.blind, stacks[button])  # the button's blind ...
                    stacks[button] -= blind
                    paid[button] += blind
                    call = min(paid[button] - paid[other], stacks[other])  # ... which the other calls
                    stacks[other] -= call
                    paid[other] += call
                    for face in (f1, f2):
                        b = _buy_in(rules, face, sum(paid))
                        for i in (0, 1):
                            x = min(b, stacks[i])
                            stacks[i] -= x
                            paid[i] += x
                    final = _settle(rules, stacks, paid, c, other)
                    assert sum(final) == total
                    if final[0] == 0:
                        nxt: State = ("win", 1)
                    elif final[1] == 0:
                        nxt = ("win", 0)
                    else:
                        nxt = (final[0], other, na, nb)
                    out[nxt] = out.get(nxt, Fraction(0)) + pa * pb * p1 * p2
    assert sum(out.values()) == 1
    return out


def game_chain(rules: TwoDreidelRules, chips: int) -> tuple[MarkovChain[State], State]:
    """The absorbing chain of a heads-up game with ``chips`` each, and its start state."""
    fresh = DeckState.fresh(rules)
    start = (chips, 0, fresh, fresh)
    chain = MarkovChain.from_successors([start], lambda s: successors(rules, 2 * chips, s))
    return chain, start
