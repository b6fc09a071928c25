"""Helpers for the Persistence of Culture tests: play, refuse, find cards, build scenes."""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match
from clash_widget.persistence import content
from clash_widget.persistence.scenario import Scenario


def ok(m: Match, key: str) -> list[dict[str, Any]]:
    """Play ``key``; it must be legal and listed, and the position must stay sound."""
    listed = [str(a) for a in m.legal_actions()]
    o = m.play(key)
    assert o.ok, f"{key}: {o.verdict}"
    assert key in listed, f"{key} was accepted but not listed"
    bad = m.game.invariants(m.state)
    assert not bad, bad
    return o.events


def refused(m: Match, key: str, rule_id: str) -> str:
    """``key`` is refused by ``rule_id``, is not listed, and changes nothing; returns the reason."""
    h = m.state_hash()
    v = m.check(key)
    assert v is not None, f"{key} was accepted"
    assert v.rule_id == rule_id, f"{key}: expected {rule_id}, got {v}"
    assert key not in [str(a) for a in m.legal_actions()]
    assert not m.play(key).ok
    assert m.state_hash() == h
    return v.reason


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]


def of_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def card_for(effect: str, epoch: int, region: str | None = None, *, besides: str = "") -> str:
    """A host card with ``effect`` declarable in ``epoch`` (the first by id), of another pile
    than the card ``besides``."""
    other = content.cards()[besides]["pile"] if besides else ""
    for cid in sorted(content.cards()):
        c = content.cards()[cid]
        if c["effect"] == effect and content.in_time_frame(cid, epoch) and c["pile"] != other:
            if region is None or c.get("region") == region:
                return cid
    raise LookupError(f"no {effect} card in Epoch {epoch} ({region})")


def scene(players: int = 2, epoch: int = 4, **options: Any) -> Scenario:
    return Scenario(players=players, epoch=epoch, **options)


def finish_turn(m: Match) -> list[dict[str, Any]]:
    """End the Expansion phase and be done transferring: the events up to the next decision."""
    events = ok(m, "end")
    if m.state["stack"] and m.state["stack"][-1]["kind"] == "transfer":
        events += ok(m, "done")
    return events
