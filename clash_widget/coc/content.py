"""Static content loaded once from the data files (never copied into states)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


@cache
def load(name: str) -> Any:
    with open(DATA / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


@cache
def advances() -> Mapping[str, Mapping[str, Any]]:
    return {a["id"]: a for a in load("advances")["advances"]}


@cache
def groups() -> Mapping[str, Mapping[str, Any]]:
    return {g["id"]: g for g in load("advances")["groups"]}


@cache
def advance_order() -> tuple[str, ...]:
    return tuple(a["id"] for a in load("advances")["advances"])


def group_of(advance: str) -> Mapping[str, Any]:
    return groups()[advances()[advance]["group"]]


SCIENCE_GROUP = "science"


@cache
def governments() -> tuple[str, ...]:
    """The government groups (Democracy, Autocracy, Theocracy), from the data."""
    return tuple(g for g, info in groups().items() if info["government"])


def government_of(player: dict[str, Any]) -> str | None:
    """The government group ``player`` holds advances in (None before the first)."""
    govs = governments()
    catalogue = advances()
    return next((g for a in player["advances"] if (g := catalogue[a]["group"]) in govs), None)
