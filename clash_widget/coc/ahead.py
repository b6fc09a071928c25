"""Choices the board offers before the engine would ask them, in the view payload.

Two decisions follow some actions: which unit of a stack goes (``which_units``, when
units of one kind differ) and how to pay (``payment``, when gold could stand in for
food, wood or ore). The player may also name them in the action itself (``pick:...``,
``food:1+gold:1``); this module works out, from the rules, what the board can offer
for that, in words, so that the widget only shows them and sends the keys:

- :func:`stack_parts`: per stack of units, the kinds of unit in it that the rules tell
  apart (a ship by its cargo, a land unit by a forest entered this turn), each with a
  ``ref`` the legal actions' ``picks`` name;
- :func:`picks`: for a legal group move, each choice of units as a key with ``pick:``;
- :func:`payments`: for a legal action that would ask how to pay, each payment as a
  key with the payment named (the options the ``payment`` decision would list).

Both are offered only where the engine would ask (more than one real answer).
"""

from __future__ import annotations

from typing import Any

from ..engine import Action
from ..engine.game import Frame, Game, State
from . import movement, paying
from .movement import class_words, unit_class

Stack = tuple[str, int, str]  # (hex, owner, kind)


def part_ref(owner: int, hex_key: str, cls: str) -> str:
    """Names one kind of unit in one stack (opaque to the widget): ``0@3,-1:ship-empty``."""
    return f"{owner}@{hex_key}:{cls}"


# A tag drawn on a unit that sets it apart (the legend explains it; words are in ``label``).
# A ship's cargo is not a tag ("+S" was cryptic) but ``cargo``: the board draws its pieces.
def _badge(cls: str) -> str:
    return "\u2663" if cls.partition("-")[2] == "forest" else ""  # the map's forest glyph


def _cargo(cls: str) -> dict[str, int]:
    """What a ship of this class carries, by kind of unit (``{}`` for anything else)."""
    sig = cls.partition("-")[2]
    return movement.parse_spec(sig[len("carrying-") :]) if sig.startswith("carrying-") else {}


def stack_parts(state: State) -> dict[Stack, list[dict[str, Any]]]:
    """The stacks whose units the rules tell apart: their parts, one per kind of unit."""
    classes: dict[Stack, dict[str, int]] = {}
    for uid, u in state["units"].items():
        if u["owner"] < 0:
            continue  # barbarians are never moved by a player
        counts = classes.setdefault((u["hex"], u["owner"], u["kind"]), {})
        cls = unit_class(state, uid)
        counts[cls] = counts.get(cls, 0) + 1
    out: dict[Stack, list[dict[str, Any]]] = {}
    for (h, owner, kind), counts in classes.items():
        if len(counts) < 2:
            continue
        out[(h, owner, kind)] = [
            {
                "ref": part_ref(owner, h, cls),
                "label": class_words(cls),
                "count": n,
                "badge": _badge(cls),
                **({"cargo": _cargo(cls)} if _cargo(cls) else {}),
            }
            for cls, n in sorted(counts.items())
        ]
    return out


def picks(
    state: State, frame: Frame, action: Action, parts: dict[Stack, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """A legal group move that would ask which units go: each choice as a key with ``pick:``.

    ``parts``: :func:`stack_parts` (a move from a stack of alike units, to a sea without
    ships that differ, never asks, so it is not worked out)."""
    if action.kind != "group" or not parts:
        return []
    src, dst = action.args[0], action.args[1]
    p = frame["player"]
    spec = movement.parse_spec(action.args[2])
    if not any((src, p, kind) in parts for kind in spec) and (dst, p, "ship") not in parts:
        return []
    args = movement.parse_group(state, frame, action)
    if args["pick"] is not None:
        return []
    options = movement.pick_options(state, args)
    if len(options) < 2:
        return []
    base = movement.GROUP.describe(state, frame, action)
    known = {part["ref"] for stack in parts.values() for part in stack}
    out = []
    for option in options:
        # A unit that goes is a part of the stack it leaves; a ship boarded, of the one at sea.
        refs = [
            part_ref(p, dst, c.removeprefix("aboard-"))
            if c.startswith("aboard-")
            else part_ref(p, src, c)
            for c in option
        ]
        # Words for what the choice names: the units told apart, and the ship boarded.
        named = [
            class_words(c)
            for c, r in zip(option, refs, strict=True)
            if r in known or c.startswith("aboard-")
        ]
        out.append(
            {
                "key": f"{action} {movement.PICK}{'+'.join(option)}",
                "label": f"{base}: {', '.join(named)}",
                "parts": sorted(set(refs) & known),  # the parts drawn apart on the board
            }
        )
    return out


def payments(game: Game, state: State, frame: Frame, action: Action) -> list[dict[str, Any]]:
    """A legal action that would ask how to pay: each payment as a key naming it, in words
    (the options the ``payment`` decision would list: paying.asked_ways)."""
    if not paying.payable(action.kind):
        return []
    spec = getattr(game.handlers.get(frame["kind"]), "table", {}).get(action.kind)
    if spec is None:
        return []
    args = spec.parse(state, frame, action)
    if not isinstance(args, dict) or args.get("payment") is not None:
        return []
    ways = paying.asked_ways(state, frame, action.kind, args)
    if len(ways) < 2:
        return []  # one way at most: nothing would be asked
    options = [paying.key(w) for w in ways]
    return [{"key": f"{action} {o}", "label": paying.words(o)} for o in options]


def with_payments(
    picks: list[dict[str, Any]], key: str, pays: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Each pick of a move that also asks how to pay (a road) offers the same payments."""
    if not pays:
        return picks
    return [
        {**p, "payments": [{**x, "key": p["key"] + x["key"][len(key) :]} for x in pays]}
        for p in picks
    ]
