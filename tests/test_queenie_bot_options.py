"""HeuristicBot's two study options (issue 21 item 7): the equal-rank lead choice and swap reasons left out."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from dreidelpoker.errors import InputError
from dreidelpoker.games.queenie import QueenieRules
from dreidelpoker.games.queenie.bots import SCORE_WEIGHTS, HeuristicBot, best_lead, hand_features, hand_score
from dreidelpoker.games.queenie.cards import card_from_name as c

RULES = QueenieRules(players=4)  # 51 cards: a hand starts with about 10
RNG = np.random.default_rng(0)


def lead(bot: HeuristicBot, hand: list[int], legal: list[int]) -> int:
    obs = SimpleNamespace(rules=RULES, hand=tuple(hand), position=2)
    return bot(obs, tuple(legal), RNG)


def test_plain_leads_the_first_legal_card_best_leads_the_longest_run() -> None:
    hand = [c("AC"), c("AD"), c("2D"), c("3D")]
    legal = [c("AC"), c("AD")]
    assert best_lead(hand, legal, RULES.deck_ranks) == c("AD")
    assert lead(HeuristicBot(), hand, legal) == c("AD")
    assert lead(HeuristicBot(lead="plain"), hand, legal) == c("AC")


def test_early_and_late_split_the_deal_at_half_a_starting_hand() -> None:
    late = [c("AC"), c("AD"), c("2D"), c("3D")]  # 4 cards: at most half of about 10
    early = late + [c(x) for x in ("5S", "6S", "7S", "8H", "9H", "TH")]  # 10 cards
    legal = [c("AC"), c("AD")]
    assert lead(HeuristicBot(lead="best-early"), early, legal) == c("AD")
    assert lead(HeuristicBot(lead="best-early"), late, legal) == c("AC")
    assert lead(HeuristicBot(lead="best-late"), early, legal) == c("AC")
    assert lead(HeuristicBot(lead="best-late"), late, legal) == c("AD")


@pytest.mark.parametrize("reason", list(SCORE_WEIGHTS))
def test_ignoring_a_reason_removes_exactly_its_weighted_feature(reason: str) -> None:
    hand = [c(x) for x in ("AC", "2C", "3C", "QH", "KH", "JS", "JD")]
    f = hand_features(hand, rules=RULES)
    full, without = hand_score(hand, rules=RULES), hand_score(hand, rules=RULES, ignore=(reason,))
    assert full - without == pytest.approx(SCORE_WEIGHTS[reason] * f[reason])


def test_bad_options_are_refused_in_one_line() -> None:
    with pytest.raises(InputError, match="unknown swap reason 'pairs'"):
        HeuristicBot(ignore=("pairs",))
    with pytest.raises(InputError, match="lead"):
        HeuristicBot(lead="smart")  # type: ignore[arg-type]
