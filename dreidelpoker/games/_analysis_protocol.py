"""The analysis side of the game protocol: what a game provides so that the generic
engines (exact equity, Monte Carlo equity), the CLI and the conformance test work for it.

A game implements :class:`AnalysisGame` with three type parameters: ``H`` its parsed
hand, ``K`` what is known before a deal (the hero's partial hand, the opponents …) and
``R`` its rules type. The smaller protocols name each capability on its own:

* :class:`HandFormat` — ``parse_hand(text, *, rules)`` and ``format_hand(hand, *, rules)``;
* :class:`Showdown` — ``showdown(hands, *, rules)``: positions of the winners;
* :class:`DealClasses` — ``deals(known, *, rules)``: every completion of the deal as
  classes with integer weights (hero first);
* :class:`DealSampler` — ``sample_deal(known, *, rules, rng)``: one seeded deal;
* :class:`RulesCatalogue` — the rules type and its named presets.

``fast_exact_equity`` / ``fast_monte_carlo_equity`` may return a game's own specialised
answer (vectorised or collapsed enumerations); they return ``None`` where the game has
none, and the generic engine then does the work from ``deals`` / ``sample_deal``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import numpy as np

if TYPE_CHECKING:
    from ..equity import EquityResult
    from ..montecarlo import MonteCarloEstimate

__all__ = [
    "AnalysisGame", "Deal", "DealClasses", "DealSampler", "HandFormat", "RulesCatalogue", "Showdown",
]

H = TypeVar("H")
K = TypeVar("K")
R = TypeVar("R")
K_contra = TypeVar("K_contra", contravariant=True)
R_contra = TypeVar("R_contra", contravariant=True)
H_co = TypeVar("H_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)
H_contra = TypeVar("H_contra", contravariant=True)

#: One complete deal: every player's hand, hero first.
Deal = tuple[H, ...]


class HandFormat(Protocol[H, R_contra]):
    """Parse a complete hand from text and format it back (a round trip)."""

    def parse_hand(self, text: str, *, rules: R_contra) -> H:
        """The parsed hand; ``ValueError`` naming the text and what is allowed if it is bad."""
        ...

    def format_hand(self, hand: H, *, rules: R_contra) -> str:
        """The canonical text of a hand (``parse_hand`` of it gives the hand back)."""
        ...


class Showdown(Protocol[H_contra, R_contra]):
    """The game's own showdown: positions of the winning hands (several = a split pot)."""

    def showdown(self, hands: Sequence[H_contra], *, rules: R_contra) -> list[int]:
        """Positions (0-based, ascending) of the winners among ``hands``."""
        ...


class DealClasses(Protocol[K_contra, H_co, R_contra]):
    """Exact deal classes: every completion of what is known, with an integer weight."""

    def deals(self, known: K_contra, *, rules: R_contra) -> Iterable[tuple[tuple[H_co, ...], int]]:
        """(hands, weight) pairs, hero first; weights are proportional to probabilities."""
        ...


class DealSampler(Protocol[K_contra, H_co, R_contra]):
    """Seeded sampling of one deal given what is known."""

    def sample_deal(self, known: K_contra, *, rules: R_contra, rng: np.random.Generator) -> tuple[H_co, ...]:
        """One deal drawn with the probabilities of :meth:`DealClasses.deals`, hero first."""
        ...


class RulesCatalogue(Protocol[R_co]):
    """The rules type and its named presets (every preset is an instance of the type)."""

    @property
    def rules_type(self) -> type[R_co]:
        """The frozen, keyword-only rules dataclass (``rules_type()`` is RULES.md)."""
        ...

    def presets(self) -> Mapping[str, R_co]:
        """Named rules variants, e.g. ``{"1-5-5-1": TwoDreidelRules(deck="1-5-5-1"), …}``."""
        ...


class AnalysisGame(Protocol[H, K, R]):
    """Everything the generic engines, the CLI and the conformance test need from a game.

    Implementations are small classes in each game package (``analysis.py``) and are
    registered through :class:`~dreidelpoker.games.registry.GameInfo`'s ``analysis``.
    """

    #: Most players at one showdown.
    max_players: int
    #: Complete hands (as text) the conformance test parses, formats and shows down.
    example_hands: tuple[str, ...]
    #: Partial hands (as text, ``""`` = nothing known) for which the test checks the
    #: generic engines against the fast paths; keep them small (fast to enumerate).
    example_known: tuple[str, ...]

    @property
    def rules_type(self) -> type[R]:
        """The rules dataclass."""
        ...

    def presets(self) -> Mapping[str, R]:
        """Named rules variants."""
        ...

    def parse_hand(self, text: str, *, rules: R) -> H:
        """Parse a complete hand."""
        ...

    def format_hand(self, hand: H, *, rules: R) -> str:
        """Canonical text of a complete hand."""
        ...

    def showdown(self, hands: Sequence[H], *, rules: R) -> list[int]:
        """Positions of the winners."""
        ...

    def known(self, hand: str, *, opponents: int, rules: R) -> K:
        """What is known before the deal: the hero's (possibly partial, possibly empty)
        hand as text, against ``opponents`` opponents of whom nothing is known."""
        ...

    def describe(self, known: K, *, rules: R) -> str:
        """A short description of what is known, for results."""
        ...

    def deals(self, known: K, *, rules: R) -> Iterable[tuple[tuple[H, ...], int]]:
        """Exact deal classes with integer weights, hero first."""
        ...

    def sample_deal(self, known: K, *, rules: R, rng: np.random.Generator) -> tuple[H, ...]:
        """One seeded deal, hero first."""
        ...

    def fast_exact_equity(self, known: K, *, rules: R) -> EquityResult | None:
        """The game's own exact equity, or ``None`` to let the generic engine enumerate."""
        ...

    def fast_monte_carlo_equity(self, known: K, *, rules: R, samples: int, seed: int,
                                confidence: float) -> MonteCarloEstimate | None:
        """The game's own Monte Carlo estimate, or ``None`` to let the generic engine sample."""
        ...
