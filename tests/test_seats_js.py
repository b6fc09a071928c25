"""The front end's fallback seat colours are Python's (engine/seats.py), in the same order.

The front ends draw ``view.players[i].color``; ``PLAYER_COLOURS`` in js/src/shared/players.ts
is used only for a view that names no colour. Two palettes that disagree would give a seat
two colours, so this test holds them equal: seat 0 is Blue in every game.
"""

from __future__ import annotations

import re
from pathlib import Path

from clash_widget.engine.seats import SEATS

PLAYERS_TS = Path(__file__).resolve().parents[1] / "js" / "src" / "shared" / "players.ts"
SEAT_NAMES_TS = PLAYERS_TS.with_name("seat_names.ts")


def test_js_fallback_palette_is_pythons_seat_palette() -> None:
    text = PLAYERS_TS.read_text(encoding="utf-8")
    found = re.search(r"export const PLAYER_COLOURS = \[([^\]]*)\]", text)
    assert found, "js/src/shared/players.ts has no PLAYER_COLOURS"
    js = [c.strip().strip('"').upper() for c in found.group(1).split(",") if c.strip()]
    assert js == [s.color.upper() for s in SEATS]
    assert js[0] == "#0072B2"  # Blue is seat 0


def test_js_seat_names_are_pythons_default_names() -> None:
    """The console and the play page name seats before a view does: Blue, Orange, ..."""
    text = SEAT_NAMES_TS.read_text(encoding="utf-8")
    names = re.search(r"export const PLAYER_COLOUR_NAMES = \[([^\]]*)\]", text)
    assert names, "js/src/shared/seat_names.ts has no PLAYER_COLOUR_NAMES"
    assert [n.strip().strip('"') for n in names.group(1).split(",")] == [s.name for s in SEATS]


def test_no_other_player_palette_in_the_front_end() -> None:
    """Only players.ts lists the seats' colours: no second palette in another module."""
    src = PLAYERS_TS.parents[1]
    pattern = re.compile("|".join(re.escape(s.color) for s in SEATS[1:]), re.IGNORECASE)
    offenders = []
    for path in src.rglob("*.ts"):
        if path == PLAYERS_TS:
            continue
        hits = {m.group(0).upper() for m in pattern.finditer(path.read_text(encoding="utf-8"))}
        if len(hits) >= 3:  # a palette, not one colour used as a swatch in a legend
            offenders.append(f"{path.relative_to(src)}: {sorted(hits)}")
    assert not offenders, offenders
