"""What a seat may see (the widget's payload) and actions in plain words.

Every seat sees the map, the Empires, the Culture cards in play and the discards;
its own hand face up and the other hands only as card backs (how many of each
pile). The teacher's view (``seat=None``) shows every hand. The box of cards
nobody drew is never shown. Legal actions are listed for the seat to move only.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..engine import Action, Game
from ..engine.game import State
from ..engine.seats import identity
from . import board, content, paths
from . import culture as culture_cards
from .epochs import empire_terms
from .names import place_names, strait_line
from .scoring import breakdown


def card_public(card: str) -> dict[str, Any]:
    c = content.cards()[card]
    out = {
        "id": card,
        "name": c["name"],
        "label": content.card_label(card),
        "pile": c["pile"],
        "effect": c["effect"],
        "frames": content.frames_text(card),
        "culture": content.is_culture(card),
    }
    if "vp" in c:
        out["vp"] = c["vp"]
    if c.get("region"):
        out["region"] = content.name(c["region"])
    return out


@cache
def map_payload() -> Mapping[str, Any]:
    """The static map: shapes, names, kinds, regions, straits (computed once)."""
    d = content.drawing()
    areas = []
    for a in content.area_order():
        info = content.areas()[a]
        areas.append(
            {
                "id": a,
                "name": info["name"],
                "kind": info["kind"],
                "barren": bool(info.get("barren")),
                "region": info.get("region"),
                "loops": d["shapes"][a]["loops"],
                "label": d["shapes"][a]["label"],
            }
        )
    straits = []
    for s in content.straits().values():
        a, b = s["lands"]
        straits.append(
            {
                "id": s["id"],
                "name": s["name"],
                "lands": [a, b],
                "sea": s["sea"],
                "line": strait_line(*(d["shapes"][x]["loops"] for x in (a, b, s["sea"]))),
            }
        )
    regions = [
        {
            "id": r["id"],
            "name": r["name"],
            "value": r["value"],
            "lands": list(content.region_lands(rid)),
        }
        for rid, r in content.regions().items()
    ]
    return {
        "width": d["width"],
        "height": d["height"],
        "areas": areas,
        "straits": straits,
        "regions": regions,
        "names": place_names(areas, d["width"], d["height"], [s["line"] for s in straits]),
    }


def _legal_entry(state: State, a: Action, moves: dict[tuple[str, str], list[str]]) -> dict:
    entry: dict[str, Any] = {"key": str(a), "kind": a.kind, "label": describe(state, a)}
    if a.kind in ("enter", "fleet"):
        entry["area"] = a.args[0]
    elif a.kind == "declare":
        entry["card"] = a.args[0]
        entry["area"] = a.args[1] if len(a.args) > 1 else None
    elif a.kind == "transfer":
        entry["card"], entry["area"] = a.args
        entry["path"] = [x for x in moves.get((a.args[0], a.args[1]), [])]
    elif a.kind == "choose":
        entry["empire"] = a.args[0]
    return entry


def view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    frame = game.top(state)
    deciding = game.current_player(state)
    players = []
    for p in state["players"]:
        s = p["seat"]
        show = seat is None or seat == s
        piles: dict[str, int] = {}
        for c in p["hand"]:
            piles[content.cards()[c]["pile"]] = piles.get(content.cards()[c]["pile"], 0) + 1
        players.append(
            {
                **identity(state, s),
                "vp": p["vp"],
                "vp_by": dict(p["vp_by"]),
                "next_vp": breakdown(state, s),
                "hand": [card_public(c) for c in p["hand"]] if show else None,
                "hand_count": len(p["hand"]),
                "hand_piles": piles,
                "empires": list(p["empires"]),
            }
        )
    legal: list[dict[str, Any]] = []
    if deciding is not None and (seat is None or seat == deciding):
        moves = {}
        if frame and frame["kind"] == "transfer":
            moves = {(c, d): p for c, d, p in paths.possible(state, deciding)}
        legal = [_legal_entry(state, a, moves) for a in game.legal_actions(state)]
    turn = state["turn"]
    present = board.present(state)
    empires = []
    for eid, rec in state["empires"].items():
        info = board.empire_summary(eid)
        info.update(
            seat=rec["owner"],
            capital=rec["capital"],
            founded=rec["founded"],
            lands=len(board.empire_lands(state, eid)),
            present=eid == present,
            terms=empire_terms(eid),
        )
        empires.append(info)
    empires.sort(key=lambda e: (e["epoch"], e["order"]))
    offer = []
    if state["epoch"] and not state["over"]:
        for eid in content.epoch_empires(state["epoch"]):
            info = board.empire_summary(eid)
            rec = state["empires"].get(eid)
            info.update(taken_by=rec["owner"] if rec else None, terms=empire_terms(eid))
            offer.append(info)
    culture = []
    for card, eid in sorted(state["culture"].items()):
        info = card_public(card)
        info.update(
            empire=eid,
            empire_name=board.empire_name(eid),
            seat=board.owner(state, eid),
            capital=board.capital(state, eid),
            points=culture_cards.card_points(state, card),
        )
        culture.append(info)
    return {
        **game.view_header(state, seat),
        "epoch": state["epoch"],
        "epoch_name": content.ROMAN[state["epoch"]],
        "epochs": state["options"]["epochs"],
        "map": map_payload(),
        "board": {
            "lands": {
                a: {"empire": e, "seat": board.owner(state, e)}
                for a, e in sorted(state["lands"].items())
            },
            "fleets": {
                w: [{"empire": e, "seat": board.owner(state, e)} for e in es]
                for w, es in sorted(state["fleets"].items())
                if es
            },
            "capitals": dict(sorted(board.capitals(state).items())),
            "forts": list(state["forts"]),
            "monuments": list(state["monuments"]),
        },
        "empires": empires,
        "offer": offer,
        "culture": culture,
        "destroyed": [card_public(c) for c in state["destroyed"]],
        "discard": [card_public(c) for c in state["discard"]],
        "players": players,
        "turn": dict(turn) if turn else None,
        "frame": {"kind": frame["kind"], "player": frame["player"]} if frame else None,
        "legal": legal,
    }


# -- actions in words ------------------------------------------------------------------------------
def describe(state: State, action: Action) -> str:
    k, a = action.kind, action.args
    try:
        if k == "choose":
            return f"Take the {board.empire_name(a[0])} ({empire_terms(a[0])})"
        if k == "enter":
            if board.holder(state, a[0]) is None:
                return f"Enter {content.name(a[0])}"
            return f"Attack {content.name(a[0])} ({board.describe_holder(state, a[0])})"
        if k == "fleet":
            return f"Put a fleet in the {content.name(a[0])}"
        if k == "declare":
            text = f"Declare {content.name(a[0])}"
            return text + (f" on {content.name(a[1])}" if len(a) > 1 else "")
        if k == "transfer":
            return f"Transfer {content.name(a[0])} to the Capital in {content.name(a[1])}"
        if k == "end":
            return "End the Expansion phase"
        if k == "done":
            return "Done transferring: go on to the Victory Point phase"
    except (KeyError, IndexError):
        pass
    return str(action)
