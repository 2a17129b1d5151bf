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

TWO_DREIDEL = """
import time, json
from dreidelpoker.games.two_dreidel import TwoDreidelRules, kept_hand_distribution
from dreidelpoker.games.two_dreidel.spin_game import new_spin_game
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
