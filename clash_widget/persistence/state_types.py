"""The shape of a Persistence of Culture state, as types a reader and a type checker can follow.

The state stays a plain JSON dict; these ``TypedDict``s say which keys it holds and what they
mean. Empires, lands, seas and cards are named by their ids in ``data/`` (``"egyptians"``,
``"mesopotamia"``, ``"red_sea"``, ``"blue-fleet"``; Culture cards ``"philosophy"``).
``tests/test_state_types.py`` checks the states that random games reach against them.
"""

# No ``from __future__ import annotations`` here: Python 3.11 TypedDicts must see
# ``NotRequired`` unquoted to leave such keys out of ``__required_keys__``.
from typing import Literal, NotRequired, TypedDict

from ..engine.state_types import EngineState


class VpBy(TypedDict):
    """A player's Victory Points by source (setup.VP_SOURCES)."""

    regions: int
    capitals: int
    monuments: int
    culture: int


class Player(TypedDict):
    seat: int
    vp: int  # Victory Points so far
    vp_by: VpBy
    hand: list[str]  # Event cards (hidden from the others)
    empires: list[str]  # the Faction: every Empire the player chose, past and present


class Empire(TypedDict):
    owner: int  # the seat that chose it
    capital: str | None  # the land of its Capital, if it has one now
    founded: bool  # its Capital was founded (an Empire founds it at most once)


class Turn(TypedDict):
    """The turn in progress: one Empire's expansion."""

    index: int  # position of the Empire in ``order``
    player: int  # the seat playing it
    empire: str
    armies: int  # armies left to place
    fleets: int  # fleets left to place
    events: int  # Event cards played this turn
    leader: int  # the Leader's bonus to this turn's attacks
    placed: int  # armies placed so far


class Result(TypedDict):
    winners: list[int]  # seats
    vp: list[int]  # final Victory Points by seat


class PersistenceOptionsDict(TypedDict):
    """``PersistenceOptions.to_dict()`` (see options.py)."""

    culture: bool
    transfer: bool
    shared_sea_friendly: bool
    epochs: int
    events_per_turn: int
    attack_dice: int
    defence_dice: int
    capital_bonus: int
    fort_bonus: int
    leader_bonus: int
    rebel_dice: int
    barbarian_dice: int
    civil_war_lands: int
    vp_presence: int
    vp_control_factor: int
    vp_capital: int
    vp_monument: int
    vp_spread: int


# -- decision frames: one record per kind (the game's handlers), ``kind`` telling them apart --
class ChooseFrame(TypedDict):
    """An Epoch's start: each player in turn order chooses an Empire."""

    kind: Literal["choose"]
    player: int
    queue: list[int]  # the seats that choose after this one, in order


class ExpandFrame(TypedDict):
    """An Empire's expansion: armies, fleets, Event cards."""

    kind: Literal["expand"]
    player: int


class TransferFrame(TypedDict):
    """The end of an expansion: Culture cards may move between Capitals."""

    kind: Literal["transfer"]
    player: int


PersistenceFrame = ChooseFrame | ExpandFrame | TransferFrame


class PersistenceState(EngineState):
    game: Literal["persistence"]
    options: PersistenceOptionsDict
    players: list[Player]  # by seat
    box: list[str]  # Event cards nobody drew, face down (hidden from everyone)
    discard: list[str]  # Event cards declared as played, face up
    culture: dict[str, str]  # Culture card in play -> the Empire that possesses it
    destroyed: list[str]  # Culture cards destroyed
    lands: dict[str, str]  # land -> the Empire whose army holds it (one army per land)
    fleets: dict[str, list[str]]  # sea or ocean -> the Empires with a fleet there
    forts: list[str]  # lands with a fort
    monuments: list[str]  # lands with a monument
    empires: dict[str, Empire]  # chosen Empire -> its record
    epoch: int  # the Epoch in progress, from 1 (0 before the first)
    order: list[str]  # the Epoch's chosen Empires in their order of play
    turn: Turn | None  # None between turns
    turn_no: int  # turns played so far
    stack: list[PersistenceFrame]  # decision frames, the top one decides now
    result: Result | None  # set when the game ends
    forced_dice: NotRequired[list[int]]  # die values a scenario fixed (lessons, tests)
