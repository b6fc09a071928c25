"""A picture of a position as SVG, for notebooks without the widget.

``Picture(view)`` shows in a notebook through ``_repr_svg_``; ``svg(view)`` is the text.
It draws from a seat's view (so it shows only what that seat may see): every area as
a polygon with ``data-area``, armies and fleets in their Faction's colour, Capitals,
forts and Monuments, the Culture cards in play beside the map, and an optional
highlighted path (a transfer's). The widget's front end uses the same class names.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine import Match
from ..engine.seats import color as seat_color
from .names import LINE_HEIGHT, NAME_SIZE

FILL = {"ocean": "#35609b", "sea": "#8fbde8", "land": "#eadcae", "barren": "#bdb3a3"}


def _d(loops: list[list[list[int]]]) -> str:
    return " ".join("M" + " L".join(f"{x},{y}" for x, y in loop) + " Z" for loop in loops)


def _seat_letter(x: float, y: float, seat: int) -> str:
    """The player's number on a piece (counted from 1), so colour is not the only cue."""
    return (
        f'<text x="{x}" y="{y + 3.5}" font-size="9" font-weight="bold" text-anchor="middle" '
        f'fill="#fff" stroke="#000" stroke-width="2" paint-order="stroke">{seat + 1}</text>'
    )


def svg(view: dict[str, Any], *, path: list[str] | None = None, title: str = "") -> str:
    m = view["map"]
    w, h = m["width"], m["height"]
    board = view["board"]
    labels = {a["id"]: a["label"] for a in m["areas"]}
    names = {a["id"]: a["name"] for a in m["areas"]}
    on_path = set(path or [])
    # Title, the cards (or "none"), a gap, "Destroyed", one line per player, a margin.
    panel_h = 18 * (max(1, len(view["culture"])) + 1) + 34 + 17 * len(view["players"]) + 10
    out = [
        # The map takes the whole width (names >= 11 px at ~900 px) and the card panel goes
        # below it (drawn as if beside the map, moved down by a transform).
        f'<svg xmlns="http://www.w3.org/2000/svg" class="poc-map" viewBox="0 0 {w} {h + panel_h}" '
        f'width="100%" style="max-width:{w}px;height:auto" font-family="sans-serif">',
        "<title>" + escape(title or "The Persistence of Culture") + "</title>",
    ]
    for a in m["areas"]:
        kind = "barren" if a["barren"] else a["kind"]
        cls = f"poc-area is-{kind}" + (" is-path" if a["id"] in on_path else "")
        stroke = 'stroke="#f9d71c" stroke-width="4"' if a["id"] in on_path else 'stroke="#555"'
        out.append(
            f'<path class="{cls}" data-area="{a["id"]}" d="{_d(a["loops"])}" '
            f'fill="{FILL[kind]}" fill-rule="evenodd" {stroke}>'
            f"<title>{escape(a['name'])}</title></path>"
        )
    for s in m["straits"]:
        (x1, y1), (x2, y2) = s["line"]
        hot = f"strait:{s['id']}" in on_path
        colour, width = ("#f9d71c", 4) if hot else ("#333", 2)
        out.append(
            f'<line class="poc-strait" data-strait="{s["id"]}" x1="{x1}" y1="{y1}" x2="{x2}" '
            f'y2="{y2}" stroke="{colour}" stroke-width="{width}" stroke-dasharray="5,4"/>'
        )
    for a in m["areas"]:
        spot = m["names"][a["id"]]
        colour = "#fff" if a["kind"] == "ocean" else "#222"
        lines = "".join(
            f'<tspan x="{spot["x"]}" dy="{0 if i == 0 else LINE_HEIGHT}">{escape(t)}</tspan>'
            for i, t in enumerate(spot["lines"])
        )
        out.append(
            f'<text y="{spot["y"]}" font-size="{NAME_SIZE}" text-anchor="middle" fill="{colour}">'
            f"{lines}</text>"
        )
    for land, holder in board["lands"].items():
        x, y = labels[land]
        cap = board["capitals"].get(land) == holder["empire"]
        colour = seat_color(holder["seat"])
        shape = (
            f'<rect x="{x - 6}" y="{y - 6}" width="12" height="12" transform="rotate(45 {x} {y})"'
            if cap
            else f'<circle cx="{x}" cy="{y}" r="6"'
        )
        out.append(
            f'{shape} class="poc-army{" is-capital" if cap else ""}" data-area="{land}" '
            f'data-seat="{holder["seat"]}" fill="{colour}" stroke="#000"/>'
        )
        out.append(_seat_letter(x, y, holder["seat"]))
        if land in board["forts"]:
            out.append(f'<rect x="{x + 7}" y="{y - 4}" width="6" height="8" fill="#555"/>')
        if land in board["monuments"]:
            tri = f"{x - 13},{y + 4} {x - 9},{y - 5} {x - 5},{y + 4}"
            out.append(f'<polygon class="poc-monument" points="{tri}" fill="#8d6e63"/>')
    for water, fleets in board["fleets"].items():
        x, y = labels[water]
        for i, f in enumerate(fleets):
            fx = x - 8 * (len(fleets) - 1) + 16 * i
            colour = seat_color(f["seat"])
            out.append(
                f'<polygon class="poc-fleet" data-area="{water}" data-seat="{f["seat"]}" '
                f'points="{fx - 7},{y + 2} {fx + 7},{y + 2} {fx + 4},{y + 7} {fx - 4},{y + 7}" '
                f'fill="{colour}" stroke="#000"/>'
            )
            out.append(_seat_letter(fx, y + 1, f["seat"]))
    out.append(f'<g class="poc-panel" transform="translate({-w} {h})">')
    out.append(f'<rect x="{w}" y="0" width="{w}" height="{panel_h}" fill="#faf7ee"/>')
    y = 18
    out.append(f'<text x="{w + 10}" y="{y}" font-size="13" font-weight="bold">Culture cards</text>')
    for c in view["culture"]:
        y += 18
        colour = seat_color(c["seat"])
        where = names.get(c["capital"] or "", "")
        out.append(
            f'<g class="poc-card" data-card="{c["id"]}"><circle cx="{w + 16}" cy="{y - 4}" r="5" '
            f'fill="{colour}"/><text x="{w + 26}" y="{y}" font-size="11">'
            f"{escape(c['name'])} ({c['vp']} VP): {escape(c['empire_name'])}, {escape(where)}"
            "</text></g>"
        )
    if not view["culture"]:
        out.append(
            f'<text x="{w + 10}" y="{y + 18}" font-size="11" fill="#777">none in play</text>'
        )
    y += 34
    out.append(
        f'<text x="{w + 10}" y="{y}" font-size="11">Destroyed: '
        + escape(", ".join(c["name"] for c in view["destroyed"]) or "none")
        + "</text>"
    )
    for p in view["players"]:
        y += 17
        out.append(
            f'<text x="{w + 10}" y="{y}" font-size="11" fill="{p["ink"]}">'
            f"{escape(p['name'])}: {p['vp']} VP</text>"
        )
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


class Picture:
    """A position drawn as SVG (``Picture(match)`` or ``Picture(match, seat=1)``)."""

    def __init__(
        self, match: Match, seat: int | None = None, *, path: list[str] | None = None
    ) -> None:
        self.text = svg(match.view(seat), path=path)

    def _repr_svg_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text
