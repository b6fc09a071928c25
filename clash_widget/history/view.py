"""What a seat may see (rule zones.council-hidden), and actions in words.

Public: the map (cities, terrains, mods, production, creations, units), techs, research,
policies, culture counters, landfills, pulled cards, how many cards each treasury and
council holds, the phase and the initiative order. Private: a council, to its owner (the
teacher's view, ``seat=None``, sees every council). Nobody sees a treasury's order.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game
from ..engine.game import State
from . import cards as C
from . import zones as Z
from .actions import found_cost

PHASE_NAMES = {
    "setup": "Set-up",
    "opening": "Opening phase",
    "trade": "Maintenance phase: trade",
    "production": "Maintenance phase: production",
    "growth": "Maintenance phase: growth",
    "plan": "Maintenance phase: research and production",
    "action": "Action phase",
    "closing": "Closing phase",
    "trim": "Closing phase: council size",
}


def _card(state: State, cid: str | None) -> dict[str, Any] | None:
    return None if cid is None else C.public(state, cid)


def city_view(state: State, cid: str) -> dict[str, Any]:
    c = state["cities"][cid]
    prod = None
    if c["prod"] is not None:
        prod = {**C.public(state, c["prod"]), "made": c["made"]}
    units = []
    for u in sorted(Z.units_at(state, cid)):
        x = state["units"][u]
        d = C.design(state, u)
        units.append(
            {
                **C.public(state, u),
                "damage": x["damage"],
                "fresh": not x["tired"],
                "attack": d["attack"],
                "defence": d["defence"],
                "health": d["health"],
                "move": d["move"],
            }
        )
    return {
        **C.public(state, cid),
        "controller": c["ctrl"],
        "capital": state["players"][C.owner(cid)]["capital"] == cid,
        "population": c["pop"],
        "terrains": [
            {**C.public(state, t), "mod": _card(state, c["mods"].get(t))} for t in c["terrains"]
        ],
        "yields": Z.city_yields(state, cid),
        "defence": Z.city_defence(state, cid),
        "production": prod,
        "creations": [
            {**C.public(state, x), "fresh": x not in state["spent"]} for x in c["creations"]
        ],
        "units": units,
    }


def player_view(state: State, s: int, seat: int | None) -> dict[str, Any]:
    p = state["players"][s]
    show = seat is None or seat == s
    research = None
    if p["research"] is not None:
        research = {**C.public(state, p["research"]), "counters": p["counters"]}
    return {
        "seat": s,
        "name": p["name"],
        "deck": p["deck"],
        "deck_name": C.deck_name(p["deck"]),
        "treasury_count": len(p["treasury"]),
        "council_count": len(p["council"]),
        "council": [C.public(state, c) for c in sorted(p["council"])] if show else None,
        "council_max": Z.council_max(state, s),
        "landfill": [C.public(state, c) for c in p["landfill"]],
        "culture": p["culture"],
        "research": research,
        "techs": [C.public(state, t) for t in p["techs"]],
        "policies": [C.public(state, x) for x in p["policies"]],
        "capital": p["capital"],
        "holds_capital": Z.holds_capital(state, s),
        "population": Z.population(state, s),
        "wonders": len(Z.wonders(state, s)),
        "trade": Z.trade_total(state, s),
        "founding_cost": found_cost(state, s),
        "cities": [city_view(state, c) for c in sorted(Z.cities_of(state, s))],
    }


def _frame_view(state: State, frame: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": frame["kind"], "player": frame["player"]}
    for key in ("left", "city", "by"):
        if key in frame:
            out[key] = frame[key]
    if "cards" in frame:
        out["cards"] = [C.public(state, c) for c in frame["cards"]]
    return out


def _shown(state: State) -> dict[str, Any]:
    sh = state["shown"]
    out: dict[str, Any] = {
        "initiative": [
            {"seat": x["seat"], "card": C.public(state, x["card"]), "round": x["round"]}
            for x in sh.get("initiative", [])
        ],
        "growth": [
            {
                "city": g["city"],
                "cards": [C.public(state, c) for c in g["cards"]],
                "total": g["total"],
                "need": g["need"],
            }
            for g in sh.get("growth", [])
        ],
        "clash": None,
        "battle": sh.get("battle"),
    }
    cl = sh.get("clash")
    if cl:
        out["clash"] = {
            **{k: cl[k] for k in ("attacker", "defender", "city", "winner", "tie")},
            "attack_cards": [C.public(state, c) for c in cl["attack_cards"]],
            "defence_cards": [C.public(state, c) for c in cl["defence_cards"]],
            "attack_hand": list(cl["attack_hand"]),
            "defence_hand": list(cl["defence_hand"]),
            "attack_name": cl["attack_name"],
            "defence_name": cl["defence_name"],
        }
    return out


def view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    frame = game.top(state)
    deciding = game.current_player(state)
    legal = []
    if deciding is not None and (seat is None or seat == deciding):
        for a in game.legal_actions(state):
            legal.append(
                {
                    "key": str(a),
                    "kind": a.kind,
                    "label": describe(state, a),
                    "args": list(a.args),
                }
            )
    t = state["turn"]
    return {
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "current_player": deciding,
        "over": bool(state["over"]),
        "result": state["result"],
        "prompt": game.prompt(state),
        "options": dict(state["options"]),
        "turn": {
            "number": t["number"],
            "phase": t["phase"],
            "phase_name": PHASE_NAMES[t["phase"]],
            "order": list(t["order"]),
            "active": list(t["active"]) if t["phase"] == "action" else [],
            "bonus": dict(t["bonus"]),
            "clashed": list(t["clashed"]),
        },
        "players": [player_view(state, s, seat) for s in range(Z.n_players(state))],
        "table": [C.public(state, c) for c in state["table"]],
        "shown": _shown(state),
        "frame": _frame_view(state, frame) if frame else None,
        "legal": legal,
        "log": [game.event_for(e, seat) for e in state["log"][-60:]],
    }


# -- actions in words------------------------------------------------------------------------------
def _n(state: State, x: str) -> str:
    if x in state["cities"]:
        return Z.city_name(state, x)
    if C.is_card(state, x):
        return C.name(state, x)
    return x


def describe(state: State, action: Action) -> str:
    k, a = action.kind, action.args
    try:
        if k == "capital":
            return f"Deploy {_n(state, a[0])} as your capital"
        if k == "home":
            return f"Put {_n(state, a[0])} next to your capital"
        if k == "research" and a and a[0].isdigit():
            return f"Put {a[0]} research counter{'s' if a[0] != '1' else ''} on your research"
        if k == "research":
            return f"Research {_n(state, a[0])}"
        if k == "consult":
            return f"Consult a card ({state['options']['trade_consult']} trade)"
        if k == "cycle":
            return f"Consult, then discard a card ({state['options']['trade_cycle']} trade)"
        if k == "culture":
            return f"Gain a culture counter ({state['options']['trade_culture']} trade)"
        if k == "done":
            return "Done"
        if k == "discard":
            return f"Discard {_n(state, a[0])}"
        if k == "produce" and len(a) == 2:
            return f"{_n(state, a[0])} produces {_n(state, a[1])}"
        if k == "produce":
            return f"Produce {_n(state, a[0])}"
        if k == "explore":
            return f"Explore with {_n(state, a[0])}"
        if k == "attack":
            return f"Attack {_n(state, a[1])} from {_n(state, a[0])}"
        if k == "found":
            text = f"Found {_n(state, a[0])}"
            return text + (f" (paid by {_n(state, a[1])})" if len(a) > 1 else "")
        if k in ("play", "take"):
            verb = "Play" if k == "play" else "Deploy"
            text = f"{verb} {_n(state, a[0])}"
            if len(a) > 1:
                if C.ctype(state, a[0]) == "city":
                    return text + f" (paid by {_n(state, a[1])})"
                return text + f" on {_n(state, a[1])}"
            return text
        if k == "terrain":
            return f"Put {_n(state, a[0])} next to the new city"
        if k == "none":
            return "None"
        if k == "heal":
            return f"Heal {_n(state, a[0])}"
        if k == "move":
            return f"Move {_n(state, a[0])} to {_n(state, a[1])}"
        if k == "ability":
            return f"Use {_n(state, a[0])}"
        if k == "clash":
            return f"Culture clash from {_n(state, a[0])} against {Z.player_name(state, int(a[1]))}"
        if k == "shrink":
            return f"{_n(state, a[0])} loses 1 population"
        if k == "pass":
            return "Pass"
    except (IndexError, ValueError, KeyError):
        pass
    return str(action)
