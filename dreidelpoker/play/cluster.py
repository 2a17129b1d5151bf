"""Running games on other processes or a Dask cluster, failing loudly and quickly.

A distributed run must never wait without a word. This module holds what makes it so:

* [`connect_scheduler`][dreidelpoker.play.cluster.connect_scheduler] reaches a Dask scheduler within a stated time: it first checks
  that the address answers like a Dask scheduler at all (an HTTP port, for one, made the
  client try to allocate exabytes), then connects, then waits for a worker;
* [`cluster_problem`][dreidelpoker.play.cluster.cluster_problem] says what is wrong with a running cluster (no workers left, a
  scheduler that does not answer), so [`run_tasks`][dreidelpoker.play.runner.run_tasks]
  can stop with one line when nothing finishes and the problem lasts past the timeout;
* [`process_pool`][dreidelpoker.play.cluster.process_pool] is a process pool whose workers ignore Ctrl-C (the parent handles
  it once) and are terminated at once when the run is interrupted or fails, so no process
  outlives the command;
* the timeout is the [`use_cluster_timeout`][dreidelpoker.play.cluster.use_cluster_timeout] context's (the CLI's
  ``--scheduler-timeout``), [`DEFAULT_CLUSTER_TIMEOUT`][dreidelpoker.play.cluster.DEFAULT_CLUSTER_TIMEOUT] seconds otherwise.

Examples:
    >>> with use_cluster_timeout(5):
    ...     cluster_timeout()
    5.0
    >>> cluster_problem(None) is None
    True
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import re
import signal
import socket
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any, cast

from ..errors import InputError, shorten
from ..validation import check_count, check_number

__all__ = ["ClusterError", "DEFAULT_CLUSTER_TIMEOUT", "cluster_problem", "cluster_timeout", "connect_scheduler",
           "local_cluster", "PLAY_DASK_CONFIG", "process_pool", "scheduler_client", "use_cluster_timeout"]

#: Seconds a distributed run may go without any progress while its cluster is unusable (no
#: workers, no scheduler) before it stops; also the bound on connecting to a scheduler.
DEFAULT_CLUSTER_TIMEOUT = 30.0

_TIMEOUT: ContextVar[float] = ContextVar("dreidelpoker_cluster_timeout", default=DEFAULT_CLUSTER_TIMEOUT)


class ClusterError(InputError):
    """The cluster or process pool cannot run the games: an address that is no Dask
    scheduler, a scheduler without workers, workers that died. One line on the command line.

    Examples:
        >>> issubclass(ClusterError, InputError)
        True
    """


def cluster_timeout() -> float:
    """The timeout in force (seconds): the innermost [`use_cluster_timeout`][dreidelpoker.play.cluster.use_cluster_timeout], or the default.

    Returns:
        Seconds.
    """
    return _TIMEOUT.get()


@contextlib.contextmanager
def use_cluster_timeout(seconds: float) -> Iterator[None]:
    """Within the block, distributed runs give up after ``seconds`` without progress on a broken cluster.

    Parameters:
        seconds: a finite number above 0.

    Yields:
        Nothing.

    Raises:
        InputError: ``seconds`` is not a finite positive number.
    """
    check_number(seconds, "scheduler timeout", low=0, low_open=True, hint="seconds")
    token = _TIMEOUT.set(float(seconds))
    try:
        yield
    finally:
        _TIMEOUT.reset(token)


def _host_port(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of a plain TCP address (``tcp://h:p`` or ``h:p``), else ``None``."""
    m = re.fullmatch(r"(?:tcp://)?\[?([\w.\-:]+?)\]?:([0-9]{1,5})", address)
    return (m.group(1), int(m.group(2))) if m else None


def _check_speaks_dask(address: str, timeout: float) -> None:
    """Refuse a TCP address that does not greet like a Dask scheduler (it sends its handshake
    as soon as a connection opens; an HTTP server, say, waits for a request)."""
    where = _host_port(address)
    if where is None:
        return  # tls://, ws://, ucx://: left to the client, bounded by the same timeout
    host, port = where
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.settimeout(timeout)
            data = b""
            while len(data) < 256 and b"compression" not in data:
                chunk = s.recv(256)
                if not chunk:
                    break
                data += chunk
    except TimeoutError:
        raise ClusterError(f"--scheduler {address}: something listens there but it does not answer like a Dask "
                           f"scheduler (nothing received within {timeout:g} s)") from None
    except OSError as exc:
        raise ClusterError(f"--scheduler {address}: cannot connect ({exc.strerror or exc})") from None
    if b"compression" not in data:
        raise ClusterError(f"--scheduler {address}: the program listening there is not a Dask scheduler "
                           f"(it answered {shorten(data[:40])})")


def connect_scheduler(address: str, *, timeout: float | None = None) -> Any:
    """A ``dask.distributed.Client`` connected to ``address`` with at least one worker, or one
    [`ClusterError`][dreidelpoker.play.cluster.ClusterError] line. Each of the three steps
    (the greeting, the connection, the first worker) waits at most ``timeout`` seconds.

    Parameters:
        address: the scheduler, e.g. ``tcp://127.0.0.1:8786``.
        timeout: seconds (default: [`cluster_timeout`][dreidelpoker.play.cluster.cluster_timeout]).

    Returns:
        The client (close it when done).

    Raises:
        ClusterError: nothing there, something else there, or a scheduler without workers.
        InputError: dask.distributed is not installed.
    """
    t = cluster_timeout() if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--scheduler: needs dask.distributed (pip install 'dreidelpoker[dist]')") from None
    _check_speaks_dask(address, t)
    try:
        client = Client(address, timeout=f"{t}s")  # type: ignore[no-untyped-call]
    except Exception as exc:  # noqa: BLE001 - whatever the client raises, the user gets one line
        raise ClusterError(f"--scheduler {address}: cannot connect within {t:g} s "
                           f"({type(exc).__name__}: {shorten(str(exc), 120)})") from None
    try:
        client.wait_for_workers(1, timeout=t)
    except Exception:  # noqa: BLE001 - a TimeoutError or a closed comm: either way, no worker
        _close_quietly(client)
        raise ClusterError(f"--scheduler {address}: the scheduler has no workers (waited {t:g} s; "
                           "start some with `dask worker ADDRESS`, or raise --scheduler-timeout)") from None
    return client


@contextlib.contextmanager
def _quiet_cluster_logs() -> Iterator[None]:
    """Silence the tracebacks distributed and tornado log when a comm breaks (a scheduler that
    dies, a client closed on a dead cluster): the command reports the problem in one line."""
    import logging

    loggers = [logging.getLogger(n) for n in ("distributed", "distributed.client", "distributed.comm",
                                               "distributed.core", "tornado", "tornado.application")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)


def _close_quietly(client: Any, *, timeout: float = 2.0) -> None:
    """Close a client without the tracebacks distributed logs when its comm is already gone."""
    with _quiet_cluster_logs():
        try:
            client.close(timeout=timeout)
        except Exception:  # noqa: BLE001 - closing a broken client must not hide the real error
            pass


@contextlib.contextmanager
def scheduler_client(address: str) -> Iterator[Any]:
    """[`connect_scheduler`][dreidelpoker.play.cluster.connect_scheduler] as a context: the
    client is closed quietly on the way out (a Ctrl-C or a dead cluster must not print a comm
    traceback).

    Parameters:
        address: the scheduler, e.g. ``tcp://127.0.0.1:8786``.

    Returns:
        A context manager giving the connected client.

    Raises:
        ClusterError: as [`connect_scheduler`][dreidelpoker.play.cluster.connect_scheduler].
    """
    client = connect_scheduler(address)
    try:
        with _quiet_cluster_logs():  # a scheduler dying mid-run is reported in one line, not logged
            yield client
    except KeyboardInterrupt:
        # Ctrl-C: the process is about to exit and the scheduler drops its tasks when the
        # connection goes; a polite close can take seconds on a busy machine.
        _close_quietly(client, timeout=0.2)
        raise
    except BaseException:
        _close_quietly(client)
        raise
    else:
        _close_quietly(client)


PLAY_DASK_CONFIG: dict[str, Any] = {
    # The statistical profiler samples every thread's stack 100 times a second for the
    # dashboard's profile page; its interruptions made each batch of games a few % slower.
    "distributed.worker.profile.enabled": False,
    # Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536. Any value (128 MiB too)
    # stops glibc adapting its mmap threshold, so a batch's larger arrays were mapped and
    # faulted in afresh: ~4,100 page faults per 1,000 games, ~10% of their time. None unsets
    # it, as in a process pool (6-9 faults).
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    # Health checks a long simulation does not need several times a second: the event loop's
    # tick (20 ms), the system monitor (0.5 s), the memory monitor (0.1 s), the cluster's repr
    # (0.5 s) and the client's scheduler info (2 s). Together they spent ~0.1 s of CPU per second
    # of wall time on a 2-worker LocalCluster, idle.
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.deploy.cluster-repr-interval": "5s",
    "distributed.client.scheduler-info-interval": "5s",
    # Batches are of equal size and handed out as workers free up: nothing to steal.
    "distributed.scheduler.work-stealing": False,
}
"""Dask settings for workers that play games, as ``dask.config.set`` takes them.

[`local_cluster`][dreidelpoker.play.local_cluster] starts its cluster with them. They turn off
the workers' statistical profiler, unset the nanny's ``MALLOC_TRIM_THRESHOLD_`` (with it, each
batch of 1,000 games took ~4,100 page faults and ~10% more time) and make the health checks
less frequent. On a cluster of your own, put them in a Dask configuration file on each worker
machine (the "On Dask" section of the "Playing whole games" page shows one).

Examples:
    >>> PLAY_DASK_CONFIG["distributed.worker.profile.enabled"]
    False
"""


@contextlib.contextmanager
def local_cluster(workers: int = 2) -> Iterator[Any]:
    """A Dask ``LocalCluster`` of ``workers`` processes on this machine, set up for playing games,
    and its client: one thread per worker, listening on 127.0.0.1 only, no dashboard, and
    [`PLAY_DASK_CONFIG`][dreidelpoker.play.PLAY_DASK_CONFIG] (no profiler, calmer health
    checks). The settings apply to this cluster only; the rest of the session keeps its own
    (a ``MALLOC_TRIM_THRESHOLD_`` that an earlier plain ``LocalCluster``'s nanny left in this
    process's environment is kept, but not passed to these workers).

    On one machine a process pool (``--workers N`` on the command line, or a
    ``concurrent.futures.ProcessPoolExecutor``) is a little faster still: it has no scheduler
    or event loops. This is for code written for Dask, or to try a sweep before taking it to
    a real cluster.

    Parameters:
        workers: how many worker processes (1 to 256).

    Yields:
        A ``dask.distributed.Client`` of the cluster, for ``executor=``.

    Raises:
        ValueError: ``workers`` out of range, or dask.distributed not installed (``InputError``).

    Examples:
        >>> from dreidelpoker.games.classic_dreidel import ClassicDreidelRules
        >>> from dreidelpoker.play import simulate
        >>> with local_cluster(2) as client:  # doctest: +SKIP
        ...     result = simulate(ClassicDreidelRules(players=3, coins=5), games=20_000, seed=1, executor=client)
    """
    n = check_count(workers, "workers", low=1, high=256)
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("local_cluster needs dask.distributed: pip install 'dask[distributed]'") from None
    # A nanny started earlier in this process (any plain LocalCluster) leaves
    # MALLOC_TRIM_THRESHOLD_ in os.environ, and spawned workers inherit the environment:
    # it is left out while this cluster's workers start.
    trim = os.environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    try:
        with dask.config.set(PLAY_DASK_CONFIG):  # read as the scheduler, nannies, workers and client start
            # No dashboard; the scheduler's HTTP routes (health, metrics) on a free loopback
            # port, not on 8787, which another cluster may hold.
            cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,  # type: ignore[no-untyped-call]
                                   host="127.0.0.1", dashboard_address=None,
                                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
            try:
                client = Client(cluster)  # type: ignore[no-untyped-call]
            except BaseException:
                cluster.close()
                raise
    finally:
        if trim is not None:
            os.environ["MALLOC_TRIM_THRESHOLD_"] = trim
    try:
        with _quiet_cluster_logs():  # a worker's last heartbeat can race the close and log a traceback
            yield client
    finally:
        with _quiet_cluster_logs():
            client.close()  # type: ignore[no-untyped-call]
            cluster.close()


def cluster_problem(executor: Any, *, timeout: float = 5.0) -> str | None:
    """What keeps a Dask cluster from running games, or ``None`` (healthy, or not a cluster).

    Parameters:
        executor: what the games were submitted through (a Dask ``Client`` is asked).
        timeout: seconds to wait for the scheduler's answer.

    Returns:
        ``"the cluster has no workers"``, ``"the scheduler does not answer"``, or ``None``.
    """
    info = getattr(executor, "scheduler_info", None)
    if not callable(info):
        return None
    pool = cf.ThreadPoolExecutor(1)
    try:
        answer = pool.submit(info).result(timeout=timeout)
    except Exception:  # noqa: BLE001 - a timeout or a closed comm
        return "the scheduler does not answer"
    finally:
        pool.shutdown(wait=False)
    if not answer.get("workers"):
        return "the cluster has no workers"
    return None


def _ignore_sigint() -> None:
    """A pool worker's initializer: Ctrl-C goes to the whole process group, and the parent
    alone handles it (the workers would each print a traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _RecordingContext:
    """A multiprocessing context that remembers every process it starts: the pool's public
    ``mp_context`` hook, so the pool can stop its workers without reading its private state."""

    def __init__(self) -> None:
        self._base = multiprocessing.get_context()
        self.processes: list[Any] = []

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 - the name the pool calls
        process = self._base.Process(*args, **kwargs)
        self.processes.append(process)
        return process

    def __getattr__(self, name: str) -> Any:  # Queue, SimpleQueue, get_start_method, ...
        return getattr(self._base, name)


def _quiet_pool_teardown() -> None:
    """Keep the pool's own thread quiet when we stop it: on Python 3.11 its manager thread, finding
    the workers terminated, sets an exception on futures we had cancelled and dies printing an
    ``InvalidStateError`` traceback beside our one-line message (nothing is lost: those batches
    were given up). Any other thread error is printed as before."""
    previous = threading.excepthook
    if getattr(previous, "quiet_pool_teardown", False):
        return

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is cf.InvalidStateError and type(args.thread).__name__ == "_ExecutorManagerThread":
            return
        previous(args)

    hook.quiet_pool_teardown = True  # type: ignore[attr-defined]
    threading.excepthook = hook


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[cf.ProcessPoolExecutor]:
    """A ``ProcessPoolExecutor`` of ``workers`` processes that stops at once on Ctrl-C or an error.

    On a normal exit it shuts down as usual; on any exception (``KeyboardInterrupt``
    included) it cancels what has not started and terminates the worker processes instead
    of waiting for the games they are playing.

    Parameters:
        workers: the number of processes.

    Yields:
        The executor.
    """
    context = _RecordingContext()
    ex = cf.ProcessPoolExecutor(workers, mp_context=cast(Any, context), initializer=_ignore_sigint)
    try:
        yield ex
    except BaseException:
        _quiet_pool_teardown()
        for p in context.processes:
            if p.is_alive():
                p.terminate()
        for p in context.processes:
            p.join(timeout=1)
            if p.is_alive():
                p.kill()
        # With its workers gone the pool's manager thread ends at once; wait for it (it closes
        # its pipes, or exiting Python trips over them), but never more than a second.
        closing = threading.Thread(target=ex.shutdown, kwargs={"wait": True, "cancel_futures": True}, daemon=True)
        closing.start()
        closing.join(timeout=1)
        raise
    else:
        ex.shutdown(wait=True)
