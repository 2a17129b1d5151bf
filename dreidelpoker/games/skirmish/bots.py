"""Skirmish bots: random, greedy, optimal and spendthrift.

Every bot receives a [`SkirmishObservation`][dreidelpoker.games.skirmish.game.SkirmishObservation] and
the legal captures, and returns one of them: a capture is compulsory, and the runner only
asks a seat that can capture (a seat that cannot passes without being asked).

Examples:
    >>> import numpy as np
    >>> from dreidelpoker.games.skirmish.game import SkirmishObservation
    >>> from dreidelpoker.games.skirmish.solver import legal_captures
    >>> obs = SkirmishObservation(0, "capture", (2, 4, 4, 9, 13), (3, 3, 8, 11, 12), (), (), 20, 20, 0, 0)
    >>> legal = legal_captures(obs.mine, obs.theirs)
    >>> rng = Sampler(0)
    >>> greedy(obs, legal, rng), spendthrift(obs, legal, rng), optimal(obs, legal, rng)
    (Capture(own=13, taken=12), Capture(own=13, taken=3), Capture(own=9, taken=8))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


from .solver import Capture, best_capture
from ..protocol import SameBot
from ...errors import InputError
from ...sampler import Sampler

__all__ = ["BOTS", "greedy", "optimal", "random_capture", "spendthrift"]


def random_capture(observation: Any, legal_actions: Sequence[Capture], rng: Sampler) -> Capture:
    """Uniform over the legal captures.

    Parameters:
        observation: what the seat sees (the two lines).
        legal_actions: the captures open now.
        rng: the seat's random generator.

    Returns:
        One of ``legal_actions``.

    Examples:
        >>> from dreidelpoker.games.skirmish import legal_captures, parse_cards
        >>> from dreidelpoker.sampler import Sampler
        >>> options = legal_captures(parse_cards("9,4,4,K,2"), parse_cards("Q,J,3,3,8"))
        >>> random_capture(None, options, Sampler(0)) in options
        True
    """
    return legal_actions[int(rng.integers(len(legal_actions)))]


def greedy(observation: Any, legal_actions: Sequence[Capture], rng: Sampler) -> Capture:
    """Take the highest opponent card it can, with the lowest own card that takes it.

    Parameters:
        observation: what the seat sees (the two lines).
        legal_actions: the captures open now.
        rng: the seat's random generator.

    Returns:
        The capture.

    Examples:
        >>> from dreidelpoker.games.skirmish import legal_captures, parse_cards
        >>> from dreidelpoker.sampler import Sampler
        >>> greedy(None, legal_captures(parse_cards("9,4,4,K,2"), parse_cards("Q,J,3,3,8")), Sampler(0))
        Capture(own=13, taken=12)
    """
    taken = max(c[1] for c in legal_actions)
    own = min(c[0] for c in legal_actions if c[1] == taken)
    return Capture(own, taken)


def spendthrift(observation: Any, legal_actions: Sequence[Capture], rng: Sampler) -> Capture:
    """A deliberately poor baseline: the lowest opponent card it can take, with its highest own card.

    Parameters:
        observation: what the seat sees (the two lines).
        legal_actions: the captures open now.
        rng: the seat's random generator.

    Returns:
        The capture.

    Examples:
        >>> from dreidelpoker.games.skirmish import legal_captures, parse_cards
        >>> from dreidelpoker.sampler import Sampler
        >>> spendthrift(None, legal_captures(parse_cards("9,4,4,K,2"), parse_cards("Q,J,3,3,8")), Sampler(0))
        Capture(own=13, taken=3)
    """
    taken = min(c[1] for c in legal_actions)
    own = max(c[0] for c in legal_actions if c[1] == taken)
    return Capture(own, taken)


def optimal(observation: Any, legal_actions: Sequence[Capture], rng: Sampler) -> Capture:
    """The exact solver's capture ([`best_capture`][dreidelpoker.games.skirmish.best_capture]):
    it maximises the cards this seat ends the skirmish with, both sides playing optimally.

    Parameters:
        observation: what the seat sees (the two lines).
        legal_actions: the captures open now.
        rng: the seat's random generator.

    Returns:
        The capture.

    Raises:
        ValueError: asked in a position without captures (the runner never does).

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules, optimal
        >>> from dreidelpoker.play import simulate
        >>> simulate(SkirmishRules(line_size=3), games=4, seed=1, bots=[optimal, "greedy"], progress=False).games
        4
    """
    c = best_capture(observation.mine, observation.theirs)
    if c is None:  # pragma: no cover - the runner only asks a seat that can capture
        raise InputError("optimal: asked to capture in a position without captures")
    return c


#: Bot name -> factory (each bot plays alike under any rules; they pickle onto process and Dask workers).
BOTS = {"random": SameBot(random_capture), "greedy": SameBot(greedy), "optimal": SameBot(optimal),
        "spendthrift": SameBot(spendthrift)}
