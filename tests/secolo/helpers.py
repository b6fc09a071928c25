"""Scenario builders for Secolo tests: start a match, then move cards by hand.

``move`` keeps card conservation (a card leaves its old place before entering the new one),
so every scenario still passes ``Secolo.invariants``.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match
from clash_widget.secolo import logic

# Seat 0 the Naturalist (only changes redraws), seat 1 the Abbess, ...
DEFAULT_PICKS = ["sci-pr-2", "cat-pr-1", "rif-pr-1", "sci-pr-1", "pir-pr-1"]


def new_match(
    players: int = 2,
    *,
    picks: list[str] | None = None,
    seed: int = 0,
    empty_hands: bool = True,
    **options: Any,
) -> Match:
    """A match after setup, at the act step of seat 0, with empty hands (cards back in deck)."""
    m = Match.new("secolo", players, seed, options)
    picks = picks or DEFAULT_PICKS[:players]
    for s in range(players):
        pool = sorted(m.state["pool"])
        want = picks[s] if s < len(picks) else next(c for c in pool if c not in picks)
        assert m.play(f"pick {want}").ok
    if empty_hands:
        for p in m.state["players"]:
            m.state["deck"].extend(p["hand"])
            p["hand"] = []
        m.state["revealed"] = {}
    set_act(m, 0)
    return m


def locate(state: dict[str, Any], cid: str) -> tuple[str, int | None]:
    for pile in ("deck", "discard", "removed", "pool"):
        if cid in state[pile]:
            return pile, None
    for p in state["players"]:
        if cid in p["hand"]:
            return "hand", p["seat"]
        if cid in p["city"]:
            return "city", p["seat"]
    raise KeyError(cid)


def move(
    m: Match,
    cid: str,
    where: str,
    seat: int | None = None,
    holder: str | None = None,
    by: int | None = None,
) -> None:
    """Move ``cid`` to ``where`` ("hand", "city", "discard", "deck", "deck_top")."""
    st = m.state
    pile, s = locate(st, cid)
    if pile == "hand":
        logic.from_hand(st, s, cid)
    elif pile == "city":
        logic.leave_city(st, s, cid, 0)
    else:
        st[pile].remove(cid)
        st["discarded_by"].pop(cid, None)
    if where == "hand":
        logic.to_hand(st, seat, cid, known=False)
    elif where == "city":
        logic.enter_city(st, seat, cid, holder)
    elif where == "discard":
        logic.to_discard(st, cid, seat if by is None else by)
    elif where == "deck":
        st["deck"].insert(0, cid)
    elif where == "deck_top":
        st["deck"].append(cid)
    else:
        raise ValueError(where)


def give(m: Match, seat: int, *cids: str) -> None:
    for c in cids:
        move(m, c, "hand", seat)


def build(m: Match, seat: int, *cids: str) -> None:
    for c in cids:
        move(m, c, "city", seat)


def set_act(m: Match, seat: int) -> None:
    st = m.state
    st["turn"] = logic.fresh_turn(seat, st["turn"]["number"] + 1)
    st["stack"] = [{"kind": "act", "player": seat}]


def set_draw(m: Match, seat: int) -> None:
    st = m.state
    st["turn"] = logic.fresh_turn(seat, st["turn"]["number"] + 1)
    st["stack"] = [{"kind": "draw", "player": seat, "marked": []}]


def ok(m: Match, key: str) -> list[dict[str, Any]]:
    o = m.play(key)
    assert o.ok, f"{key}: {o.verdict}"
    bad = m.game.invariants(m.state)
    assert not bad, bad
    return o.events


def refused(m: Match, key: str, rule_id: str) -> None:
    h = m.state_hash()
    v = m.check(key)
    assert v is not None, f"{key} was accepted"
    assert v.rule_id == rule_id, f"{key}: expected {rule_id}, got {v}"
    assert not m.play(key).ok
    assert m.state_hash() == h


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]
