"""An independent Queenie deal, written from RULES.md 4 alone (sets and lists, no library code).

Used as the brute-force oracle for :func:`dreidelpoker.games.queenie.exact.enumerate_deal`:
every ordering of a small deck is dealt and played here, and the resulting
distribution must equal the library's exactly.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction


def _lead_choice(hand: set[int], cands: list[int], ranks: int) -> int:
    # The rule-based bots' documented choice: most own cards in a row from the lead,
    # then most own cards in that suit, then the lowest card number.
    def key(c: int) -> tuple[int, int, int]:
        run = 0
        while (c + run + 1) % ranks and c + run + 1 in hand:
            run += 1
        return (run, sum(1 for x in hand if x // ranks == c // ranks), -c)
    return max(cands, key=key)


def play_one(players: int, suits: int, ranks: int, queen_card: int, dummy: list[int], seats: list[list[int]],
             *, swap: str, no_colour: str, queen_card_queen: str) -> tuple[int | None, int | None, int]:
    """One deal: seats[0] is the first player (right of the dealer), play goes to seats 1, 2 ...

    Returns (who went out or None, who won the queen pot or None, cards played).
    """
    hands = [set(h) for h in seats]
    if swap == "always":  # the first player offered takes the dummy; their hand is dead
        hands[0] = set(dummy)
    # A card in no live hand is dead, the queen-pot card or played: a run stops there.

    def colour(card: int) -> int:
        return (card // ranks) % 2

    def lowest(seat: int, want: int | None) -> list[int]:
        pool = [c for c in hands[seat] if want is None or colour(c) == want]
        if not pool:
            return []
        low = min(c % ranks for c in pool)
        return sorted(c for c in pool if c % ranks == low)

    queen_by: dict[int, int] = {}
    played = 0
    leader, want = 0, None
    out = None
    while True:
        cands = lowest(leader, want)
        if not cands:
            assert want is not None
            found = None
            for k in range(1, players):
                nxt = (leader + k) % players
                cands = lowest(nxt, want)
                if cands:
                    found = nxt
                    break
                if no_colour == "next-any":
                    cands = lowest(nxt, None)
                    found = nxt
                    break
            if found is None:
                break  # blocked
            leader = found
        card = _lead_choice(hands[leader], cands, ranks)
        holder = leader
        while True:
            hands[holder].remove(card)
            played += 1
            if card % ranks == ranks - 2:
                queen_by[card // ranks] = holder
            if not hands[holder]:
                out = holder
                break
            if card % ranks == ranks - 1:
                break
            owners = [s for s in range(players) if card + 1 in hands[s]]
            if not owners:
                break
            holder, card = owners[0], card + 1
        if out is not None:
            break
        leader, want = holder, 1 - colour(card)
    if queen_card % ranks == ranks - 2:
        queen = out if queen_card_queen == "to-going-out" else None
    else:
        queen = queen_by.get(queen_card // ranks)
    return out, queen, played


def oracle_distribution(players: int, suits: int, ranks: int, *, dealing: str = "dummy-first",
                        queen_card: str = "deck", swap: str = "never", no_colour: str = "pass-on",
                        queen_card_queen: str = "carry-over") -> dict[str, object]:
    """Every ordering of the deck, dealt one card at a time, played by :func:`play_one`."""
    n = suits * ranks
    hands = players + 1
    order = list(range(hands)) if dealing == "dummy-first" else list(range(1, hands)) + [0]
    went: Counter[int | None] = Counter()
    queen: Counter[int | None] = Counter()
    cards = Fraction(0)
    total = Fraction(0)
    for perm in itertools.permutations(range(n)):
        if queen_card == "deck":
            q, rest = perm[0], perm[1:]
            if queen_card_queen == "redraw" and q % ranks == ranks - 2:
                continue
            held: list[list[int]] = [[] for _ in range(hands)]
            for i, c in enumerate(rest):
                held[order[i % hands]].append(c)
            options = [(q, held)]
        else:
            held = [[] for _ in range(hands)]
            for i, c in enumerate(perm):
                held[order[i % hands]].append(c)
            pool = [c for c in held[0] if not (queen_card_queen == "redraw" and c % ranks == ranks - 2)] or held[0]
            options = [(q, [[c for c in held[0] if c != q]] + held[1:]) for q in pool]
        for q, h in options:
            w = Fraction(1, len(options))
            o, qw, k = play_one(players, suits, ranks, q, h[0], h[1:], swap=swap, no_colour=no_colour,
                                queen_card_queen=queen_card_queen)
            went[o] += w
            queen[qw] += w
            cards += w * k
            total += w
    return {
        "blocked": went[None] / total,
        "went_out": tuple(went[s] / total for s in range(players)),
        "queen_carried": queen[None] / total,
        "cards": cards / total,
    }


def blocked_share_never_swap(players: int, suits: int, ranks: int, live_sizes: tuple[int, ...]) -> tuple[int, Fraction]:
    """P(blocked) with every seat keeping its hand, counted over every split of the deck.

    With nobody swapping, the dummy and the queen-pot card are both out of play, and every
    split of the deck into the live hands (``live_sizes``, first player first) and the dead
    rest is equally likely (each arises from the same number of orderings). Whether a deal
    is blocked depends only on that split, so counting splits is exact. Default rules
    ("pass-on"); leads by the rule-based bots' documented choice.

    Written for speed (a 12-card deck has 277,200 splits): hands are bit masks, and each
    hand's lead for each colour asked is worked out once per mask, not per deal.

    Returns:
        (splits counted, P(blocked)).
    """
    n = suits * ranks
    anyc = 2

    def colour(c: int) -> int:
        return (c // ranks) % 2

    def lead(mask: int, want: int) -> int:
        pool = [c for c in range(n) if mask >> c & 1 and (want == anyc or colour(c) == want)]
        if not pool:
            return -1
        low = min(c % ranks for c in pool)
        held = {c for c in range(n) if mask >> c & 1}
        return _lead_choice(held, [c for c in pool if c % ranks == low], ranks)

    chosen = [[lead(m, w) for m in range(1 << n)] for w in range(3)]
    king = [c % ranks == ranks - 1 for c in range(n)]
    other = [1 - colour(c) for c in range(n)]
    k = sum(live_sizes)
    patterns = list(_splits(tuple(range(k)), live_sizes))  # hands as positions in the live cards
    total = blocked = 0
    for live in itertools.combinations(range(n), k):
        bits = [1 << c for c in live]
        for pattern in patterns:
            total += 1
            hands = [sum([bits[i] for i in part]) for part in pattern]
            leader, want = 0, anyc
            while True:
                card = chosen[want][hands[leader]]
                if card < 0:  # "No Red" / "No Black": the next players in turn may lead it
                    for j in range(1, players):
                        nxt = (leader + j) % players
                        card = chosen[want][hands[nxt]]
                        if card >= 0:
                            leader = nxt
                            break
                    else:
                        blocked += 1
                        break
                holder = leader
                while True:  # the run: whoever holds the next card of the suit plays it
                    hands[holder] ^= 1 << card
                    if not hands[holder] or king[card]:
                        break
                    nxt = card + 1
                    for seat in range(players):
                        if hands[seat] >> nxt & 1:
                            break
                    else:
                        break  # the next card is dead or played
                    holder, card = seat, nxt
                if not hands[holder]:
                    break  # went out
                leader, want = holder, other[card]
    return total, Fraction(blocked, total)


def _splits(cards: tuple[int, ...], sizes: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if len(sizes) == 1:
        yield (cards,)
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = tuple(c for c in cards if c not in first)
        for more in _splits(rest, sizes[1:]):
            yield (first,) + more
