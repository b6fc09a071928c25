"""What one seat may see: the payload the widget draws (see docs/CONTRACTS.md).

Hidden: face-down region tiles, deck contents, other players' hands, the
generator state. Teacher view (seat None) shows every hand but never decks.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.game import Game, State
from . import advance_view, content
from .board import city_size
from .economy import cap
from .scoring import breakdown
from .vocab import BARBARIAN_COLOR, MOOD_NAMES, PLAYER_COLORS, RESOURCES

HEX_RE = re.compile(r"^-?\d+,-?\d+$")


def build_view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    deciding = game.current_player(state)
    show_legal = seat is None or seat == deciding
    legal = game.legal_actions(state) if show_legal else []
    return {
        "game": "coc",
        "seat": seat,
        "current_player": deciding,
        "over": state["over"],
        "prompt": game.prompt(state),
        "turn": {
            "age": state["turn"]["age"],
            "round": state["turn"]["round"],
            "actions_left": state["turn"]["actions"],
            "first_player": state["turn"]["order"][0],
            "order": list(state["turn"]["order"]),
        },
        "players": [_player(state, p, seat) for p in range(len(state["players"]))],
        "hexes": [
            {
                "q": int(k.split(",")[0]),
                "r": int(k.split(",")[1]),
                "terrain": h["t"],
                "region": h["reg"],
                "explored": h["t"] is not None,
            }
            for k, h in state["hexes"].items()
        ],
        "cities": [_city(k, c) for k, c in sorted(state["cities"].items())],
        "units": _units(state),
        "frame": _frame(state),
        "legal": [_legal(game, state, a) for a in legal],
        "wonders": {"public": list(state.get("public_wonders", []))},
        "advance_tree": advance_view.tree(),
        "decks": {k: len(v) for k, v in state["decks"].items()},
        "colors": {
            "players": list(PLAYER_COLORS[: len(state["players"])]),
            "barbarians": BARBARIAN_COLOR,
        },
    }


def _player(state: State, p: int, seat: int | None) -> dict[str, Any]:
    pl = state["players"][p]
    see_hand = seat is None or seat == p
    hand = [{"id": c, "type": "action"} for c in pl["actions_hand"]] + [
        {"id": c, "type": "objective"} for c in pl["objectives_hand"]
    ]
    b = breakdown(state, p)
    return {
        "seat": p,
        "name": pl["name"],
        "color": PLAYER_COLORS[p],
        "resources": dict(pl["res"]),
        "limits": {r: cap(state, pl, r) for r in RESOURCES},
        "mood_tokens": pl["mood"],
        "culture_tokens": pl["culture"],
        "mood_track": pl["mood_track"],
        "culture_track": pl["culture_track"],
        "advances": list(pl["advances"]),
        "advance_status": advance_view.status(state, p),
        "government": _government(pl),
        "vp": sum(b.values()),
        "vp_breakdown": b,
        "objectives_scored": list(pl["objectives"]),
        "hand": hand if see_hand else None,
        "hand_count": len(hand),
        "reserved_wonders": list(pl["wonders_revealed"]) if see_hand else None,
    }


def _government(pl: dict[str, Any]) -> str | None:
    for a in pl["advances"]:
        g = content.advances()[a]["group"]
        if g in content.GOVERNMENTS:
            return g
    return None


def _city(key: str, c: dict[str, Any]) -> dict[str, Any]:
    q, r = (int(x) for x in key.split(","))
    pieces = [{"kind": k, "owner": o} for k, o in sorted(c["pieces"].items())]
    pieces += [{"kind": "wonder", "owner": c["owner"], "name": w} for w in c["wonders"]]
    return {
        "q": q,
        "r": r,
        "owner": c["owner"],
        "size": city_size(c),
        "mood": MOOD_NAMES[c["mood"]],
        "capital": c["capital"],
        "pieces": pieces,
        "port": c["port"],
    }


def _units(state: State) -> list[dict[str, Any]]:
    stacks: dict[tuple[str, int, str], int] = {}
    for u in state["units"].values():
        k = (u["h"], u["o"], u["k"])
        stacks[k] = stacks.get(k, 0) + 1
    out = []
    for (h, o, kind), n in sorted(stacks.items()):
        q, r = (int(x) for x in h.split(","))
        out.append({"q": q, "r": r, "owner": o, "kind": kind, "count": n})
    return out


def _frame(state: State) -> dict[str, Any] | None:
    if not state["stack"]:
        return None
    f = state["stack"][-1]
    return {
        k: v
        for k, v in f.items()
        if k in ("kind", "player", "city", "left", "picks", "max", "built", "at", "round", "region")
    }


LABELS = {
    "research": "Research {0}",
    "found": "Found a city at {0}",
    "collect": "Collect with the city at {0}",
    "build": "Build units in the city at {0}",
    "grow": "Grow the city at {0}: {1}",
    "move": "Move (up to 3 groups)",
    "civic": "Civic improvement",
    "end": "End turn",
    "take": "Take {1} from {0}",
    "unit": "Build a {0}",
    "group": "Move {2} from {0} to {1}",
    "done": "Done",
    "improve": "Improve the city at {0}",
    "orient": "Turn the region: orientation {0}",
    "battle": "{0} the battle",
    "advance": "Take {0} as the free advance",
    "raze": "Raze the city at {0} for 1 gold",
    "pass": "Pass",
    "trade": "Offer player {0}: {1} for {2}",
    "reply": "{0} the trade",
    "routes": "Trade routes: {0} as gold",
    "play": "Play card {0}",
    "wonder": "Build wonder {1} at {0}",
    "influence": "Cultural influence from {0} on the city at {1}",
    "boost": "Spend culture tokens on the roll",
    "piece": "Take over the {0}",
    "tactic": "Play card {0} for its combat effect",
    "lose": "Lose unit {0}",
    "siege": "Siegecraft: pay {0}",
    "refugee": "Place the refugee settler in the city at {0}",
    "fanatic": "Place Fanaticism's free army in the city at {0}",
    "reserve": "Monuments: reserve the {0}",
    "dogma": "Take {0} free (Dogma)",
    "cube": "Move a cube onto {0}",
    "lower": "The city at {0} takes the event's mood loss",
    "myths": "Myths: pay 1 mood token instead",
    "cartography": "Cartography: chart the regions your ships are in",
    "taxation": "Taxation: pay a mood token for gold",
    "liberties": "Civil Liberties: gain mood tokens",
    "absolute_power": "Absolute Power: pay mood tokens for an extra action",
    "forced_labour": "Forced Labour: your angry cities work as neutral this turn",
}


def _kind_label(game: Game, state: State, a: Any) -> str | None:
    """The label the action kind itself gives (ActionKind.label), if it has one."""
    if not state["stack"]:
        return None
    frame = state["stack"][-1]
    handler = game.handlers.get(frame["kind"])
    spec = getattr(handler, "table", {}).get(a.kind)
    if spec is None or spec.label is None:
        return None
    try:
        return spec.label(state, frame, spec.parse(state, frame, a))
    except (ValueError, KeyError, IndexError, TypeError):
        return None  # a malformed action: the generic label below names it


def _legal(game: Game, state: State, a: Any) -> dict[str, Any]:
    args = list(a.args)
    if a.kind in ("research", "advance", "dogma", "cube") and args:
        args[0] = content.advances().get(args[0], {}).get("name", args[0])
    if a.kind in ("wonder", "reserve") and args:
        from .wonders import wonder_name

        args[-1] = wonder_name(args[-1])
    own = _kind_label(game, state, a)
    fmt = LABELS.get(a.kind)
    try:
        label = own or (fmt.format(*args) if fmt else str(a))
    except IndexError:
        label = str(a)
    if a.kind in ("trade", "reply", "routes"):
        from .trade import label as trade_label

        label = trade_label(state, a) or label
    if a.kind == "improve" and len(a.args) == 2:
        from .civic import payment_label

        label += payment_label(a.args[1])
    if a.kind in ("barter", "drama"):
        from .abilities import ability_label

        label = ability_label(a) or label
    if a.kind == "influence" and "art" in a.args[2:]:
        label += " (Art and Sculptures: a culture token instead of an action)"
    if a.kind == "group" and len(a.args) == 4:
        label += {
            "roads:food": " by road (1 food: two spaces)",
            "roads:ore": " by road (1 ore: no terrain penalty)",
            "roads:food+ore": " by road (1 food and 1 ore: two spaces, no terrain penalty)",
        }.get(a.args[3], "")
    hexes = [[int(x) for x in s.split(",")] for s in a.args if HEX_RE.match(s)]
    return {
        "key": str(a),
        "kind": a.kind,
        "label": label,
        "hexes": hexes,
        "category": game.category(a),
    }
