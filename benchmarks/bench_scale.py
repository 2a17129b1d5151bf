"""Scale rows, one run each (long): classic dreidel 4 players x 10 coins in floats (target
under 20 s and 0.8 GB, 855.97 spins), the best put-back policy on 4-12-12-4 (target
under 5 s) and on 8-24-24-8 (target 10 minutes and 2 GB; a few minutes quiet). Each runs in a fresh process so its peak memory is its own. The "fair" column
holds the issue's time target, so ratio >= 1 means the target is met.

Run: .venv/bin/python benchmarks/bench_scale.py
"""

from __future__ import annotations

import json
import subprocess
import sys

from _timing import Row, print_table

CLASSIC = """
import json, resource, time
from dreidelpoker.games.classic_dreidel import ClassicDreidelRules, analyze
t = time.perf_counter()
r = analyze(rules=ClassicDreidelRules(players=4, coins=10), method="float")
print(json.dumps([time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6,
                  r.expected_spins]))
"""

POLICY = """
import json, resource, time
from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.strategy import PutBackMDP
t = time.perf_counter()
v = PutBackMDP(TwoDreidelRules(deck="DECK"), max_states=200_000).best_response("normal-best").value
print(json.dumps([time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6, float(v)]))
"""


def _run(code: str) -> tuple[float, float, float]:
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    seconds, gb, answer = json.loads(out)
    return float(seconds), float(gb), float(answer)


def rows(runs: int) -> list[Row]:
    out = []
    s, gb, spins = _run(CLASSIC)
    assert abs(spins - 855.9731243671866) < 1e-6, spins
    out.append(Row("classic dreidel 4x10 float (641,244 states)", [s], [20.0],
                   note=f"target 20 s; peak {gb:.2f} GB (target 0.8); {spins:.4f} spins"))
    s, gb, value = _run(POLICY.replace("DECK", "4-12-12-4"))
    out.append(Row("best put-back policy 4-12-12-4, exact", [s], [5.0],
                   note=f"target 5 s; peak {gb:.2f} GB; value {value:.6f}"))
    s, gb, value = _run(POLICY.replace("DECK", "8-24-24-8"))  # 93,597 states: minutes
    out.append(Row("best put-back policy 8-24-24-8, exact", [s], [600.0],
                   note=f"target 10 min and 2 GB; peak {gb:.2f} GB; value {value:.6f}"))
    return out


if __name__ == "__main__":
    print_table(rows(1), runs=1)
