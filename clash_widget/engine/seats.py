"""Who sits where: the one place that names the seats and gives them their colours.

Every game, view, log line, prompt and widget message names a seat through
:func:`name`, so a seat is called the same everywhere and never by its index (seats
count from 0 inside the engine, people from 1). By default seat ``i`` is the colour of
:data:`SEATS` ``[i]``, the same colour in every game; a match started with names
(``Match.new(game, ["Ada", "Ben"])``) keeps them in ``state["names"]``, so its record
replays with them.

The colours are the Okabe-Ito palette, chosen to stay apart under the common
colour-vision deficiencies (protanopia, deuteranopia, tritanopia); ``ink`` is a darker
shade of the same hue for text on white (contrast at least 4.5:1, WCAG AA). Colour is
never the only cue: the front ends add the name's first letter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple


class Seat(NamedTuple):
    name: str  # the default name: the colour's
    color: str  # fill, as drawn on a board or card
    ink: str  # the same hue dark enough for text on white


SEATS: tuple[Seat, ...] = (
    Seat("Blue", "#0072B2", "#0072B2"),
    Seat("Orange", "#E69F00", "#9C6C00"),
    Seat("Green", "#009E73", "#008460"),
    Seat("Purple", "#CC79A7", "#A15F83"),
    Seat("Red", "#D55E00", "#BF5400"),
    Seat("Yellow", "#F0E442", "#7C7622"),
)
MAX_NAME = 24


def default_name(seat: int) -> str:
    """``Blue`` for seat 0; past the palette, ``Player 7`` (people count from 1)."""
    if seat < 0:
        return "no player"
    return SEATS[seat].name if seat < len(SEATS) else f"Player {seat + 1}"


def color(seat: int) -> str:
    return SEATS[seat % len(SEATS)].color


def ink(seat: int) -> str:
    return SEATS[seat % len(SEATS)].ink


def names(state: Mapping[str, Any]) -> list[str]:
    """Every seat's name in ``state``: the names it was started with, else the colours."""
    given = state.get("names")
    if given:
        return [str(n) for n in given]
    return [default_name(s) for s in range(len(state["players"]))]


def name(state: Mapping[str, Any], seat: int) -> str:
    """The name a person reads for ``seat``."""
    given = state.get("names")
    if given and 0 <= seat < len(given):
        return str(given[seat])
    return default_name(seat)


def identity(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """``{"seat", "name", "color", "ink"}``: what every view says about a seat."""
    return {"seat": seat, "name": name(state, seat), "color": color(seat), "ink": ink(seat)}


def roster(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """:func:`identity` of every seat, in seat order."""
    return [identity(state, s) for s in range(len(state["players"]))]


def joined(state: Mapping[str, Any], seats: Sequence[int]) -> str:
    """``Blue``, ``Blue and Orange``, ``Blue, Orange and Green``."""
    words = [name(state, s) for s in seats]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def names_problem(given: Sequence[Any], players: int) -> str | None:
    """What is wrong with a list of player names for ``players`` seats, in words (None: fine)."""
    if len(given) != players:
        return f"{players} names are needed, one per seat, not {len(given)}"
    for n in given:
        if not isinstance(n, str) or not n.strip():
            return f"a player's name is a non-empty text, not {n!r}"
        if len(n) > MAX_NAME:
            return f"a player's name has at most {MAX_NAME} letters ({n[:MAX_NAME]}...)"
    if len({n.strip().casefold() for n in given}) != len(given):
        return "two players have the same name"
    return None
