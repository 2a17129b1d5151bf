"""Can a classic dreidel game end? Refuse, up front, a dreidel whose game may never end.

The rule: **from every state a game can reach, some sequence of spins must end it** (the
game then ends with probability 1, and its absorbing Markov chain has no trap). Only the
faces with a positive probability matter, not the probabilities themselves. Decided from
first principles, by cases (``F`` is the set of faces that can come up):

1. **Shin in F: always ends.** A run of Shins makes each spinner pay a coin or go out;
   coins are finite, so such a run ends any game.
2. **Gimel in F and** ``stopping="first-gimel"``: the first Gimel ends the game.
3. Otherwise no face takes a coin from a player: only the ante does, and only when the pot
   is empty. So **without re-ante** (``reante=False``) nobody ever pays after the opening
   ante and nobody goes out: **never ends**.
4. The pot empties only on Gimel, or on Hey rounding up from a one-coin pot (Hey rounding
   down or exactly halving never empties it). **With neither, never ends.**
5. **Nun in F** (with a face that empties the pot): one player takes every pot while the
   others spin Nun, and the others pay an ante per pot until they are out: **always ends**.
6. Only Gimel and Hey with a continuous pot: cycles of ``2 x players`` spins (Hey each time,
   Gimel last) leave the last seat of the cycle under a coin per cycle until it cannot ante:
   **always ends**.
7. Only Gimel and/or Hey with a whole-coin pot: whether a game can end depends on the player
   and coin counts (a Gimel-only dreidel ends for 1 coin each, never for 3). This is decided
   exactly, by visiting every state the game can reach, up to
   [`ENDING_CHECK_MAX_STATES`][dreidelpoker.games.classic_dreidel.ending.ENDING_CHECK_MAX_STATES] states; a game that would need more is refused too.

[`ClassicDreidelRules`][dreidelpoker.games.classic_dreidel.ClassicDreidelRules] applies this check when it is built, so every entry
point (the chain, ``analyze``, the simulators) gets a refused dreidel as an ``InputError``.

Examples:
    >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
    >>> ClassicDreidelRules(players=2, coins=3, face_probabilities=(1, 0, 0, 0))
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputError: face_probabilities (1, 0, 0, 0) make a game that may never end: only Gimel can come up (no Shin, no Nun), and with 2 players and 3 coins each no sequence of spins ever ends the game; give Shin a positive probability (then every game can end)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .spins import SpinRules, spin_outcome

__all__ = ["ENDING_CHECK_MAX_STATES", "EndingCheck", "ending_check", "never_ends_reason"]

#: Most states visited to decide whether a Gimel/Hey-only dreidel (case 7) can end a game.
ENDING_CHECK_MAX_STATES = 20_000

_TERMINAL = ("win", "draw", "out")


@dataclass(frozen=True)
class EndingCheck:
    """Whether every game of a variant can end, and why.

    Attributes:
        ends: ``True`` when some sequence of spins ends the game from every reachable state.
        reason: one sentence saying why (the case of the module docstring).
        states: states visited (0 when decided without visiting any).
    """

    ends: bool
    reason: str
    states: int = 0


def _faces_text(faces: str) -> str:
    names = {"G": "Gimel", "H": "Hey", "N": "Nun", "S": "Shin"}
    words = [names[f] for f in faces]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def ending_check(rules: SpinRules, *, max_states: int = ENDING_CHECK_MAX_STATES) -> EndingCheck:
    """Decide whether every game of ``rules`` can end (the cases of the module docstring).

    Parameters:
        rules: the variant (its ``face_fractions`` say which faces can come up).
        max_states: the most states visited for a Gimel/Hey-only dreidel with a whole-coin pot.

    Returns:
        An [`EndingCheck`][dreidelpoker.games.classic_dreidel.ending.EndingCheck].

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> ending_check(ClassicDreidelRules()).ends
        True
    """
    faces = "".join(f for f, p in zip("GHNS", rules.face_fractions) if p > 0)
    can = _faces_text(faces)
    if "S" in faces:
        return EndingCheck(True, "Shin can come up: a run of Shins puts players out until the game ends")
    if "G" in faces and rules.stopping == "first-gimel":
        return EndingCheck(True, "Gimel can come up, and the first Gimel ends the game")
    if not rules.reante:
        return EndingCheck(False, f"only {can} can come up and there is no re-ante, so after the opening ante "
                                  "nobody ever pays a coin and nobody goes out")
    empties = "G" in faces or ("H" in faces and rules.hey_rounding == "up")
    if not empties:
        return EndingCheck(False, f"only {can} can come up, so the pot never empties, nobody antes again, "
                                  "nobody ever pays a coin and nobody goes out")
    if "N" in faces:
        return EndingCheck(True, "Nun and a face that empties the pot can come up: one player takes every pot "
                                 "while the others spin Nun and pay antes until they are out")
    if rules.hey_rounding == "continuous" and faces == "GH":
        return EndingCheck(True, "Gimel and Hey with a continuous pot: a player can be left under one coin "
                                 "and go out at an ante")
    return _explore(rules, faces, max_states)


def _explore(rules: SpinRules, faces: str, max_states: int) -> EndingCheck:
    """Case 7: visit every reachable state; check that each can reach an end."""
    p = rules.players
    start: Any = (tuple([rules.coins - 1] * p), 0, p, 0)
    index: dict[Any, int] = {start: 0}
    states: list[Any] = [start]
    preds: list[list[int]] = [[]]
    ends: list[int] = []
    i = 0
    while i < len(states):
        s = states[i]
        if s[0] in _TERMINAL:
            ends.append(i)
        else:
            for face in faces:
                t = spin_outcome(s, face, rules=rules)
                j = index.get(t)
                if j is None:
                    if len(states) >= max_states:
                        return EndingCheck(
                            False, f"only {_faces_text(faces)} can come up (no Shin, no Nun): whether such a game "
                            f"can end depends on the player and coin counts, and checking it for {p} players and "
                            f"{rules.coins:,} coins each would visit more than {max_states:,} states", len(states))
                    j = index[t] = len(states)
                    states.append(t)
                    preds.append([])
                preds[j].append(i)
        i += 1
    can_end = bytearray(len(states))
    stack = ends
    for k in ends:
        can_end[k] = 1
    while stack:
        k = stack.pop()
        for q in preds[k]:
            if not can_end[q]:
                can_end[q] = 1
                stack.append(q)
    n = len(states)
    table = f"{p} players and {rules.coins:,} coin{'s' if rules.coins != 1 else ''} each"
    if all(can_end):
        return EndingCheck(True, f"only {_faces_text(faces)} can come up; with {table} every one of the {n:,} "
                                 "reachable states can still reach the end", n)
    if not can_end[0]:
        where = "no sequence of spins ever ends the game"
    else:
        where = f"a game can reach states ({n - sum(can_end):,} of its {n:,}) from which it never ends"
    return EndingCheck(False, f"only {_faces_text(faces)} can come up (no Shin, no Nun), and with {table} {where}", n)


def never_ends_reason(rules: SpinRules) -> str | None:
    """``None`` if every game of ``rules`` can end, else why not (one sentence).

    Parameters:
        rules: the variant.

    Returns:
        ``None`` or the reason.

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> never_ends_reason(ClassicDreidelRules()) is None
        True
    """
    check = ending_check(rules)
    return None if check.ends else check.reason
