"""What a designer may vary in a game's rules, and how far: a game's search space.

Each game declares its space beside its rules dataclass, as the class attribute
``search_space`` (a [`SearchSpace`][dreidelpoker.search_space.SearchSpace]); the variant search
([`search`][dreidelpoker.play.search]) reads nothing else. A space is a tuple of
*dimensions*: a whole-number range ([`IntRange`][dreidelpoker.search_space.IntRange]), a set of choices ([`Choice`][dreidelpoker.search_space.Choice],
which may set several fields together, such as ``draw`` and ``put_back``) or a vector of
counts with a bounded total ([`Counts`][dreidelpoker.search_space.Counts], such as Two Dreidel's deck). A user narrows
a space with `SearchSpace.narrow`: fix a field, shrink a range, keep some choices.

A dimension only proposes values; the rules dataclass still checks every combination, and
a combination it refuses is reported as invalid rather than played.

Examples:
    >>> space = SearchSpace((IntRange("chips_per_player", 2, 12), Choice("streets", ("bet-spin-spin", "spins-then-bet"))))
    >>> space.narrow(ranges={"chips_per_player": (4, 6)}).describe()
    ['chips_per_player: 4..6', 'streets: bet-spin-spin, spins-then-bet']
    >>> space.narrow(fixed={"streets": "spins-then-bet"}).fixed
    {'streets': 'spins-then-bet'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from .errors import InputError

__all__ = ["Choice", "Counts", "Dimension", "IntRange", "SearchSpace", "Suggester"]


class Suggester(Protocol):
    """What a dimension asks of a search trial (an ``optuna.trial.Trial`` has both methods)."""

    def suggest_int(self, name: str, low: int, high: int, *, step: int = 1) -> int: ...

    def suggest_categorical(self, name: str, choices: Sequence[Any]) -> Any: ...


def _names(spec: str | tuple[str, ...]) -> tuple[str, ...]:
    return (spec,) if isinstance(spec, str) else tuple(spec)


@dataclass(frozen=True)
class IntRange:
    """A rules field that takes the whole numbers ``low..high`` (both included), by ``step``.

    Attributes:
        field: the rules field.
        low: the smallest value.
        high: the largest value.
        step: the spacing of the values.
    """

    field: str
    low: int
    high: int
    step: int = 1

    def __post_init__(self) -> None:
        if self.step < 1 or self.low > self.high:
            raise InputError(f"search space: {self.field} range {self.low}..{self.high} step {self.step} is empty")

    @property
    def fields(self) -> tuple[str, ...]:
        """The rules fields this dimension sets."""
        return (self.field,)

    def suggest(self, trial: Suggester) -> dict[str, Any]:
        """One value, asked of ``trial``."""
        return {self.field: trial.suggest_int(self.field, self.low, self.high, step=self.step)}

    def describe(self) -> str:
        """One line: the field and its range."""
        return f"{self.field}: {self.low}..{self.high}" + (f" step {self.step}" if self.step != 1 else "")

    def spec(self) -> Any:
        """A JSON-safe summary (for the search's fingerprint)."""
        return ["int", self.field, self.low, self.high, self.step]

    def size(self) -> int:
        """How many values the dimension offers."""
        return (self.high - self.low) // self.step + 1


@dataclass(frozen=True)
class Choice:
    """One of several values for a rules field, or one of several tuples for fields set together.

    Attributes:
        field: the rules field, or a tuple of fields set together (then each option is a tuple).
        options: the values offered.
    """

    field: str | tuple[str, ...]
    options: tuple[Any, ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise InputError(f"search space: {self.label} offers no choice")
        width = len(self.fields)
        if width > 1 and any(not isinstance(o, tuple) or len(o) != width for o in self.options):
            raise InputError(f"search space: each option of {self.label} must set {width} fields")

    @property
    def fields(self) -> tuple[str, ...]:
        """The rules fields this dimension sets."""
        return _names(self.field)

    @property
    def label(self) -> str:
        """The dimension's name (fields set together are joined by ``/``)."""
        return "/".join(self.fields)

    def text(self, option: Any) -> str:
        """An option as a user writes it (``3/1`` for fields set together)."""
        return "/".join(str(v) for v in option) if len(self.fields) > 1 else str(option)

    def suggest(self, trial: Suggester) -> dict[str, Any]:
        """One option, asked of ``trial`` (by its text, so any option type is stored)."""
        texts = [self.text(o) for o in self.options]
        chosen = self.options[texts.index(trial.suggest_categorical(self.label, texts))]
        return dict(zip(self.fields, chosen)) if len(self.fields) > 1 else {self.fields[0]: chosen}

    def describe(self) -> str:
        """One line: the dimension and its options."""
        return f"{self.label}: " + ", ".join(self.text(o) for o in self.options)

    def spec(self) -> Any:
        """A JSON-safe summary (for the search's fingerprint)."""
        return ["choice", self.label, [self.text(o) for o in self.options]]

    def size(self) -> int:
        """How many options the dimension offers."""
        return len(self.options)


@dataclass(frozen=True)
class Counts:
    """A vector of counts (a deck's symbol counts) with each count and the total bounded.

    Attributes:
        field: the rules field (set to a tuple of ints).
        parts: a name for each count (``G``, ``H``, ...).
        low: the smallest count of each part.
        high: the largest count of each part.
        total_low: the smallest total.
        total_high: the largest total.
        mirror: if true, the vector reads the same backwards (``2-6-6-2``); only the first
            half is searched.
    """

    field: str
    parts: tuple[str, ...]
    low: int
    high: int
    total_low: int
    total_high: int
    mirror: bool = False

    def __post_init__(self) -> None:
        n = len(self.parts)
        if n == 0 or self.low > self.high or self.total_low > self.total_high or self.low < 0:
            raise InputError(f"search space: {self.field} counts {self.low}..{self.high}, total "
                             f"{self.total_low}..{self.total_high} is empty")
        if n * self.low > self.total_high or n * self.high < self.total_low:
            raise InputError(f"search space: no {self.field} with {n} counts in {self.low}..{self.high} has a "
                             f"total in {self.total_low}..{self.total_high}")

    @property
    def fields(self) -> tuple[str, ...]:
        """The rules fields this dimension sets."""
        return (self.field,)

    def _free(self) -> tuple[str, ...]:
        half = (len(self.parts) + 1) // 2
        return self.parts[:half] if self.mirror else self.parts

    def suggest(self, trial: Suggester) -> dict[str, Any]:
        """One vector, asked of ``trial`` part by part (a total out of bounds is left to `problem`)."""
        free = [trial.suggest_int(f"{self.field}.{p}", self.low, self.high) for p in self._free()]
        counts = free + free[: len(self.parts) // 2][::-1] if self.mirror else free
        return {self.field: tuple(counts)}

    def problem(self, value: Sequence[int]) -> str | None:
        """Why ``value`` is outside the space (its total out of bounds), or ``None``."""
        total = sum(value)
        if not self.total_low <= total <= self.total_high:
            return f"{self.field} total {total} is outside {self.total_low}..{self.total_high}"
        return None

    def describe(self) -> str:
        """One line: the parts, their range and the total's."""
        shape = "-".join(self.parts) + (" (mirrored)" if self.mirror else "")
        return f"{self.field} {shape}: each {self.low}..{self.high}, total {self.total_low}..{self.total_high}"

    def spec(self) -> Any:
        """A JSON-safe summary (for the search's fingerprint)."""
        return ["counts", self.field, list(self.parts), self.low, self.high, self.total_low, self.total_high,
                self.mirror]

    def size(self) -> int:
        """An upper bound on how many vectors the dimension offers."""
        return int((self.high - self.low + 1) ** len(self._free()))


Dimension = IntRange | Choice | Counts


@dataclass(frozen=True)
class SearchSpace:
    """The rules a search may propose: dimensions, plus fields held fixed.

    Attributes:
        dimensions: what varies.
        fixed: fields set to one value in every proposal (``{field: value}``).
    """

    dimensions: tuple[Dimension, ...]
    fixed: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for d in self.dimensions:
            for name in d.fields:
                if name in seen:
                    raise InputError(f"search space: field {name} is in two dimensions")
                seen.add(name)
        both = seen & set(self.fixed)
        if both:
            raise InputError(f"search space: {', '.join(sorted(both))} both fixed and varied")

    @property
    def fields(self) -> tuple[str, ...]:
        """Every field the space varies."""
        return tuple(name for d in self.dimensions for name in d.fields)

    def dimension(self, name: str) -> Dimension:
        """The dimension that sets ``name`` (a field, or ``draw/put_back`` for fields set together)."""
        for d in self.dimensions:
            if name in d.fields or (isinstance(d, Choice) and name == d.label):
                return d
        raise InputError(f"search space: {name!r} is not searched; searched: {', '.join(self.labels())}")

    def labels(self) -> list[str]:
        """Each dimension's name."""
        return [d.label if isinstance(d, Choice) else d.field for d in self.dimensions]

    def narrow(
        self,
        *,
        fixed: Mapping[str, Any] | None = None,
        ranges: Mapping[str, tuple[int, int]] | None = None,
        choices: Mapping[str, Iterable[Any]] | None = None,
    ) -> SearchSpace:
        """A smaller space: fields fixed, ranges shrunk, choices kept.

        Parameters:
            fixed: ``{field: value}`` to hold (any rules field; a searched field leaves the search).
            ranges: ``{field: (low, high)}`` inside a searched `IntRange` or `Counts`.
            choices: ``{dimension: options}`` kept of a `Choice` (as its option texts).

        Returns:
            The narrowed space.

        Raises:
            InputError: a field not searched, a range outside the declared one, an option not offered.

        Examples:
            >>> s = SearchSpace((Choice(("draw", "put_back"), ((3, 1), (4, 2))),))
            >>> s.narrow(choices={"draw/put_back": ["4/2"]}).describe()
            ['draw/put_back: 4/2']
        """
        dims = list(self.dimensions)
        fix = dict(self.fixed)
        for name, value in (fixed or {}).items():
            owner = next((d for d in dims if name in d.fields), None)
            if owner is not None:
                if len(owner.fields) > 1:
                    raise InputError(f"search space: fix {name} with its partners ({'/'.join(owner.fields)}) "
                                     "by keeping one choice instead")
                dims.remove(owner)
            fix[name] = value
        for name, (low, high) in (ranges or {}).items():
            d = self._find(dims, name)
            if isinstance(d, IntRange):
                if not (d.low <= low <= high <= d.high):
                    raise InputError(f"search space: {name} range {low}..{high} is not inside {d.low}..{d.high}")
                dims[dims.index(d)] = replace(d, low=low, high=high)
            elif isinstance(d, Counts):
                if not (d.low <= low <= high <= d.high):
                    raise InputError(f"search space: {name} counts {low}..{high} are not inside {d.low}..{d.high}")
                dims[dims.index(d)] = replace(d, low=low, high=high)
            else:
                raise InputError(f"search space: {name} is a choice; keep options instead of giving a range")
        for name, keep in (choices or {}).items():
            d = self._find(dims, name)
            if not isinstance(d, Choice):
                raise InputError(f"search space: {name} is a range; give a range instead of choices")
            texts = {d.text(o): o for o in d.options}
            wanted = [str(k) for k in keep]
            unknown = [w for w in wanted if w not in texts]
            if unknown or not wanted:
                raise InputError(f"search space: {name} offers {', '.join(texts)}; got {', '.join(wanted) or 'none'}")
            dims[dims.index(d)] = replace(d, options=tuple(texts[w] for w in wanted))
        return SearchSpace(tuple(dims), fix)

    @staticmethod
    def _find(dims: Sequence[Dimension], name: str) -> Dimension:
        for d in dims:
            if name in d.fields or (isinstance(d, Choice) and name == d.label):
                return d
        raise InputError(f"search space: {name!r} is not searched; searched: "
                         + ", ".join(d.label if isinstance(d, Choice) else d.field for d in dims))

    def suggest(self, trial: Suggester) -> dict[str, Any]:
        """One proposal, ``{field: value}``, asked of ``trial`` (fixed fields included)."""
        out = dict(self.fixed)
        for d in self.dimensions:
            out.update(d.suggest(trial))
        return out

    def problem(self, settings: Mapping[str, Any]) -> str | None:
        """Why ``settings`` fall outside the space (a count total out of bounds), or ``None``."""
        for d in self.dimensions:
            if isinstance(d, Counts) and d.field in settings:
                why = d.problem(settings[d.field])
                if why:
                    return why
        return None

    def describe(self) -> list[str]:
        """One line per dimension, then one per fixed field."""
        return [d.describe() for d in self.dimensions] + [f"{k} = {v} (fixed)" for k, v in self.fixed.items()]

    def size(self) -> int:
        """An upper bound on how many proposals the space holds."""
        total = 1
        for d in self.dimensions:
            total *= d.size()
        return total

    def fingerprint(self) -> str:
        """A short digest of the space (a stored search refuses to continue in another space)."""
        import hashlib  # here: every rules module imports this one, few ask for a digest
        import json

        text = json.dumps([[d.spec() for d in self.dimensions], sorted((k, str(v)) for k, v in self.fixed.items())])
        return hashlib.sha256(text.encode()).hexdigest()[:16]
