"""The fair baseline of Queenie sessions (RULES.md 4 with the library's defaults: 52 cards, a
dummy dealt first, the queen-pot card from the deck, a Queen there carries the queen pot,
"No Red" passes on, a blocked going-out pot carries over, ante 1), every seat keeping its
hand and leading like ``best_lead`` (the ``never-swap`` bot): what a competent user writes
in about 80 lines, hands as bit masks, a run played card by card, one numpy generator. It
returns what the library's records count: per session the deals, cards played, runs,
turns, blocked deals and dead queen-pot Queens."""

from __future__ import annotations

import numpy as np

RANKS, SUITS = 13, 4
KING = RANKS - 1


def _lowest(hand: int, suits: range | tuple[int, ...]) -> list[int]:
    best, out = RANKS, []
    for s in suits:
        m = (hand >> (s * RANKS)) & ((1 << RANKS) - 1)
        if m:
            r = (m & -m).bit_length() - 1
            if r < best:
                best, out = r, [s * RANKS + r]
            elif r == best:
                out.append(s * RANKS + r)
    return out


def _lead(hand: int, cands: list[int]) -> int:
    """The lead that plays most of one's own cards in a row, then the longest suit, then the lowest."""
    best, key = cands[0], (-1, -1, 0)
    for c in cands:
        run, nxt = 0, c + 1
        while nxt % RANKS and hand >> nxt & 1:
            run, nxt = run + 1, nxt + 1
        suit = c // RANKS
        length = ((hand >> (suit * RANKS)) & ((1 << RANKS) - 1)).bit_count()
        k = (run, length, -c)
        if k > key:
            best, key = c, k
    return best


def play(players: int, sessions: int, deals: int, seed: int) -> list[tuple[int, int, int, int, int, int]]:
    """``sessions`` sessions of ``deals`` deals: (deals, cards, runs, turns, blocked, queen dead) each."""
    rng = np.random.default_rng(seed)
    n = players
    out = []
    for _ in range(sessions):
        button = n - 1
        cards = runs = turns = blocked = qdead = 0
        for _d in range(deals):
            perm = rng.permutation(RANKS * SUITS).tolist()
            qcard, rest = perm[0], perm[1:]
            hands = [0] * (n + 1)  # position 0: the dummy (dead: nobody swaps), k: k-th seat right of the dealer
            for j, c in enumerate(rest):
                hands[j % (n + 1)] |= 1 << c
            seats = [0] * n
            for pos in range(1, n + 1):
                seats[(button + pos) % n] = hands[pos]
            live = 0
            for h in seats:
                live |= h
            queen_by = [-1] * SUITS
            s = (button + 1) % n
            cands = _lowest(seats[s], range(SUITS))
            card = _lead(seats[s], cands)
            went_out = False
            while True:
                suit, c, last = card // RANKS, card, -1
                while True:  # a run, card by card
                    holder = s if seats[s] >> c & 1 else next(k for k in range(n) if seats[k] >> c & 1)
                    if holder != last:
                        turns += 1
                        last = holder
                    seats[holder] ^= 1 << c
                    live ^= 1 << c
                    cards += 1
                    if c % RANKS == KING - 1:
                        queen_by[suit] = holder
                    s = holder
                    if not seats[holder]:
                        went_out = True
                        break
                    if c % RANKS == KING or not live >> (c + 1) & 1:
                        break
                    c += 1
                runs += 1
                if went_out:
                    break
                colour = range(1 - suit % 2, SUITS, 2)
                leader = -1
                for k in range(n):
                    seat = (s + k) % n
                    cands = _lowest(seats[seat], colour)
                    if cands:
                        leader = seat
                        break
                if leader < 0:
                    blocked += 1
                    break
                s, card = leader, _lead(seats[leader], cands)
            qsuit = qcard // RANKS
            queen = qsuit * RANKS + KING - 1
            qdead += qcard == queen or bool(hands[0] >> queen & 1)
            button = (button + 1) % n
        out.append((deals, cards, runs, turns, blocked, qdead))
    return out
