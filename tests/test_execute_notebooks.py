"""The notebook runner joins split stream outputs, so no empty output box reaches the site."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("execute_notebooks", Path(__file__).with_name("execute_notebooks.py"))
assert _spec is not None and _spec.loader is not None
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


def _stream(name: str, text: str) -> dict:
    return {"output_type": "stream", "name": name, "text": text}


def test_a_newline_flushed_on_its_own_joins_the_text_before_it() -> None:
    outs = [_stream("stdout", "a line"), _stream("stdout", "\n"), _stream("stdout", "next\n")]
    assert runner.coalesce_streams(outs) == [_stream("stdout", "a line\nnext\n")]


def test_streams_of_other_names_and_other_outputs_stay_apart() -> None:
    shown = {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
    outs = [_stream("stdout", "a\n"), _stream("stderr", "b\n"), shown, _stream("stdout", "c\n")]
    assert runner.coalesce_streams(outs) == outs


def test_whitespace_only_streams_are_dropped() -> None:
    shown = {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
    assert runner.coalesce_streams([shown, _stream("stdout", "\n"), shown]) == [shown, shown]
