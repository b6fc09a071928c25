"""What one seat may see: the payload the widget draws (see docs/CONTRACTS.md).

Hidden: face-down region tiles, deck contents, other players' hands, the
generator state. Teacher view (seat None) shows every hand but never decks.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.game import Game, State
from ..engine.seats import color as seat_color
from ..engine.seats import identity
from . import advance_view, ahead, content
from .board import city_size
from .economy import cap
from .places import board_places
from .scoring import breakdown
from .vocab import BARBARIAN_COLOUR, MOOD_NAMES, RESOURCES

HEX_RE = re.compile(r"^-?\d+,-?\d+$")


def build_view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    deciding = game.current_player(state)
    show_legal = seat is None or seat == deciding
    legal = game.legal_actions(state) if show_legal else []
    parts = ahead.stack_parts(state)
    places = board_places(state)
    return {
        "game": "coc",
        "seat": seat,
        "current_player": deciding,
        "over": state["over"],
        # Who won, as in every game's view (the banner and the end panel read it).
        "result": {"winners": game.winners(state)} if state["over"] else None,
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
                "terrain": h["terrain"],
                "region": h["region"],
                "explored": h["terrain"] is not None,
                "place": places[k],  # the hex in words (coc/places.py)
            }
            for k, h in state["hexes"].items()
        ],
        "cities": [_city(k, c) for k, c in sorted(state["cities"].items())],
        "units": _units(state, parts),
        "frame": _frame(state),
        "legal": [_legal(game, state, a, parts) for a in legal],
        "wonders": {"public": list(state.get("public_wonders", []))},
        "advance_tree": advance_view.tree(state["options"]),
        "decks": {k: len(v) for k, v in state["decks"].items()},
        "colors": {
            "players": [seat_color(p) for p in range(len(state["players"]))],
            "barbarians": BARBARIAN_COLOUR,
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
        **identity(state, p),
        "resources": dict(pl["res"]),
        "limits": {r: cap(state, pl, r) for r in RESOURCES},
        "mood_tokens": pl["mood"],
        "culture_tokens": pl["culture"],
        "mood_track": pl["mood_track"],
        "culture_track": pl["culture_track"],
        "advances": list(pl["advances"]),
        "advance_status": advance_view.status(state, p),
        "government": content.government_of(pl),
        "vp": sum(b.values()),
        "vp_breakdown": b,
        "objectives_scored": list(pl["objectives"]),
        "hand": hand if see_hand else None,
        "hand_count": len(hand),
        "reserved_wonders": list(pl["wonders_reserved"]) if see_hand else None,
    }


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


def _units(state: State, parts: dict[ahead.Stack, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """One entry per stack (hex, owner, kind); ``parts`` where the rules tell its units
    apart (ahead.stack_parts: the board lets the player click one of them)."""
    stacks: dict[tuple[str, int, str], int] = {}
    for u in state["units"].values():
        k = (u["hex"], u["owner"], u["kind"])
        stacks[k] = stacks.get(k, 0) + 1
    out = []
    for (h, o, kind), n in sorted(stacks.items()):
        q, r = (int(x) for x in h.split(","))
        entry: dict[str, Any] = {"q": q, "r": r, "owner": o, "kind": kind, "count": n}
        if (h, o, kind) in parts:
            entry["parts"] = parts[(h, o, kind)]
        out.append(entry)
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


def action_label(game: Game, state: State, a: Any) -> str:
    """The action in plain words, as its action kind words it."""
    if not state["stack"]:
        return str(a)
    frame = state["stack"][-1]
    spec = getattr(game.handlers.get(frame["kind"]), "table", {}).get(a.kind)
    return spec.describe(state, frame, a) if spec is not None else str(a)


def _legal(
    game: Game, state: State, a: Any, parts: dict[ahead.Stack, list[dict[str, Any]]]
) -> dict[str, Any]:
    label = action_label(game, state, a)
    hexes = [[int(x) for x in s.split(",")] for s in a.args if HEX_RE.match(s)]
    out = {
        "key": str(a),
        "kind": a.kind,
        "label": label,
        "hexes": hexes,
        "category": game.category(a),
    }
    # What the engine would ask next, offered ahead: the units that go, how to pay.
    frame = state["stack"][-1]
    picks = ahead.picks(state, frame, a, parts)
    pays = ahead.payments(game, state, frame, a)
    if picks:
        out["picks"] = ahead.with_payments(picks, str(a), pays)
    if pays:
        out["payments"] = pays
    return out
