"""The fair baseline of classic dreidel games: a plain Python loop of the same rules (RULES.md 6
with the defaults: Hey takes half rounded up, out when unable to pay, everyone antes again on
an empty pot, last survivor), faces drawn from one numpy generator in blocks -- what a
competent user writes in about 40 lines. It returns what the library's records hold: each
game's spins, winner and each seat's winnings from spins."""

from __future__ import annotations

import numpy as np


def play(players: int, coins: int, games: int, seed: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """``games`` games: (spins, winner seat, net winnings per seat) each."""
    rng = np.random.default_rng(seed)
    faces: list[int] = []
    k = 0
    out = []
    for _ in range(games):
        c = [coins - 1] * players
        net = [0] * players
        alive = [True] * players
        left, pot, s, spins = players, players, 0, 0
        while True:
            if k == len(faces):
                faces, k = rng.integers(0, 4, size=4096).tolist(), 0
            f = faces[k]
            k += 1
            spins += 1
            if f == 0:  # Gimel
                c[s] += pot
                net[s] += pot
                pot = 0
            elif f == 1:  # Hey, half rounded up
                take = (pot + 1) // 2
                c[s] += take
                net[s] += take
                pot -= take
            elif f == 3:  # Shin
                if c[s]:
                    c[s] -= 1
                    net[s] -= 1
                    pot += 1
                else:
                    alive[s] = False
                    left -= 1
            if pot == 0:  # everyone still in antes; who cannot is out
                for i in range(players):
                    if alive[i]:
                        if c[i]:
                            c[i] -= 1
                            pot += 1
                        else:
                            alive[i] = False
                            left -= 1
            if left <= 1:
                break
            s = (s + 1) % players
            while not alive[s]:
                s = (s + 1) % players
        out.append((spins, alive.index(True) if left == 1 else -1, tuple(net)))
    return out
