"""The culture clash (seed design notes, "culture battles"), in our words.

``clash <your city> <rival player>``: you need at least one culture counter, and you may
start one culture clash a turn (ours, and needed: a clash spends no culture counter and
exhausts no card, so without a limit nothing would stop a player clashing again and again,
and an action phase that runs "until no one wants to" act need never end). Both
sides pull the base number of cards (5) plus one per culture counter they have, plus card
bonuses (Mysticism, the Oracle, a Temple in the attacking city, Tradition when defending),
and make their best five-card hand (:mod:`.poker`: no flushes; a rainbow ranks above two
pair). The attacker wins with the better hand: their city gains 1 population and the
defender chooses one of their cities to lose 1 (``shrink <city>``; a city never drops
below 1). Otherwise, ties included, the defender wins and consults a card.
"""

from __future__ import annotations

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from . import cards as card_set
from . import poker, wide, zones
from .maintenance import acted
from .reading import seat_reading
from .rulebook import BOOK, CLASH_TIE, NOTES, OURS, POP_FLOOR, Args, opt, parse_args


@BOOK.check(
    "clash.culture",
    "You need at least one culture counter to start a culture clash.",
    NOTES,
    frame_only=True,
)
def has_culture(state: State, frame: Frame, a: object) -> bool:
    return state["players"][frame["player"]]["culture"] >= 1


@BOOK.check(
    "clash.once-per-turn",
    "You may start one culture clash a turn (ours: a clash spends and exhausts nothing, so "
    "without a limit the action phase need never end).",
    OURS,
    source="ours",
    frame_only=True,
)
def first_clash(state: State, frame: Frame, a: object) -> bool:
    return frame["player"] not in state["turn"]["clashed"]


@explained(lambda s, f, a: "not a city you control")
@BOOK.check("clash.own-city", "A culture clash starts from a city you control.", NOTES)
def own_city(state: State, frame: Frame, a: Args) -> bool:
    return zones.controls(state, frame["player"], a.get(0))


def _rival(state: State, frame: Frame, text: str) -> int | None:
    if not text.isdigit() or str(int(text)) != text:
        return None
    s = int(text)
    if s == frame["player"] or not 0 <= s < zones.n_players(state) or not zones.cities_of(state, s):
        return None
    return s


@explained(lambda s, f, a: "name another player by seat number, one who controls a city")
@BOOK.check("clash.rival", "Clash with another player who controls at least one city.", NOTES)
def rival_ok(state: State, frame: Frame, a: Args) -> bool:
    return _rival(state, frame, a.get(1)) is not None


def clash_candidates(state: State, frame: Frame) -> list[Action]:
    """Every city of the seat's (``own_city``) against every other seat that controls a
    city (``rival_ok``): the map read once."""
    seat, cities = frame["player"], state["cities"]
    mine = seat_reading(state, seat).mine
    if not mine or len(mine) == len(cities):  # no city of the seat's, or none of a rival's
        return []
    holders = {x["controller"] for x in cities.values()}
    rivals = [str(s) for s in range(len(state["players"])) if s != seat and s in holders]
    return [Action("clash", (c, r)) for c in mine for r in rivals]


def attack_cards(state: State, seat: int, city: str) -> int:
    e = zones.empire(state, seat)
    return (
        opt(state, "clash_cards")
        + state["players"][seat]["culture"]
        + e["clash_cards"]
        + zones.city_bonus(state, city, "clash_cards")
    )


def defence_cards(state: State, seat: int) -> int:
    e = zones.empire(state, seat)
    return (
        opt(state, "clash_cards")
        + state["players"][seat]["culture"]
        + e["clash_cards"]
        + e["defence_cards"]
    )


def best(state: State, cards: list[str]) -> tuple[poker.Hand, list[str]]:
    """The best hand of the pulled cards, and the five card ids that make it."""
    hand = poker.best_hand([card_set.poker_card(state, c) for c in cards])
    used: list[str] = []
    for pc in hand.cards:
        for c in cards:
            if c not in used and card_set.poker_card(state, c) == pc:
                used.append(c)
                break
    return hand, used


def apply_clash(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, city = frame["player"], a.get(0)
    rival = int(a.get(1))
    state["turn"]["clashed"].append(seat)
    mine = zones.pull(state, seat, attack_cards(state, seat, city), ev)
    theirs = zones.pull(state, rival, defence_cards(state, rival), ev)
    h_a, used_a = best(state, mine)
    h_d, used_d = best(state, theirs)
    won = h_a.key > h_d.key
    tie = h_a.key == h_d.key
    faces = lambda cs: card_set.faces_words(state, cs)  # noqa: E731
    who, them = zones.player_name(state, seat), zones.player_name(state, rival)
    outcome = f"{who} wins" if won else (f"a tie: {them} defends" if tie else f"{them} defends")
    zones.stats(state, "clashes")
    ev.emit(
        "culture_clash",
        # The cards in words, once each (the table marks which ones make the best hand).
        f"Culture clash from {zones.city_name(state, city)}: {who} pulls {faces(mine)} "
        f"(best hand: {h_a.name}); {them} pulls {faces(theirs)} (best hand: "
        f"{h_d.name}): {outcome}.",
        player=seat,
        defender=rival,
        city=city,
        winner=seat if won else rival,
        rule=CLASH_TIE.id if tie else "",
    )
    state["shown"]["clash"] = {
        "attacker": seat,
        "defender": rival,
        "city": city,
        "attack_cards": mine,
        "defence_cards": theirs,
        "attack_hand": used_a,
        "defence_hand": used_d,
        "attack_name": h_a.name,
        "defence_name": h_d.name,
        "winner": seat if won else rival,
        "tie": tie,
    }
    zones.land(state, mine + theirs, ev)
    if won:
        c = state["cities"][city]
        c["population"] += 1
        ev.emit(
            "population",
            f"{zones.city_name(state, city)} grows to population {c['population']}.",
            player=seat,
            city=city,
        )
        if shrinkable(state, rival):
            state["stack"].append({"kind": "shrink", "player": rival, "by": seat})
        else:
            ev.emit(
                "no_loss",
                f"{them} has no city above population 1, so loses nothing.",
                player=rival,
                rule=POP_FLOOR.id,
            )
    else:
        zones.consult(state, rival, 1, ev)


def shrinkable(state: State, seat: int) -> list[str]:
    return sorted(c for c in zones.cities_of(state, seat) if state["cities"][c]["population"] > 1)


CLASH = ActionKind(
    "clash",
    parse_args,
    [has_culture, first_clash, own_city, rival_ok],
    clash_candidates,
    acted(apply_clash),
    arity=(2, 2),
    usage="use: clash <your city> <rival seat number>",
    example="clash 0-00 1",
    ensured=[own_city, rival_ok],
    # every city on the map against every seat
    wide=lambda s, f: [
        Action("clash", (c, str(r))) for c in wide.every_city(s) for r in range(len(s["players"]))
    ],
)


@explained(lambda s, f, a: "not a city of yours above population 1")
@BOOK.check(
    "clash.shrink-city",
    "The city that loses population is one of yours with population above 1.",
    NOTES,
)
def shrink_ok(state: State, frame: Frame, a: Args) -> bool:
    return a.get(0) in shrinkable(state, frame["player"])


def shrink_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("shrink", (c,)) for c in shrinkable(state, frame["player"])]


def apply_shrink(state: State, frame: Frame, a: Args, ev: Events) -> None:
    state["stack"].remove(frame)
    c = state["cities"][a.get(0)]
    c["population"] -= 1
    ev.emit(
        "population",
        f"{zones.city_name(state, a.get(0))} loses 1 population to the culture clash "
        f"(now {c['population']}).",
        player=frame["player"],
        city=a.get(0),
    )


SHRINK = ActionKind(
    "shrink",
    parse_args,
    [shrink_ok],
    shrink_candidates,
    apply_shrink,
    arity=(1, 1),
    usage="use: shrink <city>",
    example="shrink 1-07",
    ensured=[shrink_ok],
    wide=lambda s, f: [Action("shrink", (c,)) for c in wide.every_city(s)],
)
