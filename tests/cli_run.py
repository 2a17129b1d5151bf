"""Run the ``dreidelpoker`` command line in-process for a test: ``(exit code, stdout, stderr)``."""

from __future__ import annotations

import pytest

from dreidelpoker import cli


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``cli.main(args)`` with its output captured; argparse's ``SystemExit`` (``--help``, usage
    errors) becomes its exit code."""
    try:
        code = cli.main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
