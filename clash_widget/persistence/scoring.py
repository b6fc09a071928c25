"""The Victory Point phase (ours, rule vp.phase) with the Culture cards of seed rule 4.1.

At the end of each of their turns a player scores for their whole Faction: regions
(presence, dominance or control of their non-barren lands), Capitals standing,
Monuments in their lands, and every Culture card their Empires possess.
"""

from __future__ import annotations

from ..engine import Events
from ..engine.game import State
from ..engine.seats import name as who
from . import board, content
from . import culture as culture_cards


def region_points(state: State, seat: int) -> dict[str, int]:
    """Per region the points ``seat`` would score now (0 where absent)."""
    o = state["options"]
    n = len(state["players"])
    out = {}
    for rid, region in content.regions().items():
        scoring = [a for a in content.region_lands(rid) if not content.is_barren(a)]
        count = [0] * n
        for a in scoring:
            s = board.holder_seat(state, a)
            if s is not None:
                count[s] += 1
        mine = count[seat]
        if mine == 0:
            out[rid] = 0
        elif mine == len(scoring):
            out[rid] = region["value"] * o["vp_control_factor"]
        elif all(mine > c for s, c in enumerate(count) if s != seat):
            out[rid] = region["value"]
        else:
            out[rid] = o["vp_presence"]
    return out


def breakdown(state: State, seat: int) -> dict[str, int]:
    """What ``seat`` would score in a Victory Point phase now, by source."""
    o = state["options"]
    mine = set(board.faction(state, seat))
    held = set(board.seat_lands(state, seat))
    return {
        "regions": sum(region_points(state, seat).values()),
        "capitals": o["vp_capital"] * sum(1 for e in board.capitals(state).values() if e in mine),
        "monuments": o["vp_monument"] * sum(1 for a in state["monuments"] if a in held),
        "culture": sum(
            culture_cards.card_points(state, c) for c in culture_cards.faction_cards(state, seat)
        ),
    }


def vp_phase(state: State, seat: int, ev: Events) -> None:
    parts = breakdown(state, seat)
    culture_cards.score(state, seat, ev)  # one culture_scored event per card
    p = state["players"][seat]
    for k, v in parts.items():
        p["vp_by"][k] += v
    total = sum(parts.values())
    p["vp"] += total
    detail = ", ".join(f"{k} {v}" for k, v in parts.items())
    ev.emit(
        "vp",
        f"{who(state, seat)} scores {total} VP ({detail}); {p['vp']} in all",
        seat=seat,
        vp=total,
        parts=parts,
    )
