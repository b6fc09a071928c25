"""Turns, rounds and the status phase.

Primer: "Actions", "Status Phase and Ending The Game". Each player takes a turn
of 3 actions plus free abilities; after every 3 turns comes a status phase;
the game ends after the sixth.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, act
from ..engine.frames import ActionKind, bare
from ..engine.game import Events, Frame, State
from . import cards, research, trade
from .board import cities_of, city_size, own_cities
from .common import bump_stat
from .economy import gain
from .places import city_name, worded
from .rulebook import RULES
from .state_types import CocFrame, TurnFrame

STATUS = "Primer: Status Phase and Ending The Game"


def current(state: State) -> int:
    t = state["turn"]
    return t["order"][t["idx"]]


def start_turn(state: State, ev: Events) -> None:
    p = current(state)
    player = state["players"][p]
    player["once"] = []
    for c in state["cities"].values():
        if c["owner"] == p:
            c["activations"] = 0
    for u in state["units"].values():
        if u["owner"] == p:
            u["stop"] = u["fought"] = u["forest"] = False
    state["turn"]["actions"] = state["options"]["actions_per_turn"]
    turn: TurnFrame = {"kind": "turn", "player": p}
    state["stack"] = [turn]
    ev.emit(
        "turn",
        f"Age {state['turn']['age']}, turn {state['turn']['round']}: {player['name']} to play.",
        player=p,
    )
    trade_routes(state, p, ev)


def trade_routes(state: State, p: int, ev: Events) -> None:
    """Trade Routes: 1 food per settler or ship within 2 spaces of another player's
    non-angry city, counted as the best assignment (at most 4, each city once); with
    Currency the player chooses how many routes give gold instead (see trade.py)."""
    trade.start_of_turn(state, p, ev)


def end_turn(state: State, frame: Frame, args: Any, ev: Events) -> None:
    t = state["turn"]
    t["idx"] += 1
    if t["idx"] < len(t["order"]):
        start_turn(state, ev)
        return
    t["idx"] = 0
    t["round"] += 1
    if t["round"] <= state["options"]["turns_per_age"]:
        start_turn(state, ev)
        return
    status_phase(state, ev)


END = bare("end", end_turn, label="End turn")


# == status phase ==========================================================


def status_phase(state: State, ev: Events) -> None:
    """Push one frame per step and player, first step on top (the stack is LIFO)."""
    ev.emit("status", f"Status phase {state['status_done'] + 1}.")
    bump_stat(state, "status_phase")
    order = state["turn"]["order"]
    frames: list[CocFrame] = []
    for p in order:
        frames += cards.objective_frames(state, p)
    for p in order:
        frames.append({"kind": "free_advance", "player": p})
    frames.append({"kind": "status_draw", "player": order[0]})
    for p in order:
        frames.append({"kind": "raze", "player": p})
    frames.append({"kind": "status_end", "player": order[0]})
    state["stack"] = list(reversed(frames))


def next_order(state: State) -> list[int]:
    """First player: highest Mood + Culture track total (ties keep the current order)."""
    order = state["turn"]["order"]
    totals = [
        (-(state["players"][p]["mood_track"] + state["players"][p]["culture_track"]), i)
        for i, p in enumerate(order)
    ]
    first = order[min(totals)[1]]
    n = len(order)
    return [(first + i) % n for i in range(n)]


def end_status(state: State, ev: Events) -> None:
    state["status_done"] += 1
    if state["status_done"] >= state["options"]["status_phases"]:
        state["over"] = True
        state["stack"] = []
        from .scoring import final_text

        ev.emit("game_over", final_text(state))
        return
    t = state["turn"]
    t["order"] = next_order(state)
    t["age"] += 1
    t["round"] = 1
    t["idx"] = 0
    start_turn(state, ev)


# -- free advance -------------------------------------------------------------

FREE_ADVANCE_RECEIVED = RULES.rule(
    "status.free-advance-received",
    "In the status phase every player receives a free advance: choose which (there is no "
    "passing it; only a player with no advance left open gets none).",
    STATUS,
)


def parse_free(state: State, frame: Frame, a) -> dict[str, Any]:  # noqa: ANN001
    return {"player": frame["player"], "advance": a.args[0] if a.args else "", "free": True}


def apply_free(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    state["stack"].pop()
    research.buy(state, args["player"], args["advance"], ev, free=True)


def _free_advance_label(state: State, frame: Frame, a: Action) -> str:
    from . import content

    return f"Take {content.advances()[a.args[0]]['name']} as the free advance"


FREE_ADVANCE = ActionKind(
    "advance",
    parse_free,
    research.FREE_CHECKS,
    research.free_candidates,
    apply_free,
    category="advance",
    ensured=[*research.ENSURED, research.affordable],
    wide=research.every_advance("advance"),
    arity=(1, 1),
    usage="advance <advance>",
    example="advance writing",
    label=_free_advance_label,
)


# -- optional raze of a size-1 city ------------------------------------------------


def parse_raze(state: State, frame: Frame, a) -> str:  # noqa: ANN001
    return a.args[0] if a.args else ""


@RULES.check(
    "status.raze-size-one",
    "In the status phase you may raze one of your own size-1 cities for 1 gold.",
    STATUS,
)
def raze_ok(state: State, frame: Frame, args: str) -> bool:
    c = state["cities"].get(args)
    return c is not None and c["owner"] == frame["player"] and city_size(c) == 1


@RULES.check(
    "status.raze-not-last",
    "You may not raze your last city (the rules option raze_not_last, our reading: the "
    "primer does not say; a player with no city could never build again).",
    STATUS,
    source="ours",
)
def raze_not_last(state: State, frame: Frame, args: str) -> bool:
    if not state["options"].get("raze_not_last", False):
        return True
    return len(cities_of(state, frame["player"])) > 1


def raze_candidates(state: State, frame: Frame):  # noqa: ANN201
    return [act("raze", k) for k in own_cities(state, frame["player"])]


def apply_raze(state: State, frame: Frame, args: str, ev: Events) -> None:
    state["stack"].pop()
    name = city_name(state, args)  # before it is razed
    del state["cities"][args]
    player = state["players"][frame["player"]]
    gain(state, player, "gold", 1)
    ev.emit(
        "raze",
        f"{player['name']} razes {name} for 1 gold.",
        player=frame["player"],
        hexes=[args],
    )


RAZE = ActionKind(
    "raze",
    parse_raze,
    [raze_ok, raze_not_last],
    raze_candidates,
    apply_raze,
    category="raze",
    arity=(1, 1),
    usage="raze <city>",
    example="raze 2,1",
    label=worded("Raze {0} for 1 gold", city_name),
)
PASS = bare("pass", lambda s, f, a, ev: s["stack"].pop(), label="Pass")
