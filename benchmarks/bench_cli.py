"""CLI start-up, paid cold (a fresh process each time), against the time of
``python -c "import numpy"`` (the yardstick of issue 16: ``--help`` within 3x, ``odds
two-dreidel`` within 5x), plus ``import dreidelpoker``.

Run: .venv/bin/python benchmarks/bench_cli.py [--runs 3] [--cpu]
(``--cpu``: compare CPU time, user + system, instead of wall time; steadier on a loaded machine.)
"""

from __future__ import annotations

import argparse
import os
import sys

from _timing import COLD_PROCESS, Row, cold_pair, print_table, python

CLI = [os.path.join(os.path.dirname(sys.executable), "dreidelpoker")]


def rows(runs: int, *, cpu: bool = False) -> list[Row]:
    numpy = python("import numpy")
    cases = [
        ("cold `dreidelpoker --help` vs import numpy", CLI + ["--help"], 1 / 3),
        ("cold `dreidelpoker odds two-dreidel` vs import numpy", CLI + ["odds", "two-dreidel"], 1 / 5),
        ("cold `import dreidelpoker` vs import numpy", python("import dreidelpoker"), 1 / 3),
    ]
    out = []
    for work, argv, target in cases:
        lib, fair = cold_pair(argv, numpy, runs, cpu=cpu)
        note = "fair = import numpy; target = 1/allowed multiple" + ("; CPU time" if cpu else "")
        out.append(Row(work, lib, fair, target=target, note=note, kind=COLD_PROCESS))
    return out


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--cpu", action="store_true", help="CPU time (user + system) instead of wall time")
    a = p.parse_args()
    print_table(rows(a.runs, cpu=a.cpu), runs=a.runs)
