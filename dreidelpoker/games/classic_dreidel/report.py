"""The classic dreidel explorer's numbers (pure; ``widgets.classic_dreidel_explorer`` wires them).

[`classic_report`][dreidelpoker.games.classic_dreidel.report.classic_report] gives, for one rules variant, the expected number of spins, each
seat's chance of winning (or of being among the first out) and the distribution of the
game's length as ``P(over after at most n spins)`` at a few checkpoints, with the median.
"""

from __future__ import annotations

import html
from typing import Any

from ...display import number_html, table_html
from ...errors import InputError
from .chain import analyze, game_length_cdf
from .rules import ClassicDreidelRules

__all__ = ["classic_report", "length_checkpoints"]

#: The explorer's limits: beyond them the chain takes minutes (use the CLI).
MAX_PLAYERS = 4
MAX_COINS = {2: 12, 3: 5, 4: 3}


def length_checkpoints(cdf: list[Any]) -> list[tuple[int, Any]]:
    """Spin counts at which the game is over with probability crossing 25 %, 50 %, 75 %, 90 %, 99 %.

    Parameters:
        cdf: ``P(game over after at most n spins)`` for ``n = 0, 1, ...``.

    Returns:
        ``(spins, probability)`` at each crossing (each spin count once).

    Examples:
        >>> length_checkpoints([0, 0.3, 0.6, 0.95])
        [(1, 0.3), (2, 0.6), (3, 0.95)]
    """
    out: list[tuple[int, Any]] = []
    for q in (0.25, 0.5, 0.75, 0.9, 0.99):
        for n, p in enumerate(cdf):
            if float(p) >= q:
                if not out or out[-1][0] != n:
                    out.append((n, p))
                break
    return out


def classic_report(*, players: int = 2, coins: int = 3, hey_rounding: str = "up", elimination: str = "cannot-pay",
                   reante: bool = True, stopping: str = "last-survivor", max_spins: int = 400) -> str:
    """HTML for one classic dreidel variant: expected spins, seat chances, length distribution.

    Parameters:
        players: 2 to 4.
        coins: coins per player (up to 12, 5, 3 for 2, 3, 4 players).
        hey_rounding: ``"up"`` or ``"down"`` (``"continuous"`` has no integer chain).
        elimination: ``"cannot-pay"`` or ``"zero"``.
        reante: re-ante when the pot is empty.
        stopping: ``"last-survivor"``, ``"first-elimination"`` or ``"first-gimel"``.
        max_spins: how far the length distribution is followed.

    Returns:
        HTML.

    Raises:
        ValueError: for options the rules reject or games too big for the explorer.

    Examples:
        >>> "20/9" in classic_report(players=2, coins=1)
        True
    """
    if players not in MAX_COINS:
        raise InputError(f"players: the explorer takes 2 to {MAX_PLAYERS} players; got {players}")
    if coins > MAX_COINS[players]:
        raise InputError(f"coins: with {players} players the explorer goes up to {MAX_COINS[players]} coins "
                         f"(for more use `dreidelpoker chain classic-dreidel --players {players} --coins {coins}`)")
    rules = ClassicDreidelRules(players=players, coins=coins, hey_rounding=hey_rounding,  # type: ignore[arg-type]
                                elimination=elimination, reante=reante, stopping=stopping)  # type: ignore[arg-type]
    result = analyze(rules=rules)
    cdf = game_length_cdf(max_spins, rules=rules, exact=False)
    marks = length_checkpoints(cdf)
    rows = [(f"{n} spins", p) for n, p in marks]
    median = next((n for n, p in marks if p >= 0.5), None)
    head = (f"<h4>{html.escape(rules.label)}</h4><p>Expected length: <b>{number_html(result.fractions()['expected_spins'])}</b> "
            f"spins; median {median if median is not None else f'over {max_spins}'} spins.</p>")
    length = table_html(("the game is over within", "probability"), rows,
                        title="length of the game (floating point, spin by spin)")
    if cdf[-1] < 0.99:
        length += f"<p><small>After {max_spins} spins the game is over with probability {cdf[-1]:.4f}.</small></p>"
    return head + result._repr_html_() + length
