"""Issue 13's speed figures, before and after, in one run: the same five works timed in
fresh processes (imports included: a lazy package moves import time into the first call,
so timing the call alone would flatter the eager tree) against two source trees (this checkout and ``--before PATH``, e.g. an
older commit unpacked with ``git archive COMMIT dreidelpoker | tar -x -C PATH``),
interleaved, min and median of ``--runs``.

Run: .venv/bin/python benchmarks/before_after.py --before /tmp/before [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

WORKS = {
    "Two Dreidel equity HN vs 5, 2-7-7-2": (
        "from dreidelpoker.games import two_dreidel as td\nr = td.TwoDreidelRules(deck='2-7-7-2')",
        "td.equity('HN', rules=r, opponents=5)"),
    "deck chain 2-7-7-2 long run (normal-best)": (
        "from dreidelpoker.games.two_dreidel import TwoDreidelRules, deck_chain\nr = TwoDreidelRules(deck='2-7-7-2')",
        "deck_chain(r, policy='normal-best').long_run_state_distribution()"),
    "best put-back policy 2-7-7-2": (
        "from dreidelpoker.games.two_dreidel import TwoDreidelRules\n"
        "from dreidelpoker.games.two_dreidel.deck_cycle.strategy import PutBackMDP\nr = TwoDreidelRules(deck='2-7-7-2')",
        "PutBackMDP(r).best_response('normal-best')"),
    "Dice heads-up equity 653 vs 221 (cold caches)": (
        "import dreidelpoker as dp\nfrom dreidelpoker.games import dice_poker as dpk",
        "dp.clear_caches(); dpk.equity('6,5,3', opponent_dice=['2,2,1'], method='exact')"),
    "Domino equity vs 3 unknown (first call)": (
        "from dreidelpoker.games import domino_poker as dom",
        "dom.equity('6-6,5-5,2-4,3-1,4-6', opponents=3)"),
}

PROBE = """
import time, json, warnings
warnings.simplefilter("ignore")
t = time.perf_counter()
{setup}
{work}
print(json.dumps(time.perf_counter() - t))
"""


def _time(tree: str, setup: str, work: str) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", PROBE.format(setup=setup, work=work)], env=env, cwd=tree,
                         check=True, capture_output=True, text=True).stdout
    return float(json.loads(out))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--before", required=True)
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print(f"{a.runs} interleaved fresh-process runs; seconds (min, median); before = {a.before}")
    print(f"{'work':<48}{'before min  median':>20}{'after min  median':>20}{'speed-up':>10}")
    for name, (setup, work) in WORKS.items():
        before, after = [], []
        for _ in range(a.runs):
            before.append(_time(a.before, setup, work))
            after.append(_time(here, setup, work))
        mb, ma = statistics.median(before), statistics.median(after)
        print(f"{name:<48}{min(before):10.4f}{mb:10.4f}{min(after):10.4f}{ma:10.4f}{mb / ma:9.2f}x")


if __name__ == "__main__":
    main()
