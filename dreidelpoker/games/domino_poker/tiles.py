"""The 20 tiles of Domino Poker ([Domino Poker rules: play][rules-5-1]) and how to parse and print them.

The set is a double-six domino set with every blank and the [1-1] removed. A tile is
written high end first, in brackets: ``[6-4]``. Parsing accepts ``"6-4"``, ``"[4-6]"``,
``"64"``, ``"[4- 6]"`` (the seed's own typo) and ``(4, 6)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from ...errors import InputError, InputTypeError
from ...validation import check_arguments, is_whole_number

__all__ = [
    "DOUBLES",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "TILES",
    "HandLike",
    "Tile",
    "TileLike",
    "format_hand",
    "format_tiles",
    "mask_tiles",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "tiles_mask",
]

#: Every hand holds five tiles, whatever the number of players (the Domino Poker rules: play).
HAND_SIZE = 5
#: 20 tiles deal at most four hands of five.
MAX_PLAYERS = 4


@dataclass(frozen=True, order=True)
class Tile:
    """One domino tile; ``high >= low``. Tiles compare by (higher end, lower end).

    Examples:
        >>> Tile(6, 4) > Tile(5, 5)
        True
        >>> str(Tile(6, 4)), Tile(6, 4).label
        ('[6-4]', '6-4')
    """

    high: int
    low: int

    def __post_init__(self) -> None:
        for end in (self.high, self.low):
            if not is_whole_number(end):
                raise InputTypeError(f"tile ends must be ints, got {end!r}")
        if self.high < self.low:
            raise InputError(f"write a tile high end first: Tile({self.low}, {self.high}), not Tile({self.high}, {self.low})")
        _check_in_set(self.high, self.low, text=f"[{self.high}-{self.low}]")

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def label(self) -> str:
        """``"6-4"`` (no brackets), as the CLI takes it."""
        return f"{self.high}-{self.low}"

    @property
    def code(self) -> int:
        """``10 * high + low``: an integer that orders tiles like the tiles themselves."""
        return 10 * self.high + self.low

    @property
    def index(self) -> int:
        """Position 0..19 in [`TILES`][dreidelpoker.games.domino_poker.TILES] (weakest first); bit ``1 << index`` in masks."""
        return _INDEX[self]

    def has(self, number: int) -> bool:
        """Whether the tile belongs to suit ``number`` (one of its ends is ``number``)."""
        return number in (self.high, self.low)

    def other_end(self, number: int) -> int:
        """The end that is not ``number`` (``number`` itself for a double)."""
        if not self.has(number):
            raise InputError(f"{self} is not in suit {number}")
        return self.low if self.high == number else self.high

    def __str__(self) -> str:
        return f"[{self.high}-{self.low}]"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


def _check_in_set(a: int, b: int, *, text: str) -> None:
    allowed = "tiles have two ends from 1 to 6, except [1-1] (blanks and [1-1] are removed)"
    if a == 0 or b == 0:
        raise InputError(f"tile {text} has a blank end; Domino Poker removes every blank: {allowed}")
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise InputError(f"tile {text} has an end outside 1..6: {allowed}")
    if a == b == 1:
        raise InputError(f"tile {text}: [1-1] is removed from the Domino Poker set; {allowed}")


def _make_tiles() -> tuple[Tile, ...]:
    out = []
    for high in range(1, 7):
        for low in range(1, high + 1):
            if high == low == 1:
                continue
            out.append(Tile(high, low))
    return tuple(sorted(out))


#: The 20 tiles, weakest first (so index order is tile order).
TILES: tuple[Tile, ...] = _make_tiles()
_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
#: The five doubles [2-2] .. [6-6].
DOUBLES: tuple[Tile, ...] = tuple(t for t in TILES if t.is_double)

TileLike = Tile | str | tuple[int, int]
HandLike = str | Iterable[TileLike]

_TILE_RE = re.compile(r"(\[)?\s*([0-9]{1,3})\s*(?:[-|:/]\s*)?([0-9]{1,3})\s*(\])?", re.ASCII)


def parse_tile(tile: TileLike) -> Tile:
    """Parse ``"6-4"``, ``"[4-6]"``, ``"64"``, ``"[4- 6]"``, ``(4, 6)`` or a [`Tile`][dreidelpoker.games.domino_poker.tiles.Tile].

    Parameters:
        tile: the tile in any of these forms.

    Returns:
        The [`Tile`][dreidelpoker.games.domino_poker.tiles.Tile].

    Raises:
        ValueError: not a tile of the Domino Poker set (blanks and [1-1] are removed).
        TypeError: a value of another type.

    Examples:
        >>> parse_tile("[4- 6]")
        Tile(6, 4)
        >>> parse_tile("1-1")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: tile [1-1]: [1-1] is removed from the Domino Poker set; tiles have two ends from 1 to 6, except [1-1] (blanks and [1-1] are removed)
    """
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, tuple):
        if len(tile) != 2:
            raise InputError(f"a tile tuple needs two ends, got {tile!r}")
        a, b = tile
        if not is_whole_number(a) or not is_whole_number(b):
            raise InputTypeError(f"tile ends must be ints, got {tile!r}")
        _check_in_set(a, b, text=f"[{a}-{b}]")
        return Tile(max(a, b), min(a, b))
    if not isinstance(tile, str):
        raise InputTypeError(f"a tile must be a string like '6-4', a (high, low) tuple or a Tile, got {type(tile).__name__}")
    text = tile.strip()
    m = _TILE_RE.fullmatch(text)
    if m is None or bool(m.group(1)) != bool(m.group(4)):
        raise InputError(f"{tile!r} is not a tile; write tiles like 6-4, [6-4] or 64 (ends 1 to 6)")
    a, b = int(m.group(2)), int(m.group(3))
    _check_in_set(a, b, text=f"[{a}-{b}]")
    return Tile(max(a, b), min(a, b))


@check_arguments
def parse_tiles(tiles: HandLike, *, what: str = "tiles") -> tuple[Tile, ...]:
    """Parse any number of distinct tiles (a string or an iterable), strongest first.

    Strings may separate tiles by commas, spaces or nothing between brackets.

    Parameters:
        tiles: a string or an iterable of tiles.
        what: what the tiles are, for messages.

    Returns:
        The tiles, strongest first.

    Raises:
        ValueError: a bad or repeated tile.
        TypeError: a value of another type.

    Examples:
        >>> format_tiles(parse_tiles("[2-6], [3-6], [4- 6], [5-6], [6-6]"))
        '[6-6] [6-5] [6-4] [6-3] [6-2]'
        >>> parse_tiles("6-6 66")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: tiles repeat [6-6]; every tile exists once in the set
    """
    if isinstance(tiles, str):
        text = re.sub(r"\s*([-|:/])\s*", r"\1", tiles.strip())
        tokens = [t for t in re.split(r"[\s,;]+|(?<=\])(?=\[)", text) if t]
        parsed = [parse_tile(t) for t in tokens]
    elif isinstance(tiles, Tile):
        parsed = [tiles]
    elif isinstance(tiles, Iterable):
        parsed = [parse_tile(t) for t in tiles]
    else:
        raise InputTypeError(f"{what} must be a string like '6-6,5-4' or a sequence of tiles, got {type(tiles).__name__}")
    seen: set[Tile] = set()
    dups: list[Tile] = []
    for t in parsed:
        if t in seen and t not in dups:
            dups.append(t)
        seen.add(t)
    if dups:
        raise InputError(f"{what} repeat {format_tiles(dups)}; every tile exists once in the set")
    return tuple(sorted(parsed, reverse=True))


def parse_hand(hand: HandLike) -> tuple[Tile, ...]:
    """Parse a complete hand of exactly five distinct tiles, strongest first.

    Parameters:
        hand: a string like ``"6-6,5-5,2-4,3-1,4-6"`` or five tiles.

    Returns:
        The five tiles, strongest first.

    Raises:
        ValueError: not exactly five distinct tiles of the set.

    Examples:
        >>> format_tiles(parse_hand("6-6,5-5,2-4,3-1,4-6"))
        '[6-6] [6-4] [5-5] [4-2] [3-1]'
        >>> parse_hand("6-6,5-5")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: a hand holds exactly 5 tiles, got 2: [6-6] [5-5]
    """
    tiles = parse_tiles(hand, what="hand")
    if len(tiles) != HAND_SIZE:
        raise InputError(f"a hand holds exactly {HAND_SIZE} tiles, got {len(tiles)}: {format_tiles(tiles)}")
    return tiles


@check_arguments
def format_hand(hand: Iterable[Tile]) -> str:
    """A hand in canonical form, strongest tile first ([`parse_hand`][dreidelpoker.games.domino_poker.parse_hand] reads it back).

    Parameters:
        hand: the tiles.

    Returns:
        The text.

    Examples:
        >>> format_hand(parse_hand("1-2,3-4,5-6,6-6,2-2"))
        '[6-6] [6-5] [4-3] [2-2] [2-1]'
    """
    return format_tiles(sorted(hand, reverse=True))


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in canonical form, as given: ``"[6-6] [5-4]"``.

    Parameters:
        tiles: the tiles, in the order to show.

    Returns:
        The text.

    Examples:
        >>> from dreidelpoker.games.domino_poker import parse_tiles
        >>> format_tiles(parse_tiles("6-6,5-4"))
        '[6-6] [5-4]'
    """
    return " ".join(str(t) for t in tiles)


def tiles_mask(tiles: Sequence[Tile] | Iterable[Tile]) -> int:
    """The 20-bit mask of a set of tiles (bit ``t.index``).

    Parameters:
        tiles: the tiles.

    Returns:
        The mask.
    """
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


def mask_tiles(mask: int) -> tuple[Tile, ...]:
    """The tiles of a 20-bit mask, strongest first.

    Parameters:
        mask: bit ``i`` set for ``TILES[i]``.

    Returns:
        The tiles.
    """
    return tuple(TILES[i] for i in range(len(TILES) - 1, -1, -1) if mask >> i & 1)
