"""``dreidelpoker explore`` (issue 20, item 5): ``--dry-run`` writes the notebook it names, a
busy port gives the URL really served, Ctrl-C exits 130 with one line and stops Voilà."""

from __future__ import annotations

import json
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest

from dreidelpoker import explore
from tests.cli_run import run_cli
from tests.interrupt import EXIT_SECONDS, ctrl_c, no_process_left, start_cli, wait_until


def test_dry_run_writes_the_notebook_it_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "explore", "dice-poker", "--dry-run", "--json")
    assert code == 0, err
    result = json.loads(out)
    nb = Path(result["notebook"])
    assert nb.is_file() and result["launched"] is False
    cell = json.loads(nb.read_text())["cells"][0]["source"]
    assert "dice_poker_explorer()" in cell
    assert str(nb) in result["command"]
    assert result["url"] == "http://127.0.0.1:8866/" or "busy" in result["note"]


def test_a_busy_port_gives_the_url_really_served(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        code, out, err = run_cli(capsys, "explore", "queenie", "--dry-run", "--port", str(taken), "--json")
    assert code == 0, err
    result = json.loads(out)
    port = int(result["url"].rsplit(":", 1)[1].strip("/"))
    assert port != taken and f"port {taken} is busy" in result["note"]
    assert f"--port={port}" in result["command"] and "--Voila.port_retries=0" in result["command"]


def test_ctrl_c_exits_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(explore, "_has_voila", lambda: True)
    monkeypatch.setattr(explore.shutil, "which", lambda name: "/usr/bin/voila")
    monkeypatch.setattr(explore.subprocess, "run", interrupted)
    code, out, err = run_cli(capsys, "explore", "dice-poker", "--no-browser")
    assert code == 130
    assert err.strip() == "dreidelpoker explore dice-poker: interrupted"
    assert "serving the dice-poker explorer on http://127.0.0.1:" in out


def test_voila_failing_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore, "_has_voila", lambda: True)
    monkeypatch.setattr(explore.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 1))
    code, _out, err = run_cli(capsys, "explore", "dice-poker", "--no-browser")
    assert code == 2 and "Voilà stopped with exit code 1" in err and err.count("\n") == 1


def test_real_voila_stops_on_ctrl_c(tmp_path: Path) -> None:
    pytest.importorskip("voila")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc, tag = start_cli(["explore", "dice-poker", "--no-browser", "--port", str(port)], cwd=tmp_path)

    def listening() -> bool:  # Voilà listens on the port printed
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    wait_until(listening, proc, f"Voilà was listening on port {port}")
    out, err, elapsed = ctrl_c(proc)
    assert elapsed < EXIT_SECONDS  # uninterrupted, Voilà serves for ever
    assert proc.returncode == 130, err[-2000:]
    assert f"http://127.0.0.1:{port}/" in out
    assert err.strip().splitlines()[-1] == "dreidelpoker explore dice-poker: interrupted"
    left = no_process_left(tag)
    assert not left, f"Voilà or its kernel left behind: {left}"


def test_a_served_explorer_leaves_no_temporary_folder(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import subprocess
    import tempfile

    from tests.cli_run import run_cli

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    served: list[list[str]] = []

    def fake_voila(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        served.append(cmd)  # the notebook exists while Voilà serves it
        assert any(p.suffix == ".ipynb" for p in tmp_path.rglob("*"))
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr("dreidelpoker.explore.subprocess.run", fake_voila)
    monkeypatch.setattr("dreidelpoker.explore.shutil.which", lambda name: "/usr/bin/voila")
    code, _, err = run_cli(capsys, "explore", "dice-poker", "--no-browser")
    assert served and not list(tmp_path.iterdir()), (code, err, list(tmp_path.iterdir()))
