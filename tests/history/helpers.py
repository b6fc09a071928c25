"""Scenario helpers for History CCG tests: a blank table, then cards put by hand.

``blank()`` is a match after set-up with every card back in its owner's treasury, in card
order (so nothing is left to chance unless a test stacks the treasury), no city on the map
and no pending decision; tests then build the position with
:mod:`clash_widget.history.scenario` and open the frame they test.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match
from clash_widget.engine.rng import Stream
from clash_widget.history import scenario

__all__ = ["scenario", "blank", "busy", "city_designs", "kinds", "ok", "refused"]


def blank(players: int = 2, seed: int = 0, **options: Any) -> Match:
    m = Match.new("history", players, seed, options)
    s = m.state
    for p in s["players"]:
        p["treasury"] = sorted(p["treasury"] + p["council"] + p["landfill"])
        p["council"], p["landfill"], p["capital"] = [], [], None
    for cid, c in s["cities"].items():
        seat = int(cid.split("-")[0])
        s["players"][seat]["treasury"] += [cid, *c["terrains"]]
    for seat, p in enumerate(s["players"]):
        p["treasury"].sort()
        Stream(seat).shuffle(p["treasury"])  # a fixed order, different for every seat
    s["cities"], s["units"], s["table"], s["stack"] = {}, {}, [], []
    s["turn"].update(number=1, phase="action", order=list(range(players)), queue=[], active=[])
    m._undo.clear()
    return m


def ok(m: Match, key: str) -> list[dict[str, Any]]:
    out = m.play(key)
    assert out.ok, f"{key} refused: {out.verdict}"
    assert not m.game.invariants(m.state), m.game.invariants(m.state)
    return out.events


def refused(m: Match, key: str, rule_id: str) -> str:
    before = m.state_hash()
    v = m.check(key)
    assert v is not None, f"{key} was legal"
    assert v.rule_id == rule_id, f"{key}: {v}"
    assert key not in {str(a) for a in m.legal_actions()}
    assert not m.play(key).ok and m.state_hash() == before
    return v.reason


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]


def busy(m: Match, seat: int) -> str:
    """Give ``seat`` a War Cry, so their action-phase turn is a real choice (play or pass)
    and the game waits there instead of running on."""
    return scenario.give(
        m.state, seat, "war_cry" if m.state["players"][seat]["deck"] == "highlands" else "festival"
    )


def city_designs(m: Match, seat: int) -> list[str]:
    """The city designs of ``seat``'s deck, in deck order."""
    from clash_widget.history import cards as card_set

    deck = m.state["players"][seat]["deck"]
    out = [
        c.design for c in card_set.deck_list(deck) if card_set.designs()[c.design]["type"] == "city"
    ]
    return list(dict.fromkeys(out))
