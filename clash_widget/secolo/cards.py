"""The card catalogue, read once from ``data/cards.json``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "cards.json"

CITIZEN_TYPES = ("protagonist", "character")
PLAYABLE_TYPES = ("character", "bulwark", "object")


@cache
def data() -> Mapping[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@cache
def catalogue() -> Mapping[str, Mapping[str, Any]]:
    return {c["id"]: c for c in data()["cards"]}


@cache
def cultures() -> Mapping[str, Mapping[str, Any]]:
    return {c["code"]: c for c in data()["cultures"]}


@cache
def deck_cards(deck: str) -> tuple[str, ...]:
    """Every card id of a deck ("base" or "extended"), in catalogue order."""
    if deck not in ("base", "extended"):
        raise ValueError(f"unknown deck {deck!r}: use 'base' or 'extended'")
    keep = ("base",) if deck == "base" else ("base", "extended")
    return tuple(c["id"] for c in data()["cards"] if c["deck"] in keep)


@cache
def deck_cultures(deck: str) -> tuple[str, ...]:
    keep = ("base",) if deck == "base" else ("base", "extended")
    return tuple(c["code"] for c in data()["cultures"] if c["deck"] in keep)


def card(cid: str) -> Mapping[str, Any]:
    return catalogue()[cid]


@cache  # a card's printed facts never change: asked in every listing
def ctype(cid: str) -> str:
    return catalogue()[cid]["type"]


@cache  # a card's printed facts never change: asked in every listing
def culture(cid: str) -> str | None:
    return catalogue()[cid]["culture"]


@cache  # a card's printed facts never change: asked in every listing
def effect(cid: str) -> str | None:
    return catalogue()[cid].get("effect")


@cache  # a card's printed facts never change
def of_type(*types: str) -> frozenset[str]:
    """Every card id of these types (``"attack"``, ``"character"``...): a hand or a city is
    filtered by one set operation (``of_type("attack").intersection(hand)``)."""
    return frozenset(cid for cid, c in catalogue().items() if c["type"] in types)


@cache  # a card's printed facts never change: asked card by card in a city
def is_bulwark(cid: str) -> bool:
    return ctype(cid) == "bulwark"


@cache  # a card's printed facts never change: asked card by card in a city
def is_character(cid: str) -> bool:
    return ctype(cid) == "character"


@cache  # a card's printed facts never change: asked card by card in a hand
def is_attack(cid: str) -> bool:
    return ctype(cid) == "attack"


@cache  # a card's printed facts never change: asked card by card in a city
def is_object(cid: str) -> bool:
    return ctype(cid) == "object"


@cache  # a card's printed names never change: asked for most log lines
def label(cid: str) -> str:
    """A card's name in what a person reads: the English name only (the table offers the
    seed's Italian name on demand, as a setting and in each card's tooltip)."""
    return str(catalogue()[cid]["gloss"])


def named(x: str) -> str:
    """A card by its names when ``x`` is a card id; anything else as it was written."""
    return label(x) if x in catalogue() else x


def public(cid: str) -> dict[str, Any]:
    """The card as the widget shows it."""
    c = catalogue()[cid]
    out = {
        "id": cid,
        "type": c["type"],
        "culture": c["culture"],
        "name": c["name"],
        "gloss": c["gloss"],
    }
    if "text" in c:
        out["text"] = c["text"]
    if "timing" in c:
        out["timing"] = c["timing"]
    return out
