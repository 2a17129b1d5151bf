"""The command line starts fast (issue 16): ``--help`` lists every command from the games'
manifests without importing any game, sympy, numpy or scipy, and one
command imports its own game only. Timing never decides a test; these check which modules
load, in a fresh interpreter, so the start-up gain cannot silently regress."""

from __future__ import annotations

import pprint
import subprocess
import sys

from dreidelpoker import cli, rules_cli
from dreidelpoker.games.registry import games, manifests

HEAVY = ("sympy", "numpy", "scipy", "networkx", "matplotlib", "pandas")
#: Every module of every game but its package and its manifest (which the registry reads).
GAMES = tuple(f"dreidelpoker.games.{name.replace('-', '_')}.{m}" for name in manifests()
              for m in ("rules", "cli", "analysis", "play", "play_spec", "bots", "equity", "chain"))


def _loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    probe = f"import sys\n{code}\nprint('loaded:' + ','.join(m for m in {modules!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout
    return [m for m in out.rsplit("loaded:", 1)[1].strip().split(",") if m]


def test_manifests_list_exactly_the_commands_the_games_have() -> None:
    """What ``--help`` lists from the manifests alone is what each loaded game offers."""
    real: dict[str, dict[str, str]] = {}
    for game in games():
        for verb, command in cli.game_commands(game).items():
            real.setdefault(verb, {})[game.name] = command.help
    listed = cli.command_index()
    assert {v: dict(g) for v, g in listed.items()} == real, pprint.pformat(real, width=120)


def test_top_level_parser_imports_no_game_nor_sympy() -> None:
    code = "import dreidelpoker.cli as c\nc.build_parser(['--help']).format_help()"
    assert _loaded_after(code, HEAVY + GAMES) == []


def test_verb_help_imports_no_game() -> None:
    code = "import dreidelpoker.cli as c\ntry:\n    c.main(['odds', '--help'])\nexcept SystemExit:\n    pass"
    assert _loaded_after(code, HEAVY + GAMES) == []


def test_one_command_imports_its_game_only() -> None:
    for argv in (["odds", "two-dreidel", "--help"], ["odds", "two-dreidel", "--json"]):
        code = f"import dreidelpoker.cli as c\ntry:\n    c.main({argv!r})\nexcept SystemExit:\n    pass"
        others = tuple(g for g in GAMES if ".two_dreidel." not in g)
        assert _loaded_after(code, others + ("networkx", "matplotlib")) == [], argv


def test_every_game_parser_is_filled_from_its_command() -> None:
    index = cli.command_index()
    for verb, vp in cli.build_parser().subcommands.items():
        for game, gp in vp.subcommands.items():
            command = gp.get_default("_command")
            assert command.help == index[verb][game], (verb, game)
            assert gp.description == rules_cli.wrap_lines(command.description or command.help)
            assert "--json" in gp.format_help()


def test_odds_two_dreidel_imports_no_sympy_numpy_nor_scipy() -> None:
    """Issue 16's 5x target for ``odds two-dreidel`` needs it: sympy alone costs about 4x
    ``import numpy``. The text and JSON outputs are formatted from Fractions."""
    for argv in (["odds", "two-dreidel"], ["odds", "two-dreidel", "--json", "--deck", "2-7-7-2"]):
        code = f"import dreidelpoker.cli as c\nc.main({argv!r})"
        assert _loaded_after(code, HEAVY + ("dreidelpoker.games.two_dreidel.deck_cycle.chain", "dreidelpoker.solve")) == [], argv


def test_the_librarys_own_rules_find_their_game_without_the_entry_points() -> None:
    """``simulate`` of a built-in game finds it from its package's manifest: the installed
    entry points (about 50 ms of a fresh process) are not read; a name lookup still reads them."""
    probe = ("import sys\nfrom dreidelpoker.games.classic_dreidel import ClassicDreidelRules\n"
             "from dreidelpoker.play import simulate\nimport dreidelpoker.games.registry as r\n"
             "simulate(ClassicDreidelRules(players=3, coins=3), games=3, seed=1, progress=False)\n"
             "print(r._FOUND is None)\nr.get_game('queenie')\nprint(r._FOUND is None)")
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout.split()
    assert out == ["True", "False"]


def test_classic_simulate_imports_no_sympy() -> None:
    """Issue 22 item 1: the rules hold their face probabilities as Fractions, so building
    them and playing a game never pays sympy's import (about 0.5 s of a fresh process)."""
    code = ("from dreidelpoker.games.classic_dreidel import ClassicDreidelRules\n"
            "from dreidelpoker.play import simulate\n"
            "r = ClassicDreidelRules(face_probabilities=('1/2', '1/6', '1/6', '1/6'))\n"
            "assert r == ClassicDreidelRules(face_probabilities=('1/2', '1/6', '1/6', '1/6')) and hash(r)\n"
            "simulate(r, games=3, seed=1, progress=False)\n"
            "simulate(ClassicDreidelRules(players=3, coins=3), games=3, seed=1, progress=False)")
    assert _loaded_after(code, ("sympy",)) == []
    shown = "from dreidelpoker.games.classic_dreidel import ClassicDreidelRules\nClassicDreidelRules().face_probabilities"
    assert _loaded_after(shown, ("sympy",)) == ["sympy"]  # the public face is still sympy


def test_classic_analyze_imports_no_sympy_until_read() -> None:
    """The exact chain computes in Fractions and the result holds them: sympy loads only when
    an answer is read (its public face). A small table needs no float pass and finds its
    chain's classes without scipy."""
    code = ("from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, analyze\n"
            "r = analyze(rules=ClassicDreidelRules(players=2, coins=3))\n"
            "from fractions import Fraction\n"
            "assert r.method == 'exact' and sum(r.fractions()['win_probabilities']) == 1")
    assert _loaded_after(code, ("sympy", "scipy")) == []
    assert _loaded_after(code + "\nr.expected_spins", ("sympy",)) == ["sympy"]
