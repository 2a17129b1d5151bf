"""Bots: how the runner turns a bot name or a user's function into something that plays.

A bot is any callable ``bot(observation, legal_actions, rng) -> action``, or an
object with such an ``act`` method. Bots only ever receive an observation: the runner
never hands them the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


from ..games.protocol import Bot, PlaySpec
from ..errors import InputError, InputTypeError
from ..sampler import Sampler
from ..validation import check_count

__all__ = ["BotSpec", "IllegalActionError", "bot_label", "make_bot", "random_bot", "resolve_lineup"]

#: How a seat's bot is named in a line-up: a registered name, or a bot itself.
BotSpec = str | Callable[..., Any] | Any


class IllegalActionError(ValueError):
    """A bot returned an action that is not legal. The game is not repaired: it stops here.

    Examples:
        >>> import numpy as np
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.games.registry import get_game
        >>> from dreidelpoker.play.runner import play_game
        >>> spec = get_game("queenie").play
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> cheat = lambda observation, legal, rng: "peek"
        >>> try:
        ...     play_game(spec.new_game(QueenieRules(players=3)), [cheat] * 3, np.random.SeedSequence(0))
        ... except IllegalActionError as error:
        ...     print("refused")
        refused
    """


def random_bot(observation: Any, legal_actions: Sequence[Any], rng: Sampler) -> Any:
    """Uniform over the legal actions (a generic baseline any game can use).

    Parameters:
        observation: what the seat sees (unused).
        legal_actions: the actions allowed now.
        rng: the seat's random generator.

    Returns:
        One of ``legal_actions``.

    Examples:
        >>> random_bot(None, ("call", "fold"), Sampler(0)) in ("call", "fold")
        True
    """
    return legal_actions[int(rng.integers(len(legal_actions)))]


def _reads_nothing(legal_actions: Sequence[Any]) -> bool:
    return False


setattr(random_bot, "observation_needed", _reads_nothing)  # the runner gives it None (the ``Bot`` protocol)


def bot_label(bot: BotSpec) -> str:
    """A short name for a bot: its registered name, ``name`` attribute or function name.

    Parameters:
        bot: a bot name, a bot object or a function.

    Returns:
        The label used in results and logs.

    Examples:
        >>> bot_label("random")
        'random'
        >>> def cautious(observation, legal, rng):
        ...     return legal[0]
        >>> bot_label(cautious)
        'cautious'
    """
    if isinstance(bot, str):
        return bot
    name = getattr(bot, "name", None)
    if isinstance(name, str):
        return name
    return str(getattr(bot, "__name__", type(bot).__name__))


def make_bot(spec: PlaySpec[Any], bot: BotSpec, *, rules: object) -> Bot:
    """A callable bot for one game: a registered name is built by its factory, a bot object
    with ``act`` is wrapped, and a plain function is used as it is.

    Parameters:
        spec: the game's play specification.
        bot: a registered bot name, an object with ``act`` or a function.
        rules: the rules a named bot is built for.

    Returns:
        A function ``bot(observation, legal_actions, rng) -> action``.

    Raises:
        TypeError: ``bot`` is none of these.
    """
    if isinstance(bot, str):
        return spec.bots[bot](rules)
    act = getattr(bot, "act", None)
    if callable(act):
        return act  # type: ignore[no-any-return]
    if callable(bot):
        return bot
    raise InputTypeError(f"bot {bot!r} is neither a bot name, a function nor an object with act()")


def resolve_lineup(
    spec: PlaySpec[Any], game_name: str, bots: Sequence[BotSpec] | str | None, players: int | None
) -> tuple[BotSpec, ...]:
    """Check a line-up against the game: known names, one bot per seat, an allowed player count.

    ``bots`` may be a sequence, a comma-separated string of names, or ``None`` for the
    default line-up: an all-equal table of the game's lead bot (the first seat of
    ``PlaySpec.default_bots``), so that pace and stakes figures are not those of a table
    where weak bots bust early, and seat figures are seat figures (then ``players`` is
    required, unless the game has only one player count). The mixed table is
    ``spec.default_bots(players)`` (``named_lineups(...)["mixed"]``).

    Parameters:
        spec: the game's play specification.
        game_name: the game's name (for messages).
        bots: the line-up, ``"a,b,c"``, or ``None`` for the all-equal default.
        players: the number of players, or ``None`` to take it from ``bots``.

    Returns:
        One bot specification per seat.

    Raises:
        ValueError: unknown bot names, a count that does not match ``players``, or a
            player count outside the game's range.

    Examples:
        >>> from dreidelpoker.games.registry import get_game
        >>> spec = get_game("classic-dreidel").play
        >>> resolve_lineup(spec, "classic-dreidel", None, 3)
        ('spinner', 'spinner', 'spinner')
        >>> resolve_lineup(spec, "classic-dreidel", "spinner,spinner", None)
        ('spinner', 'spinner')
    """
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
    if bots is None:
        if players is None and spec.min_players == spec.max_players:
            players = spec.min_players  # a game with one player count needs no --players
        if players is None:
            raise InputError(
                f"players: give the number of players ({spec.min_players} to {spec.max_players} for "
                f"{game_name}) or a bots line-up"
            )
        _check_players(spec, game_name, players)
        bots = (spec.default_bots(players)[0],) * players
    lineup = tuple(bots)
    for b in lineup:
        if isinstance(b, str) and b not in spec.bots:
            raise InputError(
                f"bots: unknown bot {b!r} for {game_name}; known bots: {', '.join(sorted(spec.bots))}"
            )
        if not isinstance(b, str) and not callable(b) and not callable(getattr(b, "act", None)):
            raise InputError(f"bots: {b!r} is not a bot (a name, a function, or an object with act())")
    if players is not None and len(lineup) != players:
        raise InputError(f"bots: {len(lineup)} bots given for {players} players; give exactly one bot per player")
    _check_players(spec, game_name, len(lineup))
    return lineup


def _check_players(spec: PlaySpec[Any], game_name: str, players: int) -> None:
    check_count(players, "players", low=spec.min_players, high=spec.max_players, hint=f"players of {game_name}")
