"""The advances panel of the view: every advance owned, available or locked, and why.

The state of each advance comes from the research action's own named checks
(``research.ENSURED`` then ``research.cost``), so the panel and a refused
``research <id>`` always name the same rule. The turn checks (whose turn, actions
left) are left out: the panel answers "may this player research it at all",
which is public for every seat, as advances and resources are public.

Compact encoding (docs/CONTRACTS.md): the static tree and the rule table are
sent once (they never change, so the widget's diffs skip them); each player
carries one character per advance, in tree order.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from ..engine.game import State
from ..engine.rules import Check
from . import content, research

OWNED = "o"
AVAILABLE = "a"
"""Allowed and payable now."""
UNPAID = "$"
"""Allowed, but the player cannot pay for it now (the ``research.cost`` rule)."""
# Locked: the digit is the index in LOCK_CHECKS of the first failing check.
LOCK_CHECKS: tuple[Check, ...] = tuple(research.ENSURED)
assert len(LOCK_CHECKS) <= 10, "one digit per lock rule"
COST_CHECK: Check = research.affordable


def _rule_row(c: Check, options: dict[str, Any]) -> list[str]:
    return [c.rule.id, c.rule.text(options), c.rule.section]


def tree(options: dict[str, Any]) -> Mapping[str, Any]:
    """The static part: groups in primer order, the rules behind each code (their reasons
    worded from the game's options). One shared (cached) object per set of options in
    every view: never mutate it."""
    return _tree(tuple(sorted(options.items())))


@cache
def _tree(options_key: tuple[tuple[str, Any], ...]) -> Mapping[str, Any]:
    options = dict(options_key)
    adv = content.advances()
    return {
        "groups": [
            [g["id"], g["name"], [[a, adv[a]["name"], adv[a]["summary"]] for a in g["advances"]]]
            for g in content.load("advances")["groups"]
        ],
        "codes": {
            OWNED: "owned",
            AVAILABLE: "available",
            UNPAID: "unaffordable",
            **{str(i): "locked" for i in range(len(LOCK_CHECKS))},
        },
        "rules": {
            UNPAID: _rule_row(COST_CHECK, options),
            **{str(i): _rule_row(c, options) for i, c in enumerate(LOCK_CHECKS)},
        },
    }


@cache
def _tree_order() -> tuple[str, ...]:
    return tuple(a for g in content.load("advances")["groups"] for a in g["advances"])


@lru_cache(maxsize=4096)
def _locks(owned: frozenset[str]) -> tuple[str | None, ...]:
    """Per advance in tree order: OWNED, the digit of the first failing lock check,
    or None (open: only the cost is left to ask). The lock checks read nothing but
    the player's advances (the same premise as ``research.open_advances``), so they
    run on a state holding only those: the owned set is the whole cache key, and a
    check that ever read more would fail loudly here instead of going stale."""
    probe = {"players": [{"advances": owned}]}
    frame = {"kind": "turn", "player": 0}
    out: list[str | None] = []
    for a in _tree_order():
        args = {"player": 0, "advance": a, "free": False}
        if a in owned:
            out.append(OWNED)
            continue
        out.append(
            next((str(i) for i, c in enumerate(LOCK_CHECKS) if not c.ok(probe, frame, args)), None)
        )
    return tuple(out)


def status(state: State, p: int) -> str:
    """One character per advance of ``tree()``, groups concatenated in order."""
    locks = _locks(frozenset(state["players"][p]["advances"]))
    frame = {"kind": "turn", "player": p}
    out = []
    for a, lock in zip(_tree_order(), locks, strict=True):
        if lock is None:
            args = {"player": p, "advance": a, "free": False}
            lock = AVAILABLE if COST_CHECK.ok(state, frame, args) else UNPAID
        out.append(lock)
    return "".join(out)
