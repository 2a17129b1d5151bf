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
