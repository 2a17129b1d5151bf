"""``import dreidelpoker`` stays light: no sympy printing, networkx, scipy (nor any game)."""

from __future__ import annotations

import subprocess
import sys


def _loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    probe = f"import sys\n{code}\nprint(','.join(m for m in {modules!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout
    return [m for m in out.strip().split(",") if m]


def test_package_import_is_light() -> None:
    heavy = ("sympy", "sympy.printing", "networkx", "scipy", "numpy", "dreidelpoker.games.two_dreidel")
    assert _loaded_after("import dreidelpoker", heavy) == []


def test_one_game_loads_neither_networkx_nor_other_games() -> None:
    code = "from dreidelpoker.games import two_dreidel\ntwo_dreidel.equity('HN', opponents=3)"
    assert _loaded_after(code, ("networkx", "dreidelpoker.games.dice_poker")) == []


def test_lazy_names_resolve() -> None:
    import dreidelpoker as dp

    assert set(dp.__all__) <= set(dir(dp))
    for name in dp.__all__:
        assert getattr(dp, name) is not None
    assert dp.list_games()[0].name


def test_every_game_package_is_lazy_and_keeps_its_public_names() -> None:
    """Importing a game package loads none of its modules (the registry reads the manifest
    only), and a public name that is also a submodule's name (``equity``) stays the public
    object after that submodule is imported: one mechanism, ``dreidelpoker._lazy``."""
    import importlib
    import importlib.util
    import types

    from dreidelpoker.games.registry import manifests

    for name in manifests():
        package = f"dreidelpoker.games.{name.replace('-', '_')}"
        assert _loaded_after(f"import {package}.manifest", ("numpy", "sympy", f"{package}.rules")) == [], name
        pkg = importlib.import_module(package)
        for public in pkg.__all__:
            value = getattr(pkg, public)
            if importlib.util.find_spec(f"{package}.{public}") is not None and not isinstance(value, types.ModuleType):
                importlib.import_module(f"{package}.{public}")
                assert getattr(pkg, public) is value, f"{package}.{public}"


def test_a_lazy_package_serves_only_its_public_names() -> None:
    """A game package serves its ``__all__`` (and its submodules), nothing else: code that
    needs an implementation name imports it from the module that defines it."""
    import types

    import pytest

    from dreidelpoker._lazy import lazy_exports
    from dreidelpoker.games import dice_poker, two_dreidel
    from dreidelpoker.games.dice_poker.evaluator import classify_values

    assert classify_values((6, 6, 6)) is not None
    with pytest.raises(AttributeError, match="classify_values"):
        dice_poker.classify_values  # noqa: B018 -- defined in dice_poker.evaluator, not public
    with pytest.raises(AttributeError, match="normal_key"):
        two_dreidel.normal_key  # noqa: B018
    assert isinstance(dice_poker.evaluator, types.ModuleType)  # submodules are still reachable

    planted = types.ModuleType("planted_package")
    planted.__all__ = ["shown"]  # type: ignore[attr-defined]
    import sys

    sys.modules["planted_package"] = planted
    try:
        with pytest.raises(ImportError, match="not in its __all__: hidden"):
            lazy_exports("planted_package", {"shown": "fractions:Fraction", "hidden": "fractions:Fraction"})
    finally:
        del sys.modules["planted_package"]


def test_simulate_loads_neither_the_study_nor_the_search() -> None:
    """``from dreidelpoker.play import simulate`` loads the runner, not the study, search, skill
    or sweep modules (issue 22: a fresh process pays for what it uses); every public name of
    ``dreidelpoker.play`` still resolves."""
    code = ("from dreidelpoker.play import simulate\nfrom dreidelpoker.games.queenie import QueenieRules\n"
            "simulate(QueenieRules(players=3), games=2, seed=1, progress=False)")
    heavy = ("dreidelpoker.play.study", "dreidelpoker.play.search", "dreidelpoker.play.skill", "dreidelpoker.play.sweep",
             "scipy", "pandas")
    assert _loaded_after(code, heavy) == []
    import dreidelpoker.play as play

    assert all(getattr(play, name) is not None for name in play.__all__)
