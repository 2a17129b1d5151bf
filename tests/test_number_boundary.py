"""One number boundary (issue 13): Fractions and ints inside, sympy Rationals out.

Each case calls a public analysis of a registered game (or a public function of the exact
engines) and walks everything it returns: containers, dataclass fields, named tuples and
``to_dict()``. No ``fractions.Fraction`` may be found.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pytest
import sympy

from dreidelpoker.analysis import exact_equity
from dreidelpoker.games import classic_dreidel as cd
from dreidelpoker.games.registry import games
from dreidelpoker.games.registry import GameInfo
from dreidelpoker.games import skirmish as sk
from dreidelpoker.games import two_dreidel as td
from dreidelpoker.games.two_dreidel.deck_cycle import chain as tdc
from dreidelpoker.games.two_dreidel.rulebook import ranking


def fractions_in(value: Any, path: str = "result", seen: set[int] | None = None) -> list[str]:
    """Where ``value`` holds a Fraction (dict keys included), as readable paths."""
    seen = set() if seen is None else seen
    if isinstance(value, Fraction):
        return [f"{path} = {value!r}"]
    if isinstance(value, (str, bytes, int, float, bool, type(None))) or isinstance(value, sympy.Basic):
        return []
    if id(value) in seen:
        return []
    seen.add(id(value))
    found: list[str] = []
    if isinstance(value, Mapping):
        for k, v in value.items():
            found += fractions_in(k, f"{path} key {k!r}", seen)
            found += fractions_in(v, f"{path}[{k!r}]", seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for i, v in enumerate(value):
            found += fractions_in(v, f"{path}[{i}]", seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if not f.name.startswith("_"):
                found += fractions_in(getattr(value, f.name), f"{path}.{f.name}", seen)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and not isinstance(value, type) and _takes_nothing(to_dict):
        found += fractions_in(to_dict(), f"{path}.to_dict()", seen)
    return found


def _takes_nothing(method: Callable[..., Any]) -> bool:
    params = inspect.signature(method).parameters.values()
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params)


def test_the_walk_finds_a_fraction() -> None:
    @dataclasses.dataclass
    class Box:
        inner: Any

    assert fractions_in({"a": [Box((1, Fraction(1, 2)))]}) == ["result['a'][0].inner[1] = Fraction(1, 2)"]
    assert fractions_in({Fraction(1, 3): 1}) and not fractions_in({"a": sympy.Rational(1, 2), "b": 0.5})


TD = td.TwoDreidelRules()
SMALL = td.TwoDreidelRules.from_deck("2-7-7-2") if hasattr(td.TwoDreidelRules, "from_deck") else TD
CHAIN = tdc.deck_chain(TD, policy="normal-best")
FRESH = td.DeckState.fresh(TD)
CLASSIC = cd.ClassicDreidelRules(players=2, coins=2)
SKIRMISH = sk.SkirmishRules(deck=(1, 1, 2, 2, 3, 3), line_size=1, pile_size=1)

SKC = importlib.import_module("dreidelpoker.games.skirmish.chain")
QX = importlib.import_module("dreidelpoker.games.queenie.exact")
QUEENIE = importlib.import_module("dreidelpoker.games.queenie").QueenieRules(players=4)
QUEENIE_SMALL = importlib.import_module("dreidelpoker.games.queenie").QueenieRules(players=3, deck_suits=2, deck_ranks=3)
SOLVE = importlib.import_module("dreidelpoker.solve")

CASES: dict[str, Callable[[], Any]] = {
    "two_dreidel.rulebook.ranking.heads_up_share": lambda: ranking.heads_up_share((0, 1), (3, 3), rules=TD),
    "two_dreidel.deck_cycle.chain.transitions": lambda: tdc.transitions(FRESH, "normal-best", rules=TD),
    "DeckChain.successors": lambda: CHAIN.successors(FRESH),
    "DeckChain.kept_distribution": lambda: CHAIN.kept_distribution(FRESH),
    "DeckChain.phase_state_distributions": lambda: CHAIN.phase_state_distributions(),
    "DeckChain.long_run_state_distribution": lambda: CHAIN.long_run_state_distribution(),
    "DeckChain.long_run_hand_weights": lambda: CHAIN.long_run_hand_weights(),
    "DeckChain.phase_hands_weights": lambda: CHAIN.phase_hands_weights(),
    "DeckChain.state_distribution": lambda: CHAIN.state_distribution(3),
    "DeckChain.kept_hand_mixture": lambda: CHAIN.kept_hand_mixture({FRESH: sympy.Rational(1)}),
    "DeckChain.long_run_hands": lambda: CHAIN.long_run_hands(),
    "two_dreidel.heads_up_long_run": lambda: tdc.heads_up_long_run(TD),
    "classic_dreidel.rules": lambda: cd.ClassicDreidelRules(face_probabilities=("1/2", "1/6", "1/6", "1/6")),
    "classic_dreidel.successors": lambda: cd.successors(cd.start_state(rules=CLASSIC), rules=CLASSIC),
    "classic_dreidel.analyze": lambda: cd.analyze(rules=CLASSIC),
    "skirmish.skirmish_transitions": lambda: SKC.skirmish_transitions(
        next(iter(SKC.deal_distribution(SKIRMISH))), ("optimal", "optimal"), rules=SKIRMISH),
    "skirmish.deal_distribution": lambda: SKC.deal_distribution(SKIRMISH),
    "skirmish.lay_outcomes": lambda: SKC.lay_outcomes((1, 2, 2), (), 1, 1, ordered_pile=True),
    "skirmish.analyze_small_deck": lambda: SKC.analyze_small_deck(SKIRMISH, "greedy"),
    "skirmish.pile_card_odds": lambda: SKC.pile_card_odds(sk.SkirmishRules()),
    "DeckChain.symbol_frequencies": lambda: CHAIN.symbol_frequencies(),
    "DeckChain.reshuffle_schedule": lambda: CHAIN.reshuffle_schedule(5),
    "DeckChain.phase_hands": lambda: CHAIN.phase_hands(),
    "MarkovChain.n_step": lambda: cd.dreidel_chain(rules=CLASSIC).n_step(cd.start_state(rules=CLASSIC), 3),
    "MarkovChain.absorption_summary": lambda: cd.dreidel_chain(rules=CLASSIC).absorption_summary(
        cd.start_state(rules=CLASSIC), method="exact"),
    "MarkovChain.successors": lambda: cd.dreidel_chain(rules=CLASSIC).successors(cd.start_state(rules=CLASSIC)),
    "queenie.queen_dead_probability": lambda: QX.queen_dead_probability(QUEENIE),
    "queenie.queen_dead_table": lambda: QX.queen_dead_table([3]),
    "queenie.deals": lambda: list(QX.deals(QUEENIE_SMALL))[:20],
    "queenie.enumerate_deal": lambda: QX.enumerate_deal("never-swap,never-swap,never-swap", rules=QUEENIE_SMALL),
    "classic_dreidel.rules.hey_take": lambda: [cd.ClassicDreidelRules(hey_rounding=h).hey_take(p)
                                               for h in ("up", "down", "continuous") for p in (1, 3, "5/2")
                                               if h == "continuous" or p != "5/2"],
    "two_dreidel.PutBackMDP.opponent_hands": lambda: importlib.import_module(
        "dreidelpoker.games.two_dreidel.deck_cycle.strategy").PutBackMDP(TD).opponent_hands("normal-best"),
    "two_dreidel.put_back_equilibrium probabilities": lambda: importlib.import_module(
        "dreidelpoker.games.two_dreidel.deck_cycle.strategy").put_back_equilibrium(TD).probabilities,
    "two_dreidel.new_spin_game setup": lambda: importlib.import_module(
        "dreidelpoker.games.two_dreidel.spin_game.game").new_spin_game(
            TD, hands=({"GH": 1}, {"NN": 1}), pot=4, stacks=(10, 10)).setup,
    "two_dreidel.solve_spin_game": lambda: td.solve_spin_game(
        td.TwoDreidelRules(deck="2-6-6-2"), pot=4, stacks=(8, 8), spins=1, betting=False),
    "solve.matching_pennies": lambda: importlib.import_module("dreidelpoker.solve.examples").matching_pennies(),
    "solve.solve lp": lambda: SOLVE.solve(SOLVE.matrix_game([[2, -1], [-1, 1]])),
    "solve.solve cfr+": lambda: SOLVE.solve(SOLVE.matrix_game([[2, -1], [-1, 1]]), method="cfr+", iterations=20),
    "solve.exploitability_of": lambda: SOLVE.exploitability_of(
        SOLVE.extensive_form(SOLVE.matrix_game([[2, -1], [-1, 1]])), 0, lambda obs, legal: 0),
    "solve.GameSolution.strategy": lambda: SOLVE.solve(SOLVE.matrix_game([[2, -1], [-1, 1]])).strategy(0),
}

# Not a leak, by design: ``.fractions()`` is the one documented accessor to the Fractions a
# result holds (``Distribution``, ``ExactMapping``, ``EquityResult``, ``GameSolution`` ...).


@pytest.mark.parametrize("name", list(CASES))
def test_no_fraction_leaks_out(name: str) -> None:
    assert fractions_in(CASES[name]()) == []


#: Answers whose public face is a mapping of exact numbers: ``.fractions()`` must hold the
#: same numbers, as Fractions.
MAPPINGS: dict[str, Callable[[], Any]] = {
    "DeckChain.successors": lambda: CHAIN.successors(FRESH),
    "DeckChain.long_run_state_distribution": lambda: CHAIN.long_run_state_distribution(),
    "DeckChain.long_run_hand_weights": lambda: CHAIN.long_run_hand_weights(),
    "classic_dreidel.successors": lambda: cd.successors(cd.start_state(rules=CLASSIC), rules=CLASSIC),
    "classic_dreidel.rules.probabilities": lambda: cd.ClassicDreidelRules(
        face_probabilities=("1/2", "1/6", "1/6", "1/6")).probabilities,
    "skirmish.deal_distribution": lambda: SKC.deal_distribution(SKIRMISH),
    "skirmish.lay_outcomes": lambda: SKC.lay_outcomes((1, 2, 2), (), 1, 1, ordered_pile=True),
    "Distribution": lambda: CHAIN.long_run_hands(),
}


@pytest.mark.parametrize("name", list(MAPPINGS))
def test_the_accessor_holds_the_public_numbers(name: str) -> None:
    answer = MAPPINGS[name]()
    held = answer.fractions()
    assert all(type(v) is Fraction for v in held.values())
    assert list(held) == list(answer)
    assert all(isinstance(answer[k], sympy.Rational) and answer[k] == sympy.Rational(v.numerator, v.denominator)
               for k, v in held.items())


def test_solutions_and_results_hand_over_their_fractions() -> None:
    sol = SOLVE.solve(SOLVE.matrix_game([[2, -1], [-1, 1]]))
    value, nash_conv, strategies = sol.fractions()
    assert (value, nash_conv) == (Fraction(1, 5), 0) and strategies[0] == [[Fraction(2, 5), Fraction(3, 5)]]
    assert isinstance(sol.value, sympy.Rational) and sol.value == value
    assert sol.strategies[0] == [[sympy.Rational(2, 5), sympy.Rational(3, 5)]]
    game = SOLVE.matrix_game([[1, "-1/2"], [-1, 1]])
    assert game.fractions()[0][1] == Fraction(-1, 2) and game.payoffs[0][1] == sympy.Rational(-1, 2)
    record = importlib.import_module("dreidelpoker.play").GameRecord(0, (Fraction(1, 2), -1), (0,), 1, False, 3)
    assert record.fractions() == (Fraction(1, 2), -1) and type(record.fractions()[0]) is Fraction
    assert record.returns == (sympy.Rational(1, 2), -1) and isinstance(record.returns[0], sympy.Rational)
    assert fractions_in(record) == [] and fractions_in(record.returns) == []


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_every_registered_game_answers_in_rationals(game: GameInfo) -> None:
    """Each game's rules presets, and the exact equity of its first example, hold no Fraction."""
    for name, preset in game.rules_type.presets().items():
        assert fractions_in(preset, f"{game.name} preset {name}") == []
    g = game.analysis
    if g is None:
        return
    rules = g.rules_type()
    known = g.known(g.example_known[0], opponents=1, rules=rules)
    assert fractions_in(exact_equity(g, known, rules=rules)) == []


def _leaves(value: Any) -> list[Any]:
    """The numbers in a record field's shape (tuples and dicts walked), None left out."""
    if isinstance(value, tuple):
        return [x for v in value for x in _leaves(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    return [] if value is None else [value]


STRATEGY = importlib.import_module("dreidelpoker.games.two_dreidel.deck_cycle.strategy")

#: Result records (``ExactRecord``): each exact field is held as Fractions and shown as sympy.
RECORDS: dict[str, Callable[[], Any]] = {
    "ClassicDreidelResult": lambda: cd.analyze(rules=CLASSIC),
    "ClassicDreidelResult first-elimination": lambda: cd.analyze(
        rules=cd.ClassicDreidelRules(players=3, coins=1, stopping="first-elimination")),
    "HeadsUpLongRun": lambda: tdc.heads_up_long_run(TD, hero="keep-shin"),
    "SmallDeckResult": lambda: SKC.analyze_small_deck(SKIRMISH, "greedy"),
    "PileOdds": lambda: SKC.pile_card_odds(sk.SkirmishRules(tie="war")),
    "DealDistribution": lambda: QX.enumerate_deal("never-swap,never-swap,never-swap", rules=QUEENIE_SMALL),
    "EquilibriumResult": lambda: STRATEGY.put_back_equilibrium(TD),
    "BestResponse": lambda: STRATEGY.best_put_back_policy(TD, opponent="keep-shin"),
    "CategoryRow": lambda: importlib.import_module("dreidelpoker.games.dice_poker").category_table().rows[0],
    "BlockingRow": lambda: importlib.import_module("dreidelpoker.games.domino_poker").blocking("6-6,5-5").row(
        "Full house"),
    "DesignerAnswers": lambda: importlib.import_module("dreidelpoker.games.dice_poker").designer_answers(),
    "VariantReport": lambda: importlib.import_module("dreidelpoker.games.two_dreidel.designer").variant_report(
        TD, exploitability=True),
    "SpinDecision": lambda: td.spin_decision("H", pot=5, equity="2/7", opponents=[None, 1]),
    "SpinDecision folded": lambda: td.spin_decision("G", pot=6, equity="1/2", hero_stack=2,
                                                    rules=td.TwoDreidelRules(short_stack="fold")),
    "SpinTable": lambda: td.spin_table(pot=4, equity="1/6", opponents=2),
    "OpponentPosterior": lambda: td.opponent_posterior(discards="GH,NN"),
}


@pytest.mark.parametrize("name", list(RECORDS))
def test_records_hold_fractions_and_show_rationals(name: str) -> None:
    record = RECORDS[name]()
    held = record.fractions()
    assert any(_leaves(v) for v in held.values()), "a record holds at least one exact number"
    for field_name, value in held.items():
        stored = _leaves(value)  # None (not computed, or no such figure) stays None
        shown = _leaves(getattr(record, field_name))
        assert all(type(v) is Fraction for v in stored), (field_name, value)
        assert all(isinstance(v, sympy.Rational) for v in shown), (field_name, shown)
        assert shown == [sympy.Rational(v.numerator, v.denominator) for v in stored]
    assert fractions_in(record) == []  # the face (fields, to_dict) shows no Fraction


def test_a_record_keeps_its_fractions_through_pickle_and_replace() -> None:
    import pickle

    result = cd.analyze(rules=CLASSIC)
    again = pickle.loads(pickle.dumps(result))
    assert again == result and again.fractions() == result.fractions()
    assert type(again.fractions()["expected_spins"]) is Fraction
    swapped = dataclasses.replace(result, states=0)
    assert swapped.fractions() == result.fractions() and swapped.expected_spins == result.expected_spins
    assert repr(result).startswith("ClassicDreidelResult(expected_spins=11152/1491, win_probabilities=(")


def test_a_float_record_stays_in_floats() -> None:
    result = cd.analyze(rules=CLASSIC, method="float")
    held = result.fractions()
    assert type(held["expected_spins"]) is float and all(type(p) is float for p in held["win_probabilities"])
    assert result.expected_spins == held["expected_spins"] and held["first_out_probabilities"] is None
    assert abs(result.expected_spins - 11152 / 1491) < 1e-9


def test_hold_exact_reads_defaults_from_the_dataclass_fields() -> None:
    """The one door onto an exact field: with or without a default, plain or through
    ``field(metadata=...)``; the default is held like a value given, the metadata kept."""
    from dreidelpoker.exact import ExactRecord, hold_exact

    @hold_exact("p", "q", "r")
    @dataclasses.dataclass(frozen=True)
    class Rec(ExactRecord):
        p: Any
        q: Any = sympy.Rational(1, 3)
        r: tuple[Any, ...] = dataclasses.field(default=(1, "1/2"), metadata={"cli": {"metavar": "A,B"}})

    rec = Rec(2)
    assert rec.fractions() == {"p": Fraction(2), "q": Fraction(1, 3), "r": (Fraction(1), "1/2")}
    assert all(type(v) is Fraction for v in (rec.fractions()["p"], rec.fractions()["q"], rec.fractions()["r"][0]))
    assert isinstance(rec.q, sympy.Rational) and rec.q == sympy.Rational(1, 3) and isinstance(rec.r[0], sympy.Integer)
    assert {f.name: f.default for f in dataclasses.fields(Rec)}["q"] == sympy.Rational(1, 3)
    assert dataclasses.fields(Rec)[2].metadata["cli"] == {"metavar": "A,B"}
    assert Rec.q == sympy.Rational(1, 3) and not hasattr(Rec, "p")  # as a plain dataclass's class attributes
    assert dataclasses.replace(rec, p=Fraction(1, 2)).fractions()["p"] == Fraction(1, 2)
    assert Rec(2, q=Fraction(1, 3)) == rec and Rec(Fraction(2)) == rec  # equality of the public faces


def test_hold_exact_refuses_a_class_bug() -> None:
    from dreidelpoker.exact import ExactRecord, hold_exact

    with pytest.raises(TypeError, match="ExactRecord subclass"):
        @hold_exact("p")
        @dataclasses.dataclass(frozen=True)
        class NotARecord:  # noqa: F841 - the decoration is what fails
            p: Any
    with pytest.raises(TypeError, match="no dataclass field 'x'"):
        @hold_exact("x")
        @dataclasses.dataclass(frozen=True)
        class Misnamed(ExactRecord):  # noqa: F841
            p: Any
    with pytest.raises(TypeError, match="above @dataclass"):
        @dataclasses.dataclass(frozen=True)
        @hold_exact("p")
        class Upside(ExactRecord):  # noqa: F841
            p: Any = Fraction(1, 2)


#: Dataclass fields annotated with sympy that hold symbols, not numbers (nothing to hold as a Fraction).
SYMBOLIC_FIELDS = {
    "dreidelpoker.games.two_dreidel.odds.kept_hand.KeptHandFormulas.formulas",
    "dreidelpoker.games.two_dreidel.odds.kept_hand.KeptHandFormulas.symbols",
}


def test_every_dataclass_field_of_exact_numbers_is_held_as_fractions() -> None:
    """A guard: a dataclass of the package whose field is annotated as a sympy number holds it
    through ``ExactRecord`` (so a new result type cannot quietly convert to sympy when built)."""
    import pkgutil

    import dreidelpoker
    from dreidelpoker.exact import ExactRecord

    found: list[str] = []
    checked = 0
    for info in pkgutil.walk_packages(dreidelpoker.__path__, "dreidelpoker."):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if not (inspect.isclass(obj) and dataclasses.is_dataclass(obj) and obj.__module__ == info.name):
                continue
            for f in dataclasses.fields(obj):
                where = f"{obj.__module__}.{obj.__qualname__}.{f.name}"
                if "sympy." not in str(f.type) or where in SYMBOLIC_FIELDS:
                    continue
                checked += 1
                if not (issubclass(obj, ExactRecord) and f.name in obj._exact_fields):
                    found.append(where)
    assert checked >= 20 and found == []
