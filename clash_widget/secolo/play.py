"""Putting cards into a city: Characters, Bulwarks and Objects, one culture a turn.

``play <card> [city seat] [attach-to]``: the city seat only in the pairs variant (the
partner's city), the citizen only for an Object. The Workshop Mistress may add one
Character of another culture; the Alliance allows one more culture.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache
from typing import NamedTuple

from ..engine import Action, Events
from ..engine.actions import MalformedAction
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import cards as catalogue
from . import logic
from .rules import ACTIONS, BOOK, OBJECT, well_formed


class Play(NamedTuple):
    action: Action
    cid: str
    where: int
    holder: str | None


def seat_arg(text: str) -> int | None:
    return int(text) if text.isdigit() and str(int(text)) == text else None


def parse_play(state: State, frame: Frame, action: Action) -> Play:
    cid, rest = action.args[0], action.args[1:]
    where = frame["player"]
    if rest and seat_arg(rest[0]) is not None:
        where = seat_arg(rest[0])
        rest = rest[1:]
    if len(rest) > 1:
        raise MalformedAction("too many arguments")  # the kernel refuses it as malformed
    return Play(action, cid, where, rest[0] if rest else None)


def new_culture_open(state: State) -> bool:
    """Whether this turn may still put a culture into play that it has not played (one a
    turn; the Alliance adds one): then any card's culture fits."""
    turn = state["turn"]
    extra: int = turn["extra_cultures"]
    return len(turn["cultures"]) < 1 + extra


def culture_modes(state: State, seat: int) -> Callable[[str], str | None]:
    """How each card may enter play this turn for ``seat``: "normal", "bonus" (Workshop
    Mistress) or None; the turn read once for a whole hand."""
    turn = state["turn"]
    cultures = turn["cultures"]
    free = new_culture_open(state)
    bonus = not turn["bonus_used"] and logic.protagonist_power(state, seat) == "patron"

    def mode(cid: str) -> str | None:
        if free or catalogue.culture(cid) in cultures:
            return "normal"
        if bonus and catalogue.ctype(cid) == "character":
            return "bonus"
        return None

    return mode


def fitting(state: State, seat: int, cards: Collection[str]) -> Collection[str]:
    """The ``cards`` that :func:`culture_modes` lets enter play this turn (normal or bonus):
    its tests written for a whole hand (all of them while the turn may take a new culture)."""
    if new_culture_open(state):
        return cards
    turn = state["turn"]
    cultures = turn["cultures"]
    culture = catalogue.culture
    if not turn["bonus_used"] and logic.protagonist_power(state, seat) == "patron":
        characters = catalogue.of_type("character")
        return [c for c in cards if culture(c) in cultures or c in characters]
    return [c for c in cards if culture(c) in cultures]


def culture_mode(state: State, seat: int, cid: str) -> str | None:
    """How ``cid`` may enter play this turn: "normal", "bonus" (Workshop Mistress) or None."""
    return culture_modes(state, seat)(cid)


def fits_holder(state: State, cid: str, where: int, holder: str | None) -> bool:
    """An Object goes on a citizen of its own culture in the city it enters."""
    return (
        holder is not None
        and holder in logic.citizens(state, where)
        and catalogue.culture(holder) == catalogue.culture(cid)
    )


# -- checks, in the order a refusal names them ----------------------------------------------
@explained(lambda s, f, a: catalogue.named(a.cid))
@BOOK.check("play.card-in-hand", "You can only put into play a card from your hand.", ACTIONS)
def in_hand(state: State, frame: Frame, a: Play) -> bool:
    return a.cid in logic.hand(state, frame["player"])


@explained(lambda s, f, a: f"{catalogue.label(a.cid)} is a {catalogue.ctype(a.cid)}")
@BOOK.check(
    "play.playable-kind",
    "Only Characters, Bulwarks and Objects go into a city; Attacks and Specials are played "
    "with their own actions.",
    ACTIONS,
)
def playable_kind(state: State, frame: Frame, a: Play) -> bool:
    return catalogue.ctype(a.cid) in catalogue.PLAYABLE_TYPES


@explained(lambda s, f, a: f"{who(s, a.where)}'s city")
@BOOK.check(
    "play.own-city",
    "Cards go into your own city (in the pairs variant, also into your partner's city).",
    ACTIONS,
)
def own_city(state: State, frame: Frame, a: Play) -> bool:
    return a.where in logic.play_cities(state, frame["player"])


def _cultures_played(state: State, frame: Frame, a: Play) -> str:
    done = ", ".join(catalogue.cultures()[c]["name"] for c in state["turn"]["cultures"])
    return f"this turn you play {done}"


@explained(_cultures_played)
@BOOK.check(
    "play.one-culture",
    "In one turn all the cards you put into play must belong to one single culture.",
    ACTIONS,
)
def one_culture(state: State, frame: Frame, a: Play) -> bool:
    return culture_mode(state, frame["player"], a.cid) is not None


@explained(lambda s, f, a: f"attach {catalogue.label(a.cid)} to a citizen of its culture")
@BOOK.check(
    "play.object-holder",
    "An Object must be attached to a citizen (Protagonist or Character) of its own culture in "
    "the city where it is played.",
    OBJECT,
)
def object_holder(state: State, frame: Frame, a: Play) -> bool:
    return catalogue.ctype(a.cid) != "object" or fits_holder(state, a.cid, a.where, a.holder)


@well_formed(lambda s, f, a: "only an Object is attached to a citizen")
def holder_only_for_objects(state: State, frame: Frame, a: Play) -> bool:
    return a.holder is None or catalogue.ctype(a.cid) == "object"


@cache  # an action is immutable: one per card (most plays name the card alone)
def _play_alone(cid: str) -> Action:
    return Action("play", (cid,))


def play_candidates(state: State, frame: Frame) -> list[Action]:
    """Every playable card in hand (``playable_kind``) whose culture fits the turn
    (``one_culture``), into every city of the seat (``own_city``), an Object onto every
    citizen of its culture (``object_holder``)."""
    seat = frame["player"]
    cards: Collection[str] = catalogue.of_type(*catalogue.PLAYABLE_TYPES).intersection(
        logic.hand(state, seat)
    )
    if not cards:
        return []
    cards = fitting(state, seat, cards)
    cities = logic.play_cities(state, seat)
    one_city = len(cities) == 1
    objects = catalogue.of_type("object")
    if one_city and objects.isdisjoint(cards):
        return list(map(_play_alone, sorted(cards)))  # most listings: each card alone
    out = []
    culture = catalogue.culture
    for cid in sorted(cards):
        if cid in objects:
            cul = culture(cid)
            for where in cities:
                head = (cid,) if where == seat else (cid, str(where))
                for h in logic.citizens(state, where):
                    if culture(h) == cul:
                        out.append(Action("play", (*head, h)))
        elif one_city:
            out.append(_play_alone(cid))
        else:
            for where in cities:
                out.append(_play_alone(cid) if where == seat else Action("play", (cid, str(where))))
    return out


def apply_play(state: State, frame: Frame, a: Play, ev: Events) -> None:
    seat, cid, where, holder = frame["player"], a.cid, a.where, a.holder
    mode = culture_mode(state, seat, cid)
    turn = state["turn"]
    if mode == "normal" and catalogue.culture(cid) not in turn["cultures"]:
        turn["cultures"].append(catalogue.culture(cid))
    if mode == "bonus":
        turn["bonus_used"] = True
    turn["played"].append([cid, catalogue.culture(cid), mode])
    logic.from_hand(state, seat, cid)
    logic.enter_city(state, where, cid, holder)
    text = f"{who(state, seat)} puts {catalogue.label(cid)} into "
    text += "their city" if where == seat else f"{who(state, where)}'s city"
    if holder:
        text += f", attached to {catalogue.label(holder)}"
    if mode == "bonus":
        text += " (Workshop Mistress: extra Character)"
    ev.emit("card_played", text, seat=seat, card=cid, city=where, holder=holder)
    if (
        catalogue.ctype(cid) in ("bulwark", "object")
        and logic.protagonist_power(state, seat) == "abbess"
    ):
        logic.draw(state, seat, 1, ev, "the Abbess")


def wide_plays(state: State, frame: Frame) -> list[Action]:
    """Every card in the seat's hand, into every seat's city (the seat's own written without
    its number), alone or onto every card of that city."""
    seat = frame["player"]
    out = []
    for cid in sorted(set(logic.hand(state, seat))):
        for where, p in enumerate(state["players"]):
            head = (cid,) if where == seat else (cid, str(where))
            out.append(Action("play", head))
            out += [Action("play", (*head, h)) for h in sorted(p["city"])]
    return out


_CHECKS = [in_hand, playable_kind, own_city, one_culture, object_holder, holder_only_for_objects]
PLAY_KIND = ActionKind(
    "play",
    parse_play,
    _CHECKS,
    play_candidates,
    apply_play,
    category="play",
    arity=(1, 3),
    usage="play <card> [city seat] [attach-to]",
    ensured=_CHECKS,
    wide=wide_plays,
)
