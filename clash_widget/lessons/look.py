"""Read a position the way a lesson talks about it: a city, the units on a space, a player.

Check cells use these instead of the engine's internal state keys, so a check reads like
the rule it checks: ``city_at(board, "2,1").mood == "angry"``,
``units_at(board, "3,0").armies("Blue") == 2``, ``player(board, "Blue").gold == 1``.
Each helper takes a ``BoardWidget`` or a ``Match``; what it returns is a snapshot (look
again after a move).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from clash_widget.coc.board import city_size
from clash_widget.coc.content import advances as advance_data
from clash_widget.coc.vocab import BARBARIANS, MOOD_NAMES
from clash_widget.coc.wonders import wonder_cards
from clash_widget.engine import Match

BARBARIAN_NAME = "Barbarians"


def _match(board_or_match: Any) -> Match:
    if isinstance(board_or_match, Match):
        return board_or_match
    return board_or_match.match


def _name(state: dict[str, Any], seat: int) -> str:
    return BARBARIAN_NAME if seat == BARBARIANS else state["players"][seat]["name"]


@dataclass(frozen=True)
class City:
    """A city as the board shows it: who owns it, its real size, mood, pieces and wonders."""

    at: str
    owner: str
    size: int
    mood: str  # "angry", "neutral" or "happy"
    pieces: dict[str, str] = field(default_factory=dict)  # piece -> colour it shows
    wonders: tuple[str, ...] = ()  # their names, e.g. "Great Wall"
    capital: bool = False

    def pieces_of(self, name: str) -> list[str]:
        """The pieces that score for ``name`` (won by cultural influence or built)."""
        return sorted(p for p, owner in self.pieces.items() if owner == name)


@dataclass(frozen=True)
class Units:
    """The units standing on one space (ships' passengers included), by owner and kind."""

    at: str
    counts: Counter = field(default_factory=Counter)  # (owner name, kind) -> how many
    aboard: Counter = field(default_factory=Counter)  # (owner name, kind) -> how many aboard

    def _count(self, kind: str, owner: str | None) -> int:
        return sum(n for (o, k), n in self.counts.items() if k == kind and owner in (None, o))

    def armies(self, owner: str | None = None) -> int:
        return self._count("army", owner)

    def settlers(self, owner: str | None = None) -> int:
        return self._count("settler", owner)

    def ships(self, owner: str | None = None) -> int:
        return self._count("ship", owner)

    def owners(self) -> set[str]:
        return {o for (o, _), n in self.counts.items() if n}

    def __len__(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class Player:
    """A player's stock: resources, tokens, tracks and advances (by their names)."""

    name: str
    food: int
    wood: int
    ore: int
    ideas: int
    gold: int
    mood_tokens: int
    culture_tokens: int
    mood_track: int
    culture_track: int
    advances: tuple[str, ...]
    actions_left: int | None  # on this player's turn; None otherwise

    def owns(self, advance: str) -> bool:
        """True if the player owns that advance (its name, e.g. "Steel Weapons")."""
        return advance.lower() in {a.lower() for a in self.advances}


def city_at(board_or_match: Any, key: str) -> City | None:
    """The city on hex ``key`` ("2,1"), or None if there is none."""
    state = _match(board_or_match).state
    c = state["cities"].get(key)
    if c is None:
        return None
    return City(
        at=key,
        owner=_name(state, c["owner"]),
        size=city_size(c),
        mood=MOOD_NAMES[c["mood"]],
        pieces={p: _name(state, o) for p, o in c["pieces"].items()},
        wonders=tuple(wonder_cards()[w]["name"] for w in c.get("wonders", ())),
        capital=bool(c.get("capital")),
    )


def units_at(board_or_match: Any, key: str) -> Units:
    """The units on hex ``key``: ``units_at(board, "3,0").armies("Blue")``."""
    state = _match(board_or_match).state
    counts: Counter = Counter()
    aboard: Counter = Counter()
    for u in state["units"].values():
        if u["hex"] == key:
            counts[(_name(state, u["owner"]), u["kind"])] += 1
            if u.get("on") is not None:
                aboard[(_name(state, u["owner"]), u["kind"])] += 1
    return Units(at=key, counts=counts, aboard=aboard)


def player(board_or_match: Any, who: str | int) -> Player:
    """A player by colour name ("Blue") or seat number."""
    m = _match(board_or_match)
    state = m.state
    names = [p["name"] for p in state["players"]]
    seat = who if isinstance(who, int) else names.index(who)
    pl = state["players"][seat]
    res = pl["res"]
    data = {a["id"]: a["name"] for a in advance_data().values()}
    return Player(
        name=pl["name"],
        food=res["food"],
        wood=res["wood"],
        ore=res["ore"],
        ideas=res["ideas"],
        gold=res["gold"],
        mood_tokens=pl["mood"],
        culture_tokens=pl["culture"],
        mood_track=pl["mood_track"],
        culture_track=pl["culture_track"],
        advances=tuple(data.get(a, a) for a in pl["advances"]),
        actions_left=state["turn"]["actions"] if m.current_player == seat else None,
    )


__all__ = ["City", "Player", "Units", "city_at", "player", "units_at"]
