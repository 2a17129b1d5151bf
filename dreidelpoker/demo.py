"""``make demo``: print the headline exact Two Dreidel tables, play 300 whole games, save figures.

Run as ``python -m dreidelpoker.demo --out results``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ._fractions import to_jsonable
from .files import check_output_folder, save_figure_atomic, write_text_atomic
from .errors import InputError
from .games import two_dreidel as td


def run(out: Path) -> list[Path]:
    """Print the headline tables for the three deck presets; save figures and JSON into ``out``.

    Parameters:
        out: the folder for the figures and ``summary.json`` (created if missing; checked before any work).

    Returns:
        The paths of the files written.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = check_output_folder(out, what="out")  # before any work (created if its parent exists)
    saved: list[Path] = []
    summary: dict[str, object] = {}
    print("dreidelpoker demo: exact Two Dreidel odds (keep policy: normal-best)\n")
    fig, axes = plt.subplots(1, 3, figsize=(15, 4), sharey=True)
    for ax, (name, rules) in zip(axes, td.TwoDreidelRules.presets().items()):
        table = td.equity_table(rules)
        print(table.to_text())
        print()
        kept = td.kept_hand_distribution(rules)
        kept.plot(ax=ax)
        ax.set_title(f"kept hand, deck {name}")
        summary[name] = {"kept_hand": kept.to_dict(), "heads_up_equity": table.to_dict()}
    fig.tight_layout()
    path = out / "two_dreidel_kept_hands.png"
    save_figure_atomic(fig, path, dpi=110)
    saved.append(path)

    matrix = td.heads_up_matrix(td.TwoDreidelRules(deck="2-6-6-2"))
    ax = matrix.plot()
    path = out / "two_dreidel_heads_up_2-6-6-2.png"
    ax.figure.tight_layout()
    save_figure_atomic(ax.figure, path, dpi=110)
    saved.append(path)
    plt.close("all")

    # Whole games: the designer's question "is it fast?" answered by seeded play.
    from .play import simulate

    games = simulate(td.TwoDreidelRules(deck="2-6-6-2"), games=300, seed=1, players=4, progress=False)
    print(games.to_text())
    print()
    ax = games.plot("rounds")
    ax.set_xlabel(f"hands per game (4 players, deck 2-6-6-2, line-up {games.lineup_label})")
    path = out / "two_dreidel_game_length.png"
    ax.figure.tight_layout()
    save_figure_atomic(ax.figure, path, dpi=110)
    saved.append(path)
    plt.close("all")
    summary["whole_games_2-6-6-2_4_players"] = games.to_dict()

    path = out / "two_dreidel.json"
    write_text_atomic(path, json.dumps(to_jsonable(summary), indent=2, ensure_ascii=False))
    saved.append(path)
    print("saved:")
    for p in saved:
        print(f"  {p}")
    return saved


def main(argv: list[str] | None = None) -> int:
    """The ``make demo`` entry point: ``python -m dreidelpoker.demo [--out FOLDER]``.

    Parameters:
        argv: the command-line arguments (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0, or 2 for a bad ``--out`` folder (one line on stderr).
    """
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="results", help="folder for figures and JSON (default: results)")
    args = parser.parse_args(argv)
    try:
        run(Path(args.out))
    except InputError as exc:
        print(f"dreidelpoker demo: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
