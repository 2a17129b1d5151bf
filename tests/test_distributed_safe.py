"""Distributed runs that fail loudly (issue 20, item 5).

A wrong scheduler address (an HTTP port, a closed port), a scheduler without workers and a
cluster whose workers go away each end with one line within ``--scheduler-timeout``;
Ctrl-C on ``--workers`` or ``--scheduler`` exits 130 at once with one line and leaves no
process behind. Only 127.0.0.1 and local clusters (dashboards on 127.0.0.1, random ports).
"""

from __future__ import annotations

import http.server
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from dreidelpoker.play.cluster import ClusterError, cluster_problem, connect_scheduler, use_cluster_timeout
from tests.cli_run import run_cli
from tests.interrupt import EXIT_SECONDS, children_ignoring_sigint, ctrl_c, no_process_left, start_cli, wait_until

distributed = pytest.importorskip("distributed")

SIMULATE = ["simulate", "classic-dreidel", "--players", "2", "--coins", "2", "--games", "10"]


@pytest.fixture
def http_port() -> Iterator[int]:
    """An HTTP server on 127.0.0.1 (the issue's 'scheduler' that made the client allocate EiB)."""
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def empty_cluster() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://", host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0")  # no dashboard port clash
    yield cluster
    cluster.close()


@pytest.fixture
def one_worker_cluster() -> Iterator[Any]:
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                                       host="127.0.0.1", dashboard_address="127.0.0.1:0")  # no dashboard port clash
    yield cluster
    cluster.close()


def _one_line(err: str, *needles: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err
    for n in needles:
        assert n in err, (n, err)


def test_an_http_port_is_no_scheduler(capsys: pytest.CaptureFixture[str], http_port: int) -> None:
    start = time.monotonic()
    code, out, err = run_cli(capsys, *SIMULATE, "--scheduler", f"tcp://127.0.0.1:{http_port}",
                             "--scheduler-timeout", "1")
    assert code == 2 and out == ""
    _one_line(err, f"127.0.0.1:{http_port}", "does not answer like a Dask scheduler")
    assert time.monotonic() - start < 10


def test_a_closed_port(capsys: pytest.CaptureFixture[str]) -> None:
    port = _closed_port()
    code, _out, err = run_cli(capsys, *SIMULATE, "--scheduler", f"127.0.0.1:{port}", "--scheduler-timeout", "1")
    assert code == 2
    _one_line(err, f"127.0.0.1:{port}", "cannot connect")


def test_a_scheduler_without_workers(capsys: pytest.CaptureFixture[str], empty_cluster: Any) -> None:
    start = time.monotonic()
    code, _out, err = run_cli(capsys, *SIMULATE, "--scheduler", empty_cluster.scheduler_address,
                              "--scheduler-timeout", "1.5")
    elapsed = time.monotonic() - start
    assert code == 2
    _one_line(err, "has no workers", "waited 1.5 s")
    assert elapsed < 15, elapsed


def test_workers_that_go_away_mid_run(one_worker_cluster: Any) -> None:
    """All workers leave while games are queued: one ClusterError within the timeout."""
    from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
    from dreidelpoker.play import simulate

    client = distributed.Client(one_worker_cluster.scheduler_address, timeout="5s")
    try:
        def leave() -> None:
            time.sleep(1.0)
            one_worker_cluster.scale(0)

        threading.Thread(target=leave, daemon=True).start()
        start = time.monotonic()
        with use_cluster_timeout(2), pytest.raises(ClusterError, match="no workers"):
            simulate(ClassicDreidelRules(players=4, coins=10), games=200_000, seed=1, executor=client,
                     progress=False)
        assert time.monotonic() - start < 40
    finally:
        client.close()


def test_cluster_problem_reads_the_scheduler(one_worker_cluster: Any, empty_cluster: Any) -> None:
    with distributed.Client(one_worker_cluster.scheduler_address, timeout="5s") as client:
        assert cluster_problem(client) is None
    with distributed.Client(empty_cluster.scheduler_address, timeout="5s") as client:
        assert cluster_problem(client) == "the cluster has no workers"


def test_connect_checks_before_the_client(http_port: int) -> None:
    with pytest.raises(ClusterError, match="does not answer like a Dask scheduler"):
        connect_scheduler(f"tcp://127.0.0.1:{http_port}", timeout=0.5)


def test_scheduler_timeout_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "-1", "nan", "1e9", "x"):
        code, _out, err = run_cli(capsys, *SIMULATE, "--workers", "1", "--scheduler-timeout", value)
        assert code == 2 and err.count("\n") == 1, (value, err)
    code, _out, err = run_cli(capsys, *SIMULATE, "--scheduler-timeout", "5")
    assert code == 2 and "applies to --scheduler or --workers only" in err


# -- Ctrl-C ----------------------------------------------------------------------------------
# Each test waits until the command is doing the work Ctrl-C must stop, then interrupts the
# whole process group as a terminal does (tests/interrupt.py says why not a fixed sleep).


def test_ctrl_c_with_workers(tmp_path: Any) -> None:
    proc, tag = start_cli(["sweep", "classic-dreidel", "--players", "3", "--coins", "12", "--games", "200000",
                           "--workers", "2"], cwd=tmp_path)
    wait_until(lambda: children_ignoring_sigint(proc.pid) >= 2, proc, "both pool workers were playing")
    _out, err, elapsed = ctrl_c(proc)
    assert proc.returncode == 130, err
    _one_line(err, "interrupted")
    assert elapsed < EXIT_SECONDS, elapsed  # uninterrupted, the sweep plays for minutes
    left = no_process_left(tag)
    assert not left, f"processes left behind: {left}"


def test_ctrl_c_on_dask(tmp_path: Any, one_worker_cluster: Any) -> None:
    proc, tag = start_cli(["simulate", "classic-dreidel", "--players", "4", "--coins", "10", "--games", "500000",
                           "--scheduler", one_worker_cluster.scheduler_address], cwd=tmp_path)
    with distributed.Client(one_worker_cluster.scheduler_address, timeout="30s") as watcher:
        wait_until(lambda: any(watcher.processing().values()), proc, "games were running on the Dask worker")
        _out, err, elapsed = ctrl_c(proc)
    assert proc.returncode == 130, err
    _one_line(err, "interrupted")
    assert elapsed < EXIT_SECONDS, elapsed
    left = no_process_left(tag)
    assert not left, f"processes left behind: {left}"


def test_a_killed_worker_process_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A pool worker killed mid-run (the OOM killer, say): one ClusterError, no traceback."""
    from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
    from dreidelpoker.play import simulate
    from dreidelpoker.play.cluster import process_pool

    with pytest.raises(ClusterError, match="a worker process died"):
        with process_pool(2) as ex:
            def kill_one() -> None:
                deadline = time.monotonic() + 60
                while not multiprocessing.active_children() and time.monotonic() < deadline:
                    time.sleep(0.1)  # the test plays the OOM killer
                time.sleep(0.5)
                os.kill(multiprocessing.active_children()[0].pid, signal.SIGKILL)

            threading.Thread(target=kill_one, daemon=True).start()
            simulate(ClassicDreidelRules(players=4, coins=10), games=300_000, seed=1, executor=ex, progress=False)


SCHEDULER_SCRIPT = """
import sys, time
from distributed import LocalCluster
if __name__ == "__main__":
    c = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://", host="127.0.0.1",
                     dashboard_address="127.0.0.1:0")
    print(c.scheduler_address, flush=True)
    time.sleep(600)
"""


def test_a_scheduler_that_dies_mid_run(tmp_path: Any) -> None:
    """The whole cluster (scheduler and worker) is killed while games run: one line, exit 2."""
    script = tmp_path / "scheduler.py"
    script.write_text(SCHEDULER_SCRIPT)
    sched = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, start_new_session=True)
    try:
        address = sched.stdout.readline().strip() if sched.stdout else ""
        assert address.startswith("tcp://127.0.0.1:")
        proc = subprocess.Popen([sys.executable, "-m", "dreidelpoker", "simulate", "classic-dreidel", "--players", "4",
                                 "--coins", "10", "--games", "500000", "--scheduler", address,
                                 "--scheduler-timeout", "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, cwd=tmp_path)
        time.sleep(8)
        assert proc.poll() is None, proc.communicate()
        os.killpg(sched.pid, signal.SIGKILL)
        start = time.monotonic()
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 2, err[-2000:]
        _one_line(err, "the run is stopped")
        assert time.monotonic() - start < 3 + 15  # the timeout, and the client noticing the loss
    finally:
        if sched.poll() is None:
            os.killpg(sched.pid, signal.SIGKILL)
        sched.wait()
