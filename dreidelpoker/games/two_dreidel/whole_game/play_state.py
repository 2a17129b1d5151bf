"""The fields of a whole-game Two Dreidel state, shared by the engine's modules.

[`play`][dreidelpoker.games.two_dreidel.whole_game.play] (the state class, the steps of a hand) and
[`play_end`][dreidelpoker.games.two_dreidel.whole_game.play_end] (the end of a hand: settlement, discards,
elimination, the next hand) work on a state as a list of its fields, indexed by the
constants here; a step builds one new state from the list.
"""

from __future__ import annotations

from operator import sub as _SUB
from typing import Any, NamedTuple

from ...protocol import EventLog, Turn
from ..rulebook.deck import DeckState
from .play_tables import DeckNode, Drawn, Labels, Plan, Tables

__all__: list[str] = []

DRAW, PUT_BACK, BET, SPIN, CALLS, OVER = "draw", "put-back", "bet", "spin", "calls", "over"
NO_RAISE = range(0)


class Stats(NamedTuple):
    """A game's figures, hand by hand (folded from the per-hand notes: `fold_stats`)."""

    spins: int = 0
    gimels: int = 0
    gimel_ends: int = 0
    pot_share_sum: float = 0.0
    pot_share_max: float = 0.0
    all_in_hands: int = 0
    carries: int = 0
    showdowns: int = 0
    trump_showdowns: int = 0
    lead_changes: int = 0
    leader: int = -1
    max_swing: int = 0
    button_net: int = 0


#: One hand's note: ``(faces spun, a Gimel emptied the pot, pot at the end, someone was
#: all-in, the pot carried over, showdown, the trump decided, stacks after the payouts,
#: stacks at the start, button)``.
Note = tuple[tuple[str, ...], bool, int, bool, bool, bool, bool, tuple[int, ...], tuple[int, ...], int]


def fold_stats(t: Tables, notes: tuple[Note, ...]) -> Stats:
    """The game's figures from its hands' notes (oldest first)."""
    pot_faces, total = t.pot_faces, t.total_chips
    spins = gimels = gimel_ends = all_ins = carries = showdowns = trumps = changes = max_swing = button_net = 0
    share_sum = share_max = 0.0
    leader = -1
    for spun, gimel_end, pot_total, all_in, carried, showdown, trump, stacks, hand_start, button in notes:
        swing = max(map(abs, map(_SUB, stacks, hand_start)))
        if swing > max_swing:
            max_swing = swing
        top = max(stacks)
        if stacks.count(top) == 1:  # a single chip leader, else the last one stands
            first = stacks.index(top)
            if first != leader:
                changes += leader != -1
                leader = first
        share = pot_total / total
        share_sum += share
        if share > share_max:
            share_max = share
        spins += len(spun)
        gimels += sum(map(pot_faces.__contains__, spun))
        gimel_ends += gimel_end
        all_ins += all_in
        carries += carried
        showdowns += showdown
        trumps += trump
        button_net += stacks[button] - hand_start[button]
    return Stats(spins, gimels, gimel_ends, share_sum, share_max, all_ins, carries, showdowns, trumps, changes, leader,
                 max_swing, button_net)


class StateFields(NamedTuple):
    t: Tables
    hand_limit: int
    # what every seat observes, in the order of TwoDreidelObservation's fields (an
    # observation is built from slices of the state: see TwoDreidelGame.observation)
    hand_number: int
    phase: str
    button: int
    stacks: tuple[int, ...]
    alive: tuple[bool, ...]
    in_hand: tuple[bool, ...]
    contrib: tuple[int, ...]
    pot: int
    carry: int
    bets: tuple[int, ...]
    face: str
    buy_in: int
    spun: tuple[str, ...]
    seen: tuple[tuple[str, ...], ...]
    visibility: str
    step: int
    # the rest of the game
    nodes: tuple[DeckNode, ...]  # each seat's deck now (after its draw this hand)
    start_nodes: tuple[DeckNode, ...]  # each seat's deck at the start of the hand
    hands: int
    seat: int
    outs: tuple[Drawn | None, ...]  # this hand's draws
    plans: tuple[Plan | None, ...]  # this hand's put-backs (kept hands, next decks)
    labs: tuple[Labels, ...]  # what each seat observes of its cards (drawn, kept, put back, deck at the start)
    high: int
    raise_by: int
    pending: int
    discards: tuple[tuple[str, ...], ...]
    hand_start: tuple[int, ...]
    all_in: bool
    cut: bool
    notes: tuple[Note, ...]
    log: EventLog
    # derived when the state is made (functions of the fields above)
    turn: Turn
    current_players: tuple[int, ...]
    legal: tuple[Any, ...]
    raises: range
    legals: tuple[tuple[Any, ...], ...]  # each seat's legal actions at a simultaneous step


_I = {f: i for i, f in enumerate(StateFields._fields)}
T, HAND_LIMIT, HAND_NUMBER, PHASE, BUTTON = _I["t"], _I["hand_limit"], _I["hand_number"], _I["phase"], _I["button"]
STACKS, ALIVE, IN_HAND, CONTRIB, POT, CARRY = _I["stacks"], _I["alive"], _I["in_hand"], _I["contrib"], _I["pot"], _I["carry"]
BETS, FACE, BUY_IN, SPUN, SEEN, VISIBILITY, STEP = (_I["bets"], _I["face"], _I["buy_in"], _I["spun"], _I["seen"],
                                                    _I["visibility"], _I["step"])
NODES, START_NODES, HANDS, SEAT, OUTS, PLANS, LABS = (_I["nodes"], _I["start_nodes"], _I["hands"], _I["seat"],
                                                      _I["outs"], _I["plans"], _I["labs"])
HIGH, RAISE_BY, PENDING, DISCARDS, HAND_START = _I["high"], _I["raise_by"], _I["pending"], _I["discards"], _I["hand_start"]
ALL_IN, CUT, NOTES, LOG, TURN, CURRENT = (_I["all_in"], _I["cut"], _I["notes"], _I["log"], _I["turn"],
                                          _I["current_players"])
LEGAL, RAISES, LEGALS = _I["legal"], _I["raises"], _I["legals"]
# The observation's shared fields are three runs of the state's fields:
OBS_A: Any = slice(HAND_NUMBER, BETS + 1)  # hand_number .. round_bets
OBS_B: Any = slice(FACE, SPUN + 1)  # face, buy_in, spins
OBS_C: Any = slice(SEEN, STEP + 1)  # discards, visibility, street
assert tuple(StateFields._fields)[OBS_A] == ("hand_number", "phase", "button", "stacks", "alive", "in_hand",
                                             "contrib", "pot", "carry", "bets")
assert tuple(StateFields._fields)[OBS_B] == ("face", "buy_in", "spun")
assert tuple(StateFields._fields)[OBS_C] == ("seen", "visibility", "step")


def decks_of(nodes: tuple[DeckNode, ...]) -> tuple[DeckState, ...]:
    """The decks of deck nodes."""
    return tuple(node.chain for node in nodes)
