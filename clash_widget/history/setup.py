"""Pre-game set up: decks into treasuries, opening councils, the capital and its terrain.

``capital <city card>`` then ``home <terrain card>``, one player after the other in seat
order (the seed has everybody do it together; nothing one player picks changes another's
choice, and councils stay hidden until the cards are deployed).
"""

from __future__ import annotations

from typing import Any, cast

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.rng import seed_state, shuffle
from ..engine.seats import default_name
from . import cards as card_set
from . import wide, zones
from .options import DECKS
from .rulebook import BOOK, SETUP, SETUP_REDEAL, Args, parse_args
from .state_types import City, DeckName, HistoryOptionsDict, HistoryState, Player, Redeal

REDEALS = 50


def new_state(players: int, seed: int, options: dict[str, Any], ev: Events | None = None) -> State:
    """The dealt position; the deal's events (redeals) go to ``ev`` when given."""
    if options["deck"] not in DECKS:
        raise ValueError(f"unknown deck {options['deck']!r}: use one of {', '.join(DECKS)}")
    fresh: HistoryState = {
        "game": "history",
        "seed": seed,
        "rng": seed_state(seed),
        "options": cast(HistoryOptionsDict, options),  # HistoryOptions.to_dict()
        "players": [],
        "cities": {},
        "units": {},
        "spent": [],
        "table": [],
        "shown": {"initiative": [], "growth": [], "clash": None},
        "turn": {
            "number": 0,
            "phase": "setup",
            "order": list(range(players)),
            "queue": list(range(players)),
            "active": [],
            "at": 0,
            "bonus": {},
            "clashed": [],
        },
        "stack": [],
        "over": False,
        "redeals": [],
        "result": None,
        "stats": {},
    }
    state = cast(State, fresh)  # the engine carries it as a plain dict
    for s in range(players):
        deck = card_set.seat_deck(options["deck"], s)
        cards = [card_set.card_id(s, i) for i in range(len(card_set.deck_list(deck)))]
        player: Player = {
            "seat": s,
            "name": default_name(s),
            "deck": cast(DeckName, deck),  # cards.seat_deck
            "treasury": cards,
            "council": [],
            "landfill": [],
            "culture": 0,
            "research": None,
            "counters": 0,
            "techs": [],
            "policies": [],
            "capital": None,
        }
        state["players"].append(player)
    ev = Events() if ev is None else ev
    for s in range(players):
        deal(state, s, ev)
    return state


def deal(state: State, seat: int, ev: Events) -> None:
    """Rules setup.deal and setup.redeal."""
    p = state["players"][seat]
    n = state["options"]["start_council"]
    for _ in range(REDEALS):
        p["treasury"] += p["council"]
        p["council"] = []
        p["treasury"].sort()
        shuffle(state, p["treasury"])
        zones.consult(state, seat, n, ev)
        kinds = {card_set.ctype(state, c) for c in p["council"]}
        if {"city", "terrain"} <= kinds:
            return
        # Shown to everybody: kept in the state, so the log opens with it (opening_events).
        redeal: Redeal = {
            "player": seat,
            "shown": list(p["council"]),
            "missing": "city" if "city" not in kinds else "terrain",
        }
        state["redeals"].append(redeal)
        ev.append(redeal_event(state, redeal))
    raise ValueError("this deck cannot deal a council with a city and a terrain")


def redeal_event(state: State, redeal: Redeal) -> dict[str, Any]:
    """A redeal (rule setup.redeal) in the log's words, with the player's name as it is now."""
    who = zones.player_name(state, redeal["player"])
    shown = ", ".join(card_set.name(state, c) for c in redeal["shown"])
    return {
        "kind": "redeal",
        "text": f"{who}'s opening council has no {redeal['missing']}: {who} shows it ({shown}), "
        "shuffles it back into the treasury and consults again.",
        "player": redeal["player"],
        "shown": list(redeal["shown"]),
        "rule": SETUP_REDEAL.id,
    }


# -- the capital-----------------------------------------------------------------------------------
@explained(lambda s, f, a: "no such card in your council")
@BOOK.check(
    "setup.capital-from-council",
    "Your capital is a city card from your council.",
    SETUP,
)
def capital_in_council(state: State, frame: Frame, a: Args) -> bool:
    cid = a.get(0)
    return (
        cid in state["players"][frame["player"]]["council"] and card_set.ctype(state, cid) == "city"
    )


def capital_candidates(state: State, frame: Frame) -> list[Action]:
    council = state["players"][frame["player"]]["council"]
    return [Action("capital", (c,)) for c in sorted(council) if card_set.ctype(state, c) == "city"]


def apply_capital(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    p = state["players"][seat]
    p["council"].remove(cid)
    p["capital"] = cid
    state["cities"][cid] = new_city(seat)
    ev.emit(
        "capital",
        f"{zones.player_name(state, seat)} deploys {card_set.name(state, cid)} as their capital, "
        "population 1.",
        player=seat,
        city=cid,
    )
    state["stack"][-1] = {"kind": "home", "player": seat, "city": cid}


def new_city(seat: int) -> City:
    return {
        "controller": seat,
        "population": 1,
        "terrains": [],
        "mods": {},
        "production": None,
        "progress": 0,
        "creations": [],
    }


CAPITAL = ActionKind(
    "capital",
    parse_args,
    [capital_in_council],
    capital_candidates,
    apply_capital,
    arity=(1, 1),
    usage="use: capital <city card>",
    example="capital 0-07",
    ensured=[capital_in_council],
    wide=lambda s, f: [Action("capital", (c,)) for c in wide.every_card(s)],
)


# -- the capital's terrain-------------------------------------------------------------------------
@explained(lambda s, f, a: "no such terrain in your council")
@BOOK.check(
    "setup.terrain-from-council",
    "The terrain next to your capital is a terrain card from your council.",
    SETUP,
)
def home_in_council(state: State, frame: Frame, a: Args) -> bool:
    cid = a.get(0)
    return (
        cid in state["players"][frame["player"]]["council"]
        and card_set.ctype(state, cid) == "terrain"
    )


def home_candidates(state: State, frame: Frame) -> list[Action]:
    council = state["players"][frame["player"]]["council"]
    return [Action("home", (c,)) for c in sorted(council) if card_set.ctype(state, c) == "terrain"]


def apply_home(state: State, frame: Frame, a: Args, ev: Events) -> None:
    seat, cid = frame["player"], a.get(0)
    state["players"][seat]["council"].remove(cid)
    state["cities"][frame["city"]]["terrains"].append(cid)
    ev.emit(
        "terrain",
        f"{zones.player_name(state, seat)} puts {card_set.name(state, cid)} next to "
        f"{card_set.name(state, frame['city'])}.",
        player=seat,
        city=frame["city"],
        card=cid,
    )
    state["stack"].pop()


HOME = ActionKind(
    "home",
    parse_args,
    [home_in_council],
    home_candidates,
    apply_home,
    arity=(1, 1),
    usage="use: home <terrain card>",
    example="home 0-02",
    ensured=[home_in_council],
    wide=lambda s, f: [Action("home", (c,)) for c in wide.every_card(s)],
)
