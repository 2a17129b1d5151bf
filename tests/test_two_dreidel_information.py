"""The posterior of an opponent's hand against a brute force over every deck order."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest
from sympy.utilities.iterables import multiset_permutations

from dreidelpoker.games.two_dreidel import TwoDreidelRules
from dreidelpoker.games.two_dreidel.odds.information import (
    opponent_posterior,
    parse_discards,
    pile_sizes,
    table_posteriors,
)

ORDER = "GHNS"


def worst_back(drawn: str) -> str:
    """Independent normal-best: put back the worst card in G > H > N > S order."""
    return sorted(drawn, key=ORDER.index)[-1]


def gimel_back(drawn: str) -> str:
    """Put back a Gimel if drawn, else the worst card."""
    return "G" if "G" in drawn else worst_back(drawn)


def canon(cards: list[str]) -> str:
    return "".join(sorted(cards, key=ORDER.index))


def histories(
    counts: tuple[int, ...], hands: int, policy: Callable[[str], str], draw: int = 3
) -> Iterator[tuple[Fraction, tuple[str, ...], str, str | None]]:
    """Every history of ``hands`` hands, by enumerating every distinct order of the deck and of
    every reshuffled discard pile (each distinct order of a multiset is equally likely).

    Yields (probability, kept hands 1..hands-1, kept hand at ``hands``, card on top at ``hands``).
    """
    deck = [s for s, c in zip(ORDER, counts) for _ in range(c)]
    orders = list(multiset_permutations(deck))

    def play(pile: list[str], discard: list[str], hand: int, kept_so_far: tuple[str, ...],
             top: str | None, prob: Fraction) -> Iterator[tuple[Fraction, tuple[str, ...], str, str | None]]:
        # Draw three cards one at a time from the top (index 0) of the pile.
        drawn: list[str] = []
        pile = list(pile)
        while len(drawn) < draw and pile:
            drawn.append(pile.pop(0))
        if len(drawn) < draw:
            shuffles = list(multiset_permutations(discard))
            for new in shuffles:
                yield from finish(list(new), [], drawn, hand, kept_so_far, top, prob / len(shuffles))
            return
        yield from finish(pile, discard, drawn, hand, kept_so_far, top, prob)

    def finish(pile: list[str], discard: list[str], drawn: list[str], hand: int,
               kept_so_far: tuple[str, ...], top: str | None, prob: Fraction
               ) -> Iterator[tuple[Fraction, tuple[str, ...], str, str | None]]:
        pile, drawn = list(pile), list(drawn)
        while len(drawn) < draw:
            drawn.append(pile.pop(0))
        back = policy(canon(drawn))
        kept = list(drawn)
        for card in back:
            kept.remove(card)
        if hand == hands:
            yield prob, kept_so_far, canon(kept), top
            return
        yield from play(list(back) + pile, discard + kept, hand + 1, kept_so_far + (canon(kept),),
                        canon(list(back)), prob)

    for order in orders:
        yield from play(order, [], 1, (), None, Fraction(1, len(orders)))


def brute_posteriors(counts: tuple[int, ...], hands: int, policy: Callable[[str], str],
                     view: Callable[[tuple[str, ...]], tuple[str, ...]], draw: int = 3
                     ) -> dict[tuple[str, ...], tuple[Fraction, dict[str, Fraction], dict[str, Fraction]]]:
    """Observation -> (evidence, posterior of current hand, posterior of top card)."""
    hand_w: dict[tuple[str, ...], dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    top_w: dict[tuple[str, ...], dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for prob, seen, kept, top in histories(counts, hands, policy, draw):
        obs = view(seen)
        hand_w[obs][kept] += prob
        if top is not None:
            top_w[obs][top] += prob
    out = {}
    for obs, hw in hand_w.items():
        ev = sum(hw.values(), Fraction(0))
        out[obs] = (
            ev,
            {h: w / ev for h, w in hw.items()},
            {t: w / ev for t, w in top_w[obs].items()},
        )
    return out


def as_fractions(dist: object) -> dict[str, Fraction]:
    return {k: Fraction(int(p.p), int(p.q)) for k, p in dist.items() if p != 0}  # type: ignore[attr-defined]


CASES = [
    # (deck counts, hand number): small decks reach reshuffles, including two in a row.
    ((1, 2, 1, 1), 2),
    ((1, 2, 1, 1), 3),
    ((1, 2, 1, 1), 4),
    ((1, 2, 2, 1), 3),
    ((1, 2, 2, 1), 4),
    ((2, 1, 1, 1), 5),
    ((1, 5, 5, 1), 3),
]


@pytest.mark.parametrize("policy_fn,policy_name", [(worst_back, "worst"), (gimel_back, "gimel")])
@pytest.mark.parametrize("counts,k", CASES)
def test_full_history_posterior_matches_brute_force(counts: tuple[int, ...], k: int,
                                                    policy_fn: Callable[[str], str], policy_name: str) -> None:
    rules = TwoDreidelRules(deck=counts)
    brute = brute_posteriors(counts, k, policy_fn, view=lambda seen: seen)
    for obs, (ev, hands, tops) in brute.items():
        post = opponent_posterior(rules, discards=list(obs), policy=policy_fn)
        assert post.hand_number == k
        assert Fraction(int(post.evidence.p), int(post.evidence.q)) == ev
        assert as_fractions(post.hand) == hands, obs
        if k > 1:
            assert post.top_card is not None
            assert as_fractions(post.top_card) == tops, obs


@pytest.mark.parametrize("counts,k", [((1, 2, 1, 1), 3), ((1, 2, 1, 1), 4), ((1, 2, 2, 1), 4), ((2, 2, 2, 1), 3)])
def test_top_two_posterior_matches_brute_force(counts: tuple[int, ...], k: int) -> None:
    rules = TwoDreidelRules(deck=counts)
    brute = brute_posteriors(counts, k, worst_back, view=lambda seen: seen[-1:])
    for obs, (ev, hands, tops) in brute.items():
        post = opponent_posterior(rules, discards=list(obs), hand_number=k, visibility="top-two",
                                  policy="normal-best")
        assert Fraction(int(post.evidence.p), int(post.evidence.q)) == ev
        assert as_fractions(post.hand) == hands, obs
        assert post.top_card is not None and as_fractions(post.top_card) == tops


def test_unseen_middle_hand_matches_brute_force() -> None:
    counts, k = (1, 2, 2, 1), 4
    rules = TwoDreidelRules(deck=counts)
    brute = brute_posteriors(counts, k, worst_back, view=lambda seen: (seen[0], "?", seen[2]))
    for obs, (_ev, hands, _tops) in brute.items():
        post = opponent_posterior(rules, discards=",".join(obs))
        assert as_fractions(post.hand) == hands


def test_other_family_members_match_brute_force() -> None:
    """Draw 4, put back 2 (the worst two), and draw 2, put back nothing."""
    def worst_two(drawn: str) -> str:
        return sorted(drawn, key=ORDER.index)[-2:]  # type: ignore[return-value]

    for counts, k, draw, back, policy in [((1, 2, 2, 1), 3, 4, 2, worst_two), ((1, 1, 2, 1), 4, 2, 0, lambda d: "")]:
        rules = TwoDreidelRules(deck=counts, draw=draw, put_back=back)
        brute = brute_posteriors(counts, k, lambda d, p=policy: "".join(p(d)), view=lambda seen: seen, draw=draw)
        for obs, (ev, hands, tops) in brute.items():
            post = opponent_posterior(rules, discards=list(obs), policy=lambda d, p=policy: "".join(p(d)))
            assert Fraction(int(post.evidence.p), int(post.evidence.q)) == ev
            assert as_fractions(post.hand) == hands, obs
            if back:
                assert post.top_card is not None and as_fractions(post.top_card) == tops


def test_rules_option_top_two_is_the_default_visibility() -> None:
    rules = TwoDreidelRules(discard_visibility="top-two")
    a = opponent_posterior(rules, discards="HN", hand_number=4)
    b = opponent_posterior(TwoDreidelRules(), discards="?,?,HN")
    assert a.hand == b.hand and a.visibility == "top-two"


def test_hand_one_posterior_is_the_fresh_deck_kept_distribution() -> None:
    from dreidelpoker.games.two_dreidel import kept_hand_distribution

    post = opponent_posterior(discards=[])
    assert post.hand == kept_hand_distribution()
    assert post.top_card is None and post.evidence == 1


def test_pile_sizes_follow_the_deck_cycle() -> None:
    # 1-5-5-1: 12 cards, 2 leave the pile each hand; at 2 cards the discard (10) is reshuffled in
    # mid-draw, so hand 7 starts from 12 - 2 = 10.
    assert pile_sizes(8, rules=TwoDreidelRules()) == [12, 10, 8, 6, 4, 2, 10, 8]
    assert opponent_posterior(discards="GH,HH", pile_size=8).pile_size == 8


def test_result_objects_serialise() -> None:
    post = opponent_posterior(discards="GH")
    d = post.to_dict()
    assert d["hand"]["HN"] == "25/48" and d["top_card"]["N"] == "5/8"
    assert "HN" in post.to_text() and "<table" in post._repr_html_()
    assert "normal-best" in " ".join(post.assumptions)


# -- bad input --------------------------------------------------------------------------
def test_discard_the_deck_cannot_hold() -> None:
    with pytest.raises(ValueError, match=r"discard 'GG' \(hand 1\) holds 2 G but the deck 1-5-5-1 holds only 1"):
        opponent_posterior(discards="GG")


def test_discards_the_deck_could_not_have_produced() -> None:
    with pytest.raises(ValueError, match="could not have produced them .*from hand 2"):
        opponent_posterior(discards="GS,GH")


def test_discards_impossible_under_the_policy() -> None:
    # normal-best never keeps NS when it drew a better card; NS at hand 1 needs N, S, S: only one S.
    with pytest.raises(ValueError, match="impossible under the assumed keep policy 'normal-best'"):
        opponent_posterior(discards="NS")


def test_bad_shapes_and_counts() -> None:
    with pytest.raises(ValueError, match="has 3 cards"):
        parse_discards("GHN")
    with pytest.raises(ValueError, match="unknown symbol 'X'"):
        parse_discards("GX")
    with pytest.raises(TypeError, match="discards must be"):
        parse_discards(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at hand 4 the whole discard history has 3"):
        opponent_posterior(discards="GH", hand_number=4)
    with pytest.raises(ValueError, match="hand number must be given"):
        opponent_posterior(discards="GH", visibility="top-two")
    with pytest.raises(ValueError, match="exactly the one visible kept hand"):
        opponent_posterior(discards="GH,HH", hand_number=3, visibility="top-two")
    with pytest.raises(ValueError, match="hand_number must be an integer from 1 to 10,000"):
        opponent_posterior(discards=[], hand_number=0)
    with pytest.raises(ValueError, match="pile_size 9 is impossible at hand 2"):
        opponent_posterior(discards="GH", pile_size=9)
    with pytest.raises(ValueError, match="visibility must be one of"):
        opponent_posterior(discards="GH", visibility="some")  # type: ignore[arg-type]


def test_table_seats_one_to_seven_opponents() -> None:
    with pytest.raises(ValueError, match="seats 1 to 7 opponents, got 0"):
        table_posteriors(discards=[])
    with pytest.raises(ValueError, match="seats 1 to 7 opponents, got 8"):
        table_posteriors(discards=["GH"] * 8)
    with pytest.raises(ValueError, match="equally long"):
        table_posteriors(discards=["GH", "HH,HN"])
    posts = table_posteriors(discards=["GH", "NN"], policy=["normal-best", "save-gimel"])
    assert [p.policy for p in posts] == ["normal-best", "save-gimel"]


def test_a_long_unseen_history_stays_one_short_label() -> None:
    # issue 26 item 9: at hand 999 the posterior table's label once listed 997 question marks
    from dreidelpoker.games.two_dreidel.odds.information import discards_text

    assert discards_text([None] * 997 + ["GH"]) == "? ×997, GH"
    assert discards_text(["?", "NN", None]) == "?, NN, ?"
    assert discards_text([]) == "none yet"
