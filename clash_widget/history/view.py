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
from ..engine.seats import identity
from . import cards as card_set
from . import zones
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


def _card(state: State, cid: str | None, **extra: Any) -> dict[str, Any] | None:
    """A card's public face (with ``extra`` fields), or None for no card."""
    return None if cid is None else {**card_set.public(state, cid), **extra}


def _cards(state: State, ids: Any) -> list[dict[str, Any]]:
    return [card_set.public(state, c) for c in ids]


def city_view(state: State, cid: str) -> dict[str, Any]:
    c = state["cities"][cid]
    units = []
    for u in sorted(zones.units_at(state, cid)):
        x, d = state["units"][u], card_set.design(state, u)
        stats = {k: d[k] for k in ("attack", "defence", "health", "move")}
        units.append(_card(state, u, damage=x["damage"], fresh=not x["tired"], **stats))
    return {
        **card_set.public(state, cid),
        "controller": c["controller"],
        "capital": state["players"][card_set.owner(cid)]["capital"] == cid,
        "population": c["population"],
        "terrains": [_card(state, t, mod=_card(state, c["mods"].get(t))) for t in c["terrains"]],
        "yields": zones.city_yields(state, cid),
        "defence": zones.city_defence(state, cid),
        "production": _card(state, c["production"], made=c["progress"]),
        "creations": [_card(state, x, fresh=x not in state["spent"]) for x in c["creations"]],
        "units": units,
    }


def player_view(state: State, s: int, seat: int | None) -> dict[str, Any]:
    p = state["players"][s]
    show = seat is None or seat == s
    return {
        **identity(state, s),
        "deck": p["deck"],
        "deck_name": card_set.deck_name(p["deck"]),
        "treasury_count": len(p["treasury"]),
        "council_count": len(p["council"]),
        "council": _cards(state, sorted(p["council"])) if show else None,
        "council_max": zones.council_max(state, s),
        "landfill": _cards(state, p["landfill"]),
        "culture": p["culture"],
        "research": _card(state, p["research"], counters=p["counters"]),
        "techs": _cards(state, p["techs"]),
        "policies": _cards(state, p["policies"]),
        "capital": p["capital"],
        "holds_capital": zones.holds_capital(state, s),
        "population": zones.population(state, s),
        "wonders": len(zones.wonders(state, s)),
        "trade": zones.trade_total(state, s),
        "founding_cost": found_cost(state, s),
        "cities": [city_view(state, c) for c in sorted(zones.cities_of(state, s))],
    }


def _frame_view(state: State, frame: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": frame["kind"], "player": frame["player"]}
    for key in ("left", "city", "by"):
        if key in frame:
            out[key] = frame[key]
    if "cards" in frame:
        out["cards"] = _cards(state, frame["cards"])
    return out


def _shown(state: State) -> dict[str, Any]:
    sh = state["shown"]
    out: dict[str, Any] = {
        "initiative": [
            {**x, "card": card_set.public(state, x["card"])} for x in sh.get("initiative", [])
        ],
        "growth": [{**g, "cards": _cards(state, g["cards"])} for g in sh.get("growth", [])],
        "clash": None,
        "battle": sh.get("battle"),
    }
    cl = sh.get("clash")
    if cl:
        out["clash"] = {k: cl[k] for k in ("attacker", "defender", "city", "winner", "tie")}
        for side in ("attack", "defence"):
            out["clash"][f"{side}_cards"] = _cards(state, cl[f"{side}_cards"])
            out["clash"][f"{side}_hand"] = list(cl[f"{side}_hand"])
            out["clash"][f"{side}_name"] = cl[f"{side}_name"]
    return out


def view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    frame = game.top(state)
    deciding = game.current_player(state)
    legal = []
    if deciding is not None and (seat is None or seat == deciding):
        legal = [
            {"key": str(a), "kind": a.kind, "label": describe(state, a), "args": list(a.args)}
            for a in game.legal_actions(state)
        ]
    t = state["turn"]
    return {
        **game.view_header(state, seat),
        "turn": {
            "number": t["number"],
            "phase": t["phase"],
            "phase_name": PHASE_NAMES[t["phase"]],
            "order": list(t["order"]),
            "active": list(t["active"]) if t["phase"] == "action" else [],
            "bonus": dict(t["bonus"]),
            "clashed": list(t["clashed"]),
        },
        "players": [player_view(state, s, seat) for s in range(zones.n_players(state))],
        "table": _cards(state, state["table"]),
        "shown": _shown(state),
        "frame": _frame_view(state, frame) if frame else None,
        "legal": legal,
    }


# -- actions in words------------------------------------------------------------------------------
def _n(state: State, x: str) -> str:
    if x in state["cities"]:
        return zones.city_name(state, x)
    if card_set.is_card(state, x):
        return card_set.name(state, x)
    return x


# Kinds whose label is a template over the names of their arguments.
LABELS = {
    "capital": "Deploy {0} as your capital",
    "home": "Put {0} next to your capital",
    "research": "Research {0}",
    "done": "Done",
    "discard": "Discard {0}",
    "explore": "Explore with {0}",
    "attack": "Attack {1} from {0}",
    "terrain": "Put {0} next to the new city",
    "heal": "Heal {0}",
    "move": "Move {0} to {1}",
    "ability": "Use {0}",
    "shrink": "{0} loses 1 population",
    "pass": "Pass",
    "grow": "Try to grow {0}",
    "pull": "Pull three cards for the new city",
}
# "none" answers the decision on top of the stack: its words depend on which one it is.
NONE_LABELS = {
    "explore": "Deploy none of the pulled cards",
    "settle": "Put no terrain next to the new city",
    "settle_produce": "Produce nothing in the new city for now",
}
# Trade purchases: what is bought, and the option that holds its price in trade.
TRADE_LABELS = {
    "consult": ("Consult a card", "trade_consult"),
    "cycle": ("Consult, then discard a card", "trade_cycle"),
    "culture": ("Gain a culture counter", "trade_culture"),
}


def _attack_label(state: State, origin: str, target: str) -> str:
    """The label "Attack X from Y": two cities taken from the same player say so once."""
    owners = {card_set.owner(c) for c in (origin, target)}
    taken = [state["cities"][c]["controller"] != card_set.owner(c) for c in (origin, target)]
    if all(taken) and len(owners) == 1:
        both = f"both taken from {zones.player_name(state, owners.pop())}"
        return f"Attack {card_set.name(state, target)} from {card_set.name(state, origin)}, {both}"
    return LABELS["attack"].format(zones.city_name(state, origin), zones.city_name(state, target))


def describe(state: State, action: Action) -> str:
    k, a = action.kind, action.args
    try:
        if k == "research" and a and a[0].isdigit():
            return f"Put {a[0]} research counter{'s' if a[0] != '1' else ''} on your research"
        if k in TRADE_LABELS:
            what, price = TRADE_LABELS[k]
            return f"{what} ({state['options'][price]} trade)"
        if k == "done" and state["stack"] and state["stack"][-1]["kind"] == "grow":
            return "Done: the other cities do not try to grow"
        if k == "none":
            frame = state["stack"][-1]["kind"] if state["stack"] else ""
            return NONE_LABELS.get(frame, "None of these")
        if k == "clash":
            return (
                f"Culture clash from {_n(state, a[0])} against "
                f"{zones.player_name(state, int(a[1]))}"
            )
        if k == "attack":
            return _attack_label(state, a[0], a[1])
        names = [_n(state, x) for x in a]
        if k in LABELS:
            return LABELS[k].format(*names)
        if k == "produce":
            return f"{names[0]} produces {names[1]}" if len(a) == 2 else f"Produce {names[0]}"
        if k == "found":
            return f"Found {names[0]}" + (f" (paid by {names[1]})" if len(a) > 1 else "")
        if k in ("play", "take"):
            text = f"{'Play' if k == 'play' else 'Deploy'} {names[0]}"
            if len(a) > 1:
                city = card_set.ctype(state, a[0]) == "city"
                return text + (f" (paid by {names[1]})" if city else f" on {names[1]}")
            return text
    except (IndexError, ValueError, KeyError):
        pass
    return str(action)
