"""The shape of a 600 il Secolo di Ferro state, as types a reader and a type checker can follow.

The state stays a plain JSON dict; these ``TypedDict``s say which keys it holds and what they
mean. Cards are named by their ids in ``data/cards.json`` (``"cat-ch-3"``: culture, type,
number); cultures by their three-letter codes (``"cat"``). Every card is in exactly one
place: ``deck``, ``discard``, ``removed``, ``pool``, a player's ``hand`` or a player's ``city``.
``tests/test_state_types.py`` checks the states that random games reach against them.
"""

# No ``from __future__ import annotations`` here: Python 3.11 TypedDicts must see
# ``NotRequired`` unquoted to leave such keys out of ``__required_keys__``.
from typing import Literal, NotRequired, TypedDict

from ..engine.state_types import EngineState


class Player(TypedDict):
    seat: int
    protagonist: str | None  # the Protagonist card chosen at the start (None until then)
    hand: list[str]  # hidden from the others, except the cards in ``revealed``
    city: list[str]  # the cards in play in front of the player
    attached: dict[str, str]  # Object in the city -> the citizen card holding it
    sheltered: bool  # the Bible protects the city until the player's next turn


class Turn(TypedDict):
    seat: int  # the player whose turn it is
    number: int  # turns so far (0 during the opening)
    cultures: list[str]  # cultures put into play this turn (normally at most one)
    extra_cultures: int  # further cultures the Alliance allows this turn
    bonus_used: bool  # the Workshop Mistress's extra Character was played
    played: list[list[str]]  # [card, culture, "normal" | "bonus"] per Character played
    attacks: int  # Attacks played this turn


class Result(TypedDict):
    reason: Literal["five_cultures", "deck_exhausted"]
    winners: list[int]  # seats
    draw: bool  # more than one team shares the win


class SecoloOptionsDict(TypedDict):
    """``SecoloOptions.to_dict()`` (see game.py)."""

    deck: Literal["base", "extended"]
    pairs: bool
    hand_size: int
    draw: int
    cultures_to_win: int
    max_reshuffles: int
    redraw: bool
    auto_pass: bool


# -- decision frames: one record per kind (the game's handlers), ``kind`` telling them apart --
class PickFrame(TypedDict):
    """Opening: choose a Protagonist."""

    kind: Literal["pick"]
    player: int
    queue: list[int]  # the seats that choose after this one, in order


class DrawFrame(TypedDict):
    """The draw step: discard and redraw, then draw."""

    kind: Literal["draw"]
    player: int
    marked: list[str]  # hand cards marked to discard before redrawing


class ActFrame(TypedDict):
    """The act step of the turn player."""

    kind: Literal["act"]
    player: int


class Attack(TypedDict):
    by: int  # the attacker's seat
    card: str  # the Attack card
    attackers: list[str]  # the two Characters attacking
    culture: str  # their culture
    target: str  # the Character attacked
    city: int  # the seat whose city holds the target


class ReactFrame(TypedDict):
    """A reaction window after an Attack is declared: each other seat in turn."""

    kind: Literal["react"]
    player: int
    queue: list[int]  # the seats asked after this one
    attack: Attack


class Pending(TypedDict):
    by: int  # the seat that played the Special
    card: str
    effect: str  # the Special's effect (cards.json)
    arg: str | None  # its target, if it has one


class CounterFrame(TypedDict):
    """A window to cancel a Special that stops an Attack (with a Countermand)."""

    kind: Literal["counter"]
    player: int
    queue: list[int]  # the seats asked after this one
    pending: Pending


class WindowAnswer(TypedDict):
    seat: int  # who used it
    card: str  # the Special or Object used


class WindowFrame(TypedDict):
    """«In qualsiasi momento»: after a step of the turn, the other seats that could use a
    Special or an Object now are asked in turn (engine/reactions.py, secolo/windows.py)."""

    kind: Literal["window"]
    player: int
    queue: list[int]  # the seats asked after this one
    then: Literal["", "next_turn"]  # what the game does when the window closes
    turn_seat: NotRequired[int]  # the seat whose turn ended (with then == "next_turn")
    answer: NotRequired[WindowAnswer]  # the last card used in this window, which all may answer


SecoloFrame = PickFrame | DrawFrame | ActFrame | ReactFrame | CounterFrame | WindowFrame


class SecoloState(EngineState):
    game: Literal["secolo"]
    options: SecoloOptionsDict
    players: list[Player]  # by seat
    deck: list[str]  # draw pile, top = last
    discard: list[str]  # face up, public
    removed: list[str]  # Protagonists nobody chose
    pool: list[str]  # Protagonists still to choose from during the opening
    discarded_by: dict[str, int]  # discarded card -> the seat that discarded it (for the Amulet)
    revealed: dict[str, int]  # hand card everybody has seen -> the seat holding it
    runouts: int  # times the deck ran out (reshuffled up to options.max_reshuffles)
    turn: Turn
    stack: list[SecoloFrame]  # decision frames, the top one decides now
    result: Result | None  # set when the game ends
