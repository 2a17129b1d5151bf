"""The solver's speed targets (issue 14), each timed in a fresh process, CPU time of one core
(``time.process_time``) and wall time:

1. Two Dreidel heads-up spin game from fresh 2-6-6-2 decks (pot 4, stacks 8,8, both spins,
   the abstracted no-limit round): the tree built from the game state, the sequence-form LP,
   the exact rounding and the exact NashConv check. Target: under 10 s.
2. Domino Poker's heads-up betting round (ante 1, bets of 1, ``max_raises`` 2 and 3) by CFR+
   over all 15,504 hands until the NashConv is under 1% of the ante. Target: under 120 s.
3. LP against CFR+ on the Two Dreidel game: the time CFR+ needs to reach a NashConv of
   0.001 chips (checked every 25 iterations) over the time of the exact LP solve (tree built
   once, not counted), as a ratio.

Run: .venv/bin/python benchmarks/bench_solve.py [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from _timing import Row, interleaved

TWO_DREIDEL = """
import time, json
from dreidelpoker.games.two_dreidel import TwoDreidelRules, kept_hand_distribution
from dreidelpoker.games.two_dreidel.spin_game.game import new_spin_game
from dreidelpoker.solve import extensive_form, solve
rules = TwoDreidelRules(deck="2-6-6-2")
c, w = time.process_time(), time.perf_counter()
h = dict(kept_hand_distribution(rules).weights)
form = extensive_form(new_spin_game(rules, hands=[h, h], pot=4, stacks=[8, 8], spins=2, betting=True))
build = time.process_time() - c
c2, w2 = time.process_time(), time.perf_counter()
sol = solve(form)
lp_cpu, lp_wall = time.process_time() - c2, time.perf_counter() - w2
total_cpu, total_wall = time.process_time() - c, time.perf_counter() - w
c3, w3 = time.process_time(), time.perf_counter()
cfr = solve(form, method="cfr+", iterations=20000, check_every=25, target=1e-3)
cfr_cpu, cfr_wall = time.process_time() - c3, time.perf_counter() - w3
print(json.dumps({"tree": form.describe(), "build_cpu": build, "lp_cpu": lp_cpu, "lp_wall": lp_wall,
                  "total_cpu": total_cpu, "total_wall": total_wall, "value": float(sol.value),
                  "nash_conv": float(sol.nash_conv), "exact": sol.exact,
                  "cfr_iterations": cfr.iterations, "cfr_nash_conv": float(cfr.nash_conv),
                  "cfr_cpu": cfr_cpu, "cfr_wall": cfr_wall}))
"""

DOMINO = """
import time, json
from dreidelpoker.games.domino_poker import DominoPokerRules
from dreidelpoker.games.domino_poker.solve_betting import solve_betting
c, w = time.process_time(), time.perf_counter()
sol = solve_betting(DominoPokerRules(max_raises={raises}), iterations=1000, target=0.01, check_every=5,
                    progress=False)
print(json.dumps({{"cpu": time.process_time() - c, "wall": time.perf_counter() - w,
                  "iterations": sol.result.iterations, "nash_conv": sol.nash_conv, "value": sol.value[0]}}))
"""


def _cfr_row(name: str, state: object, openspiel_name: str, iterations: int, runs: int, target: float) -> Row:
    """CFR+ iterations on a tree built from ``state`` against OpenSpiel's C++ ``CFRPlusSolver``
    on the same game, per iteration (the NashConv measured once, after the last)."""
    from dreidelpoker.solve import cfr_plus, extensive_form

    work = f"CFR+ on {name}, per iteration vs OpenSpiel's C++ CFRPlusSolver"
    try:
        import pyspiel
    except ImportError:
        return Row(work, [], [], target=target, note="skipped: OpenSpiel is not installed (pip install open_spiel)")
    form = extensive_form(state)  # type: ignore[arg-type]
    game = pyspiel.load_game(openspiel_name)

    def library() -> None:
        cfr_plus(form, iterations=iterations, check_every=iterations, progress=False)

    def openspiel() -> None:
        solver = pyspiel.CFRPlusSolver(game)
        for _ in range(iterations):
            solver.evaluate_and_update_policy()

    t_lib, t_fair = interleaved(library, openspiel, runs)
    nodes = f"{form.num_nodes:,} nodes"
    return Row(work, [t / iterations for t in t_lib], [t / iterations for t in t_fair], target=target,
               note=f"{nodes}, {iterations} iterations a call, tree built once; target: "
                    + ("within 2x" if target < 1 else "no slower"))


def rows(runs: int) -> list[Row]:
    """The rows of ``make bench``: CFR+ on Kuhn (within 2x of OpenSpiel) and Leduc (no slower)."""
    from poker_trees import Kuhn, Leduc

    return [_cfr_row("Kuhn poker", Kuhn(), "kuhn_poker", 400, runs, 0.5),
            _cfr_row("Leduc poker", Leduc(), "leduc_poker", 20, runs, 1.0)]


def _run(code: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    td = _run(TWO_DREIDEL)
    dom = {r: _run(DOMINO.format(raises=r)) for r in (2, 3)}
    ratio = td["cfr_cpu"] / td["lp_cpu"]
    report = {"two_dreidel": td, "domino": dom, "cfr_over_lp": ratio}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"Two Dreidel spin game 2-6-6-2 ({td['tree']}): built {td['build_cpu']:.2f} s, LP + exact check "
          f"{td['lp_cpu']:.2f} s; total {td['total_cpu']:.2f} s CPU ({td['total_wall']:.2f} s wall), "
          f"target < 10 s; value {td['value']:+.5f}, NashConv {td['nash_conv']:.3g}")
    for r, d in dom.items():
        print(f"Domino Poker CFR+ max_raises={r}: NashConv {d['nash_conv']:.4f} (< 1% of the ante) after "
              f"{d['iterations']} iterations, {d['cpu']:.1f} s CPU ({d['wall']:.1f} s wall), target < 120 s; "
              f"value {d['value']:+.4f}")
    print(f"CFR+ to NashConv {td['cfr_nash_conv']:.4f} on the Two Dreidel game: {td['cfr_iterations']} iterations, "
          f"{td['cfr_cpu']:.2f} s CPU = {ratio:.1f} x the exact LP")


if __name__ == "__main__":
    main()
