"""Ctrl-C tests of the ``dreidelpoker`` console script, robust on a loaded machine.

Three things made these tests fail in a full run and pass alone:

* **An inherited "ignore SIGINT".** A shell without job control starts a background job
  (``make test > log &``) with SIGINT ignored, and an ignored signal stays ignored across
  ``fork`` and ``exec``: the command under test then never sees the Ctrl-C and runs to its
  end (exit 0) or forever (a timeout). [`start_cli`][tests.interrupt.start_cli] starts the
  command with SIGINT at its default, as a terminal would.
* **Fixed sleeps.** Each test waits for a sign that the command is doing the work the
  interrupt must stop (worker processes up, games on the Dask worker, batches on disk, a
  port answering), not for a number of seconds, and fails with a message if it never comes.
* **Tight clocks.** Exit and clean-up get generous bounds (``EXIT_SECONDS``) that still
  tell "stopped at once" from "played to the end" (minutes) or "never stopped".
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The most seconds a Ctrl-C'd command may take to exit (it takes about 0.1 s on a quiet machine;
#: under a load of 20 on two cores a process can wait seconds for the CPU).
EXIT_SECONDS = 20.0
#: The most seconds to wait for a command to reach the point where the interrupt is tested.
READY_SECONDS = 240.0


def start_cli(argv: list[str], *, cwd: Any, new_session: bool = True) -> tuple[subprocess.Popen[str], str]:
    """Start ``python -m dreidelpoker ARGV`` with SIGINT at its default; return the process and
    the tag in its environment (every process it starts inherits the tag, see
    [`tagged_processes`][tests.interrupt.tagged_processes]).

    With ``new_session`` it gets its own process group, which the test interrupts as a terminal
    does ([`ctrl_c`][tests.interrupt.ctrl_c]).
    """
    tag = uuid.uuid4().hex
    # Only a caught signal is reset to the default by exec; an ignored one stays ignored. So,
    # for the moment of the start, this process catches SIGINT (tests run in the main thread).
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "dreidelpoker", *argv], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=new_session, cwd=cwd,
                                env={**os.environ, "DREIDELPOKER_TEST_TAG": tag})
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    return proc, tag


def wait_until(ready: Callable[[], bool], proc: subprocess.Popen[str], what: str,
               timeout: float = READY_SECONDS) -> None:
    """Poll ``ready()`` until it holds; fail with ``what`` and the command's output if the command
    ends first or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while not ready():
        if proc.poll() is not None:
            out, err = proc.communicate()
            raise AssertionError(f"the command ended (exit {proc.returncode}) before {what}:\n{out[-1000:]}"
                                 f"\n{err[-2000:]}")
        if time.monotonic() > deadline:
            proc.kill()
            out, err = proc.communicate()
            raise AssertionError(f"not {what} within {timeout:.0f} s:\n{err[-2000:]}")
        time.sleep(0.1)


def ctrl_c(proc: subprocess.Popen[str], *, group: bool = True) -> tuple[str, str, float]:
    """Send SIGINT (to the whole process group, as a terminal does, or to the process alone) and
    wait for the exit: ``(stdout, stderr, seconds to exit)``. Kills the group and fails if it has
    not exited within ``EXIT_SECONDS``."""
    start = time.monotonic()
    if group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=EXIT_SECONDS)
    except subprocess.TimeoutExpired:
        if group:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"still running {EXIT_SECONDS:.0f} s after Ctrl-C:\n{err[-2000:]}") from None
    return out, err, time.monotonic() - start


def _status(pid: str) -> dict[str, str]:
    with open(f"/proc/{pid}/status") as f:
        return dict(line.rstrip("\n").split(":\t", 1) for line in f if ":\t" in line)


def tagged_processes(tag: str) -> list[str]:
    """The live processes (not zombies) whose environment holds ``tag``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if tag.encode() not in f.read():
                    continue
            if not _status(pid).get("State", "").startswith("Z"):
                found.append(pid)
        except OSError:  # gone meanwhile, or not ours to read
            pass
    return found


def children_ignoring_sigint(parent: int) -> int:
    """How many child processes of ``parent`` ignore SIGINT: a process pool's workers once their
    initializer has run (the parent alone answers Ctrl-C)."""
    count = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = _status(pid)
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if status.get("PPid") == str(parent) and b"resource_tracker" not in cmdline \
                and int(status.get("SigIgn", "0"), 16) & (1 << (signal.SIGINT - 1)):
            count += 1
    return count


def no_process_left(tag: str, timeout: float = EXIT_SECONDS) -> list[str]:
    """Wait until no process holds ``tag`` (or ``timeout`` passes); return those left, each as
    ``"pid state command"`` (an empty list when none is left)."""
    deadline = time.monotonic() + timeout
    left = tagged_processes(tag)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = tagged_processes(tag)
    described = []
    for pid in left:
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            described.append(f"{pid} {_status(pid).get('State', '?')} {cmd[:200]}")
        except OSError:
            pass
    return described
