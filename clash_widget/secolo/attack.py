"""Attacks: two citizens of one culture and an Attack card against a Character elsewhere.

``attack <attack-card> <attacker> <attacker> <target>``. Declaring an Attack opens the
reaction window (``react`` frame, see ``turn_frames.advance``); when every other seat
has answered, the Attack resolves here, or a Special that nobody countered stops it.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import cards as catalogue
from . import logic
from .rules import ACTIONS, ATTACK, BOOK, BULWARK


class Attack(NamedTuple):
    action: Action
    card: str
    a1: str
    a2: str
    target: str
    culture: str | None
    """The culture the pair attacks for (None: not a pair)."""
    where: int | None
    """The city holding the target (None: in no city)."""


def parse_attack(state: State, frame: Frame, action: Action) -> Attack:
    card, a1, a2, target = action.args
    cul = pair_culture(state, frame["player"], a1, a2)
    return Attack(action, card, a1, a2, target, cul, logic.city_of(state, target))


def pair_culture(state: State, seat: int, a1: str, a2: str) -> str | None:
    """The culture two citizens of ``seat``'s city attack for, or None if they cannot pair."""
    cits = logic.citizens(state, seat)
    if a1 == a2 or a1 not in cits or a2 not in cits:
        return None
    c1, c2 = catalogue.culture(a1), catalogue.culture(a2)
    if c1 == c2:
        return c1
    if logic.protagonist_power(state, seat) == "vizier":
        pr = state["players"][seat]["protagonist"]
        if a1 == pr:
            return c2
        if a2 == pr:
            return c1
    return None


def attack_pairs(state: State, seat: int) -> list[tuple[str, str, str]]:
    """Every pair :func:`pair_culture` admits, with its culture (its test, with the city's
    citizens and the Protagonist's power read once)."""
    p = state["players"][seat]
    return list(_pairs(tuple(p["city"]), p["protagonist"]))


@lru_cache(maxsize=4096)  # a pure function of the city's cards and the Protagonist
def _pairs(city: tuple[str, ...], protagonist: str | None) -> tuple[tuple[str, str, str], ...]:
    """:func:`attack_pairs` of a city whose owner has ``protagonist``."""
    cits = sorted(filter(catalogue.of_type(*catalogue.CITIZEN_TYPES).__contains__, city))
    if len(cits) < 2:
        return ()
    vizier = protagonist is not None and catalogue.effect(protagonist) == "vizier"
    culture = catalogue.culture
    out = []
    for a1, a2 in combinations(cits, 2):
        if a1 == a2:
            continue
        c1, c2 = culture(a1), culture(a2)
        if c1 == c2:
            cul = c1
        elif vizier and a1 == protagonist:
            cul = c2
        elif vizier and a2 == protagonist:
            cul = c1
        else:
            continue
        if cul is not None:
            out.append((a1, a2, cul))
    return tuple(out)


# -- checks, in the order a refusal names them ----------------------------------------------
@BOOK.check(
    "attack.once-per-turn",
    "You can make only one Attack in your turn.",
    ACTIONS,
    frame_only=True,
)
def once_per_turn(state: State, frame: Frame, a: Attack) -> bool:
    return state["turn"]["attacks"] < 1


@explained(lambda s, f, a: catalogue.named(a.card))
@BOOK.check("attack.needs-attack-card", "An Attack needs an Attack card from your hand.", ATTACK)
def attack_card(state: State, frame: Frame, a: Attack) -> bool:
    return a.card in logic.hand(state, frame["player"]) and catalogue.ctype(a.card) == "attack"


@explained(lambda s, f, a: f"{catalogue.named(a.a1)}, {catalogue.named(a.a2)}")
@BOOK.check(
    "attack.needs-pair",
    "The attackers must be two different citizens of the same culture in your own city.",
    ATTACK,
)
def needs_pair(state: State, frame: Frame, a: Attack) -> bool:
    return a.culture is not None


def _is_character(cid: str) -> bool:
    return cid in catalogue.catalogue() and catalogue.ctype(cid) == "character"


def _not_a_target(state: State, frame: Frame, a: Attack) -> str:
    if a.target in catalogue.catalogue() and catalogue.ctype(a.target) == "protagonist":
        return f"{catalogue.label(a.target)} is a Protagonist"
    if not _is_character(a.target):
        return catalogue.named(a.target)
    return f"{catalogue.label(a.target)} is not in an opponent's city"


@explained(_not_a_target)
@BOOK.check(
    "attack.target-character",
    "The target must be a Character (not a Protagonist) in an opponent's city.",
    ATTACK,
)
def target_character(state: State, frame: Frame, a: Attack) -> bool:
    return (
        _is_character(a.target)
        and a.where is not None
        and a.where in logic.opponents(state, frame["player"])
    )


@explained(lambda s, f, a: f"both are {catalogue.cultures()[a.culture]['name']}")
@BOOK.check(
    "attack.target-other-culture",
    "The target must belong to a culture different from the attackers'.",
    ATTACK,
)
def target_other_culture(state: State, frame: Frame, a: Attack) -> bool:
    return catalogue.culture(a.target) != a.culture


@explained(
    lambda s, f, a: (
        f"{catalogue.label(a.target)} is protected by {logic.protection(s, a.where, a.target)}"
    )
)
@BOOK.check(
    "attack.target-unprotected",
    "The target is protected: a Bulwark of its culture in its city, an Object attached to it, "
    "or a Printed Bible keeps it safe.",
    BULWARK,
)
def target_unprotected(state: State, frame: Frame, a: Attack) -> bool:
    return not logic.is_protected(state, a.where, a.target)


def attack_candidates(state: State, frame: Frame) -> list[Action]:
    """Every pair of the same culture (``needs_pair``) against every open target of another
    culture (``target_*``), with every Attack card in hand (``attack_card``)."""
    seat = frame["player"]
    atks = catalogue.of_type("attack").intersection(state["players"][seat]["hand"])
    if not atks:
        return []
    p = state["players"][seat]
    pairs = _pairs(tuple(p["city"]), p["protagonist"])  # none in most listings: asked first
    if not pairs:
        return []
    targets = logic.open_targets(state, seat)
    if not targets:
        return []
    cards = sorted(atks)
    aimed = list(zip(targets, map(catalogue.culture, targets), strict=True))
    new = tuple.__new__  # Action's own constructor without its Python wrapper: many per listing
    out: list[Action] = []
    for a1, a2, cul in pairs:
        for t, t_cul in aimed:
            if t_cul != cul:
                for atk in cards:
                    out.append(new(Action, ("attack", (atk, a1, a2, t))))
    return out


def apply_attack(state: State, frame: Frame, a: Attack, ev: Events) -> None:
    seat, cul, where = frame["player"], a.culture, logic.owner(state, a.target)
    logic.from_hand(state, seat, a.card)
    logic.to_discard(state, a.card, seat)
    state["turn"]["attacks"] += 1
    ev.emit(
        "attack",
        f"{who(state, seat)} attacks {catalogue.label(a.target)} in {who(state, where)}'s city "
        "with "
        f"{catalogue.label(a.a1)} and {catalogue.label(a.a2)}",
        seat=seat,
        card=a.card,
        attackers=[a.a1, a.a2],
        target=a.target,
        city=where,
    )
    queue = logic.turn_order_after(state, seat)
    state["stack"].append(
        {
            "kind": "react",
            "player": queue[0],
            "queue": queue[1:],
            "attack": {
                "by": seat,
                "card": a.card,
                "attackers": [a.a1, a.a2],
                "culture": cul,
                "target": a.target,
                "city": where,
            },
        }
    )


_CHECKS = [
    once_per_turn,
    attack_card,
    needs_pair,
    target_character,
    target_other_culture,
    target_unprotected,
]


def wide_attacks(state: State, frame: Frame) -> list[Action]:
    """Every card in the seat's hand, with every two cards of the seat's city (in the city's
    sorted order), against every card in any city."""
    seat = frame["player"]
    own = sorted(logic.city(state, seat))
    anywhere = sorted(c for p in state["players"] for c in p["city"])
    return [
        Action("attack", (card, a1, a2, t))
        for card in sorted(set(logic.hand(state, seat)))
        for a1, a2 in combinations(own, 2)
        for t in anywhere
    ]


ATTACK_KIND = ActionKind(
    "attack",
    parse_attack,
    _CHECKS,
    attack_candidates,
    apply_attack,
    category="attack",
    arity=(4, 4),
    usage="attack <attack-card> <attacker> <attacker> <target>",
    ensured=_CHECKS[1:],
    wide=wide_attacks,
)


# -- resolving ------------------------------------------------------------------------------
def attack_of(state: State) -> dict[str, Any] | None:
    """The Attack waiting in a reaction window, if any."""
    for f in reversed(state["stack"]):
        if f["kind"] == "react":
            return f["attack"]
    return None


def resolve_attack(state: State, frame: Frame, ev: Events) -> None:
    """Everybody let the Attack go on: the target is discarded (or captured), if still open."""
    logic.pop_frame(state, frame)
    att = frame["attack"]
    by, target, where = att["by"], att["target"], att["city"]
    if target not in logic.city(state, where):
        ev.emit(
            "attack_fizzled",
            f"{catalogue.label(target)} has left the city: the Attack misses",
            target=target,
            city=where,
        )
        return
    why = logic.protection(state, where, target)
    if why is not None:
        ev.emit(
            "attack_protected",
            f"{catalogue.label(target)} is now protected ({why}): the Attack fails",
            target=target,
            city=where,
            by_kind="protection",
            by=why,
        )
        return
    if logic.protagonist_power(state, by) == "corsair":
        logic.leave_city(state, where, target, by)
        logic.to_hand(state, by, target, known=True)
        ev.emit(
            "attack_hit",
            f"The Corsair King takes {catalogue.label(target)} into {who(state, by)}'s hand",
            target=target,
            city=where,
            seat=by,
            captured=True,
        )
    else:
        logic.discard_from_city(state, where, target, by, ev, "attack")
        ev.emit(
            "attack_hit",
            f"The Attack succeeds: {catalogue.label(target)} is discarded",
            target=target,
            city=where,
            seat=by,
            captured=False,
        )
    if logic.protagonist_power(state, where) == "witch":
        logic.draw(state, where, 2, ev, "the Witch Mother")


def apply_block(state: State, counter: Frame, ev: Events) -> None:
    """Nobody countered: the Special stops the Attack."""
    logic.pop_frame(state, counter)
    react = state["stack"][-1]
    att = react["attack"]
    logic.pop_frame(state, react)
    pending = counter["pending"]
    eff = pending["effect"]
    target, where = att["target"], att["city"]
    if eff == "escape" and target in logic.city(state, where):
        logic.leave_city(state, where, target, pending["by"])
        logic.to_hand(state, where, target, known=True)
    if eff == "retaliation" and pending["arg"] in logic.city(state, att["by"]):
        logic.discard_from_city(state, att["by"], pending["arg"], pending["by"], ev, "Retaliation")
    what = {
        "truce": "the Attack is cancelled",
        "escape": f"{catalogue.label(target)} escapes to its owner's hand",
        "retaliation": "the Attack is cancelled and an attacker falls",
    }[eff]
    ev.emit(
        "attack_blocked",
        f"{catalogue.label(pending['card'])}: {what}",
        target=target,
        city=where,
        by_kind="special",
        by=eff,
    )
