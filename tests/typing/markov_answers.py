"""Static checks, run by ``make typecheck`` (``mypy --strict tests/typing``): the exact/float
flag of a :class:`~dreidelpoker.markov.MarkovChain` and the ``method`` of a question decide the
type of the answer. Each ``assert_type`` fails the type check if the overloads drift."""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_type

import sympy

from dreidelpoker import ExactMapping
from dreidelpoker.markov import AbsorptionSummary, MarkovChain


def answers() -> None:
    exact = MarkovChain.from_transitions({"a": {"a": "1/2", "b": "1/2"}, "b": {"b": 1}})
    floats = MarkovChain.from_transitions({"a": {"a": 0.5, "b": 0.5}, "b": {"b": 1}}, exact=False)
    assert_type(exact, MarkovChain[str, sympy.Rational])
    assert_type(floats, MarkovChain[str, float])
    assert_type(exact.successors("a"), Mapping[str, sympy.Rational])
    assert_type(exact.absorption_probabilities("a", method="exact"), ExactMapping[str])
    assert_type(exact.absorption_probabilities("a", method="float"), dict[str, float])
    assert_type(exact.absorption_probabilities("a"), Mapping[str, sympy.Rational | float])
    assert_type(floats.absorption_probabilities("a"), Mapping[str, float])
    assert_type(exact.expected_steps_to_absorption("a", method="exact"), sympy.Rational)
    assert_type(floats.expected_steps_to_absorption("a"), float)
    assert_type(exact.absorption_summary("a", method="exact"), AbsorptionSummary[str, sympy.Rational])
    assert_type(exact.class_absorption_probabilities("a", method="float"), dict[frozenset[str], float])
    assert_type(exact.stationary_distribution(method="exact", start="b"), ExactMapping[str])
    assert_type(floats.stationary_distributions(), dict[frozenset[str], Mapping[str, float]])
    assert_type(exact.n_step("a", 2), Mapping[str, sympy.Rational])
    assert_type(exact.expected_hitting_time("a", ["b"]), sympy.Expr | float)
