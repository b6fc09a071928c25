"""Epochs, choosing Empires and the order of turns (host rules, ours).

Each Epoch the players choose one of its Empires, the fewest Victory Points first
(``choose <empire>``); then the chosen Empires play in their order. A turn is the
Expansion phase (:mod:`.expansion`), the transfer step of seed rule 6.1
(:mod:`.transfer`, only when a transfer is possible) and the Victory Point phase.
"""

from __future__ import annotations

from ..engine import Action, Events
from ..engine.frames import ActionKind, explained
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import board, content, paths
from .rules import BOOK, EPOCHS, One, count, one_arg, well_formed
from .scoring import vp_phase
from .state_types import Empire, Result, Turn


# -- choosing Empires ------------------------------------------------------------------------------
def taken(state: State) -> set[str]:
    return set(state["empires"])


@well_formed(lambda s, f, a: f"there is no Empire {a.x!r}")
def known_empire(state: State, frame: Frame, args: One) -> bool:
    return args.x in content.empires()


@explained(
    lambda s, f, a: (
        f"the {board.empire_name(a.x)} are "
        + (
            "already taken"
            if a.x in taken(s)
            else f"an Empire of Epoch {content.ROMAN[content.empires()[a.x]['epoch']]}"
        )
    )
)
@BOOK.check(
    "epoch.choose-empire",
    "Choose one of this Epoch's Empires that nobody has taken.",
    EPOCHS,
    source="ours",
)
def open_empire(state: State, frame: Frame, args: One) -> bool:
    e = content.empires()[args.x]
    return e["epoch"] == state["epoch"] and args.x not in taken(state)


def choose_candidates(state: State, frame: Frame) -> list[Action]:
    return [
        Action("choose", (e,))
        for e in content.epoch_empires(state["epoch"])
        if e not in taken(state)
    ]


def apply_choose(state: State, frame: Frame, args: One, ev: Events) -> None:
    seat, eid = frame["player"], args.x
    state["empires"][eid] = Empire(owner=seat, capital=None, founded=False)
    state["players"][seat]["empires"].append(eid)
    e = content.empires()[eid]
    ev.emit(
        "empire_chosen",
        f"{who(state, seat)} takes the {e['name']} ({empire_terms(eid)})",
        seat=seat,
        empire=eid,
    )
    if frame["queue"]:
        frame["player"] = frame["queue"].pop(0)
        return
    chosen = set(state["empires"])
    state["order"] = [x for x in content.epoch_empires(state["epoch"]) if x in chosen]
    state["stack"] = []
    start_turn(state, 0, ev)


def empire_terms(eid: str) -> str:
    e = content.empires()[eid]
    start = content.name(e["start"])
    if e["capital"]:  # the Capital is where they start: say the place once
        where = f"start and Capital in {start}"
    else:
        where = f"start in {start}, {'a Minor Empire' if e['minor'] else 'no Capital'}"
    fleets = f", {count(e['fleets'], 'fleet')}" if e["fleets"] else ""
    return f"{count(e['armies'], 'army')}{fleets}, {where}"


CHOOSE = ActionKind(
    "choose",
    one_arg,
    [known_empire, open_empire],
    choose_candidates,
    apply_choose,
    category="choose",
    arity=(1, 1),
    usage="use: choose <empire>",
    ensured=[known_empire, open_empire],
    wide=lambda s, f: [Action("choose", (e,)) for e in sorted(content.empires())],  # every one
)


# -- the flow of a game ----------------------------------------------------------------------------
def start_epoch(state: State, ev: Events) -> None:
    state["epoch"] += 1
    vps = [p["vp"] for p in state["players"]]
    order = sorted(range(len(vps)), key=lambda s: (vps[s], s))
    ev.emit(
        "epoch",
        f"Epoch {content.ROMAN[state['epoch']]} begins: {who(state, order[0])} chooses an Empire "
        "first",
        epoch=state["epoch"],
    )
    state["order"] = []
    state["stack"] = [{"kind": "choose", "player": order[0], "queue": order[1:]}]


def start_turn(state: State, index: int, ev: Events) -> None:
    eid = state["order"][index]
    e = content.empires()[eid]
    seat = board.owner(state, eid)
    state["turn_no"] += 1
    turn: Turn = {
        "index": index,
        "player": seat,
        "empire": eid,
        "armies": e["armies"],
        "fleets": e["fleets"],
        "events": 0,
        "leader": 0,
        "placed": 0,
    }
    state["turn"] = turn
    ev.emit(
        "turn",
        f"{who(state, seat)} plays the {e['name']} ({empire_terms(eid)})",
        seat=seat,
        empire=eid,
        epoch=state["epoch"],
        turn_no=state["turn_no"],
    )
    state["stack"] = [{"kind": "expand", "player": seat}]


def end_expansion(state: State, ev: Events) -> None:
    """The very end of the Expansion phase: the transfer step (6.1) if a transfer is possible."""
    seat = state["turn"]["player"]
    ev.emit("expansion_end", f"{who(state, seat)} ends the Expansion phase", seat=seat)
    o = state["options"]
    if o["culture"] and o["transfer"] and paths.possible(state, seat):
        state["stack"] = [{"kind": "transfer", "player": seat}]
    else:
        finish_turn(state, ev)


def finish_turn(state: State, ev: Events) -> None:
    """The Victory Point phase, then the next Empire, the next Epoch or the end."""
    turn = state["turn"]
    vp_phase(state, turn["player"], ev)
    state["turn"] = None
    state["stack"] = []
    if turn["index"] + 1 < len(state["order"]):
        start_turn(state, turn["index"] + 1, ev)
    elif state["epoch"] < state["options"]["epochs"]:
        start_epoch(state, ev)
    else:
        end_game(state, ev)


def end_game(state: State, ev: Events) -> None:
    vps = [p["vp"] for p in state["players"]]
    best = max(vps)
    winners = [s for s, v in enumerate(vps) if v == best]
    state["over"] = True
    state["result"] = Result(winners=winners, vp=vps)
    names = " and ".join(who(state, s) for s in winners)
    ev.emit(
        "game_over",
        f"The last Epoch is over: {names} win{'s' if len(winners) == 1 else ''} with {best} VP",
        winners=winners,
        vp=vps,
    )
