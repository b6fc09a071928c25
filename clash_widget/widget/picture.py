"""A still SVG picture of what a widget shows, carried in its output beside the live widget.

A notebook keeps a widget's output as a mime bundle. Lab and Notebook draw the live
widget from ``application/vnd.jupyter.widget-view+json``; anything without the
widget's JavaScript (GitHub, nbviewer, ``jupyter nbconvert --to html``, a printout)
falls back on the next type it knows. :class:`Pictured` adds ``image/svg+xml``: the
board or table as it was when the output was made, drawn from the shown seat's
view only (so a picture never shows what that seat may not see).

:func:`picture` draws any of the four games' views; the per-game drawers read only
the view's documented keys, never a rules module.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import Any

SVG_MIME = "image/svg+xml"

# Same colours as the front ends (js/src/colors.ts, js/src/persistence).
TERRAIN_COLORS = {
    "plains": "#cfe39a",
    "forest": "#3f8a4a",
    "mountain": "#8f8377",
    "barren": "#e3c790",
    "sea": "#6fa8dc",
}
UNEXPLORED = "#d9d9d9"
SEAT_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")
AREA_FILLS = {"ocean": "#35609b", "sea": "#8fbde8", "land": "#eadcae", "barren": "#bdb3a3"}
UNIT_WORDS = {"settler": "settler", "army": "army", "ship": "ship", "leader": "leader"}
FONT = 'font-family="sans-serif"'


class Pictured:
    """Mixin for a widget with a ``view`` trait: its mime bundle also holds the SVG picture."""

    view: dict[str, Any]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if not bundle:
            return bundle
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, SVG_MIME: picture(self.view)}, metadata


def seat_name(view: dict[str, Any], seat: int) -> str:
    """The player's name as the view gives it, else "Player N" counted from 1."""
    for p in view.get("players", []):
        if p.get("seat") == seat and p.get("name"):
            return str(p["name"])
    return f"Player {seat + 1}"


def seat_ink(view: dict[str, Any], seat: int) -> str:
    """A seat's colour for TEXT: its ``ink`` (e.g. Orange's #9C6C00, 4.5:1 on white),
    never the fill colour (#E69F00 is 2.1:1 as text; issue #37)."""
    for p in view.get("players", []):
        if p.get("seat") == seat and p.get("ink"):
            return str(p["ink"])
    return seat_color(view, seat)


def seat_color(view: dict[str, Any], seat: int) -> str:
    if seat < 0:
        return "#333333"
    colors = view.get("colors", {}).get("players", [])
    return colors[seat] if seat < len(colors) else SEAT_COLORS[seat % len(SEAT_COLORS)]


def _text(x: float, y: float, words: str, size: float = 12, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(words)}</text>'


def _svg(width: float, height: float, parts: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" {FONT}><title>{escape(title)}</title>'
        f'<rect width="100%" height="100%" fill="#ffffff"/>' + "".join(parts) + "</svg>"
    )


def _header(view: dict[str, Any], width: float) -> tuple[list[str], float]:
    """The prompt (or the result) as the first line of a picture."""
    line = str(view.get("prompt") or "")
    if view.get("over"):
        line = "Game over. " + str(view.get("result") or "")
    parts = [_text(8, 18, _clip(line, int(width / 7)), 13, font_weight="bold")] if line else []
    return parts, 30


def _clip(words: str, n: int) -> str:
    return words if len(words) <= n else words[: max(n - 1, 1)] + "…"


# -- Clash of Cultures: the hex map ------------------------------------------------
MOODS = {
    "happy": ("\u263a", "#1b7f4a"),
    "neutral": ("\u2013", "#777777"),
    "angry": ("\u2639", "#b3261e"),
}
BARBARIAN_FILL = "#5a5a5a"
# Where a city's parts sit around its hex's centre: the board's CITY (js/src/coc/pieces.ts).
CITY: dict[str, Any] = {
    "eaves": -13,
    "half": 14,
    "size": 0.5,
    "star": (-19, -20),
    "mood": (18, -24),
    "mood_r": 6,
    "pieces": ((-23.5, -8), (23.5, -8), (-23.5, 4), (23.5, 4), (-32, -2), (32, -2)),
    "units": 19,
}


def text_on(fill: str) -> str:
    """Dark or white text on ``fill``, whichever reads (as the board's textOn)."""
    if not (len(fill) == 7 and fill.startswith("#")):
        return "#000"

    def lin(c: str) -> float:
        v = int(c, 16) / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(fill[1:3]) + 0.7152 * lin(fill[3:5]) + 0.0722 * lin(fill[5:7])
    return "#111" if lum > 0.4 else "#fff"


def _pts(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{a:.2f},{b:.2f}" for a, b in points)


def _d(x: float, y: float, k: float, template: str) -> str:
    """Path data from a template in units of ``k`` around (x, y): "M -1 .5 L 1 .5" (the
    board's shapes, js/src/coc/pieces.ts, written once as numbers)."""
    out, coords = [], []
    for tok in template.split():
        if tok.isalpha():
            out.append(tok)
            continue
        coords.append(float(tok))
        if len(coords) == 2:
            out.append(f"{x + coords[0] * k:.2f},{y + coords[1] * k:.2f}")
            coords = []
    return " ".join(out)


SHIELD = "M -1 -1 L 1 -1 L 1 .1 C 1 .7 .4 .95 0 1.15 C -.4 .95 -1 .7 -1 .1 Z"
WAGON = "M -1 .45 L -1 -.35 Q -1 -1 -.45 -1 L .45 -1 Q 1 -1 1 -.35 L 1 .45 Z"
BOOK = (
    "M 0 -.55 Q -.5 -1 -1 -.75 L -1 .75 Q -.5 .45 0 .9 Q .5 .45 1 .75 L 1 -.75 "
    "Q .5 -1 0 -.55 Z M 0 -.55 L 0 .9"
)
ANCHOR = "M 0 -.45 L 0 .9 M -.55 -.15 L .55 -.15 M -.9 .25 Q -.8 .95 0 .9 Q .8 .95 .9 .25"


def unit_shape(kind: str, x: float, y: float, r: float, fill: str) -> str:
    """A unit's silhouette as the board draws it (js/src/coc/pieces.ts, drawUnitShape): an
    army a shield, a settler a covered wagon, a ship a hull under two sails."""
    look = f'fill="{fill}" stroke="#111" stroke-width="1.3" stroke-linejoin="round"'
    if kind == "army":
        return f'<path data-shape="shield" d="{_d(x, y, r, SHIELD)}" {look}/>'
    if kind == "settler":
        d = _d(x, y, r, WAGON)
        wheels = "".join(
            f'<circle cx="{x + dx * r:.2f}" cy="{y + 0.68 * r:.2f}" r="{0.34 * r:.2f}" '
            f'fill="#3a3a3a" stroke="#111" stroke-width="1.3"/>'
            for dx in (-0.52, 0.52)
        )
        return f'<g data-shape="wagon"><path d="{d}" {look}/>{wheels}</g>'
    if kind == "ship":
        hull = [(-1.15, 0.2), (1.15, 0.2), (0.72, 1), (-0.72, 1)]
        sail = [(-0.12, -1.05), (-0.12, 0.05), (-0.95, 0.05)]
        jib = [(0.08, -0.8), (0.08, 0.05), (0.8, 0.05)]
        return '<g data-shape="ship">' + "".join(
            f'<polygon points="{_pts([(x + a * r, y + b * r) for a, b in part])}" {look}/>'
            for part in (hull, sail, jib)
        ) + "</g>"  # fmt: skip
    diamond = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    return f'<polygon data-shape="diamond" points="{_pts(diamond)}" {look}/>'


def count_tag(count: int, x: float, y: float, r: float) -> str:
    """A unit's count as the board's "×N" tag, dark on white (none for one unit): never a
    bare number, which is a city's size."""
    if count <= 1:
        return ""
    text = f"\u00d7{count}"
    w = 4 + 6.2 * len(text)
    cx, cy = x + 0.62 * r, y + 0.8 * r
    return (
        f'<rect x="{cx - w / 2:.2f}" y="{cy - 6.25:.2f}" width="{w:.2f}" height="12.5" rx="3" '
        f'fill="#fff" stroke="#111" stroke-width="0.8"/>'
        + _text(cx, cy + 4, text, 11, fill="#111", text_anchor="middle", font_weight="bold")
    )


def building(kind: str, x: float, y: float, s: float, fill: str) -> str:
    """A city piece as the board draws it (pieces.ts, drawBuilding): a fortress a tower, a
    temple a roof on columns, an academy an open book, a port an anchor, a wonder a pyramid."""
    look = f'fill="{fill}" stroke="#111" stroke-width="0.9" stroke-linejoin="round"'

    def poly(points: list[tuple[float, float]]) -> str:
        return f'<polygon points="{_pts([(x + a * s, y + b * s) for a, b in points])}" {look}/>'

    if kind == "fortress":
        m = 1 / 2.5
        return poly(
            [(-1, 1), (-1, -1), (-1 + m, -1), (-1 + m, -1 + m), (-m / 2, -1 + m), (-m / 2, -1),
             (m / 2, -1), (m / 2, -1 + m), (1 - m, -1 + m), (1 - m, -1), (1, -1), (1, 1)]
        )  # fmt: skip
    if kind == "temple":
        cols = "".join(
            f'<rect x="{x + dx * s:.2f}" y="{y - 0.3 * s:.2f}" width="{0.26 * s:.2f}" '
            f'height="{1.05 * s:.2f}" {look}/>'
            for dx in (-0.75, -0.12, 0.5)
        )
        base = (
            f'<rect x="{x - s:.2f}" y="{y + 0.75 * s:.2f}" width="{2 * s:.2f}" '
            f'height="{0.25 * s:.2f}" {look}/>'
        )
        return poly([(-1, -0.35), (0, -1), (1, -0.35)]) + cols + base
    if kind == "academy":
        return f'<path d="{_d(x, y, s, BOOK)}" {look}/>'
    if kind == "port":  # a dark line under a coloured one, so it shows on any terrain
        d = _d(x, y, s, ANCHOR)
        line = f'<path d="{d}" fill="none" stroke-linecap="round" '
        return (
            f'{line}stroke="#111" stroke-width="{0.55 * s:.2f}"/>'
            f'{line}stroke="{fill}" stroke-width="{0.28 * s:.2f}"/>'
            f'<circle cx="{x:.2f}" cy="{y - 0.7 * s:.2f}" r="{0.28 * s:.2f}" {look}/>'
        )
    if kind == "wonder":
        return poly(
            [(-1, 1), (-0.7, 0.35), (-0.45, 0.35), (-0.3, -0.3), (-0.15, -0.3), (0, -1),
             (0.15, -0.3), (0.3, -0.3), (0.45, 0.35), (0.7, 0.35), (1, 1)]
        )  # fmt: skip
    return f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{s:.2f}" {look}/>' + _text(
        x, y + 0.4 * s, kind[:1].upper(), 8, text_anchor="middle", font_weight="bold"
    )


def _unit_mark(x: float, y: float, r: float, u: dict[str, Any], view: dict[str, Any]) -> str:
    """One unit piece as the board draws it, with its "×N" count and a title in words."""
    fill = BARBARIAN_FILL if u["owner"] < 0 else seat_color(view, u["owner"])
    who = "barbarians" if u["owner"] < 0 else seat_name(view, u["owner"])
    words = f"{who}: {u['count']} {UNIT_WORDS.get(u['kind'], u['kind'])}"
    head = f'<g data-kind="{escape(u["kind"])}" data-count="{u["count"]}">'
    return (
        f"{head}<title>{escape(words)}</title>"
        f"{unit_shape(u['kind'], x, y, r, fill)}{count_tag(u['count'], x, y, r)}</g>"
    )


def _map_letter(view: dict[str, Any], seat: int, x: float, y: float) -> str:
    """The player's letter on a Persistence piece, as the map draws it (white, dark edge)."""
    name = seat_name(view, seat)
    digits = name.removeprefix("Player ").strip()
    letter = digits if name.startswith("Player ") and digits.isdigit() else name[:1].upper()
    return _text(
        x, y + 3.5, letter, 10, fill="#fff", stroke="#000", stroke_width="2.2",
        paint_order="stroke", text_anchor="middle", font_weight="bold",
    )  # fmt: skip


def draw_coc(view: dict[str, Any]) -> str:
    s = 40.0  # the board's hex size: the same marks at the same sizes
    hexes = view.get("hexes", [])
    centres = {
        (h["q"], h["r"]): (1.5 * s * h["q"], math.sqrt(3) * s * (h["r"] + h["q"] / 2))
        for h in hexes
    }
    xs = [x for x, _ in centres.values()] or [0.0]
    ys = [y for _, y in centres.values()] or [0.0]
    width = max(max(xs) - min(xs) + 2 * s + 16, 560)
    parts, top = _header(view, width)
    ox, oy = s + 8 - min(xs), top + s - min(ys)
    for h in hexes:
        x, y = centres[(h["q"], h["r"])]
        fill = TERRAIN_COLORS.get(h.get("terrain") or "", UNEXPLORED)
        if not h.get("explored"):
            fill = UNEXPLORED
        corners = [(math.cos(math.pi / 3 * i), math.sin(math.pi / 3 * i)) for i in range(6)]
        pts = " ".join(f"{ox + x + s * cx:.1f},{oy + y + s * cy:.1f}" for cx, cy in corners)
        parts.append(
            f'<polygon points="{pts}" fill="{fill}" stroke="#555" stroke-width="1" '
            f'data-q="{h["q"]}" data-r="{h["r"]}"/>'
        )
        if not h.get("explored"):  # the board's mark for a hex nobody has explored
            parts.append(_text(ox + x, oy + y + 7, "?", 20, fill="#ffffff", text_anchor="middle",
                               font_weight="bold", stroke="#777", stroke_width="0.6"))  # fmt: skip
    # The board's own marks and sizes (js/src/coc/board.ts, pieces.ts): a city is a house with
    # its size and a star if it is the capital, its mood in a small disc, its pieces beside it;
    # an army is a shield, a settler a wagon, a ship under sail, each with a "×N" count tag
    # when there are several; barbarians in their own colour.
    city_at = set()
    for c in view.get("cities", []):
        x, y = centres.get((c["q"], c["r"]), (0.0, 0.0))
        city_at.add((c["q"], c["r"]))
        cx, cy = ox + x, oy + y
        color = seat_color(view, c["owner"])
        w, eaves = CITY["half"], cy + CITY["eaves"]  # the board's house (pieces.ts, CITY)
        house = [(-w, 1.2 * w), (-w, 0), (0, -0.95 * w), (w, 0), (w, 1.2 * w)]
        pts = _pts([(cx + dx, eaves + dy) for dx, dy in house])
        parts.append(
            f'<polygon points="{pts}" fill="{color}" stroke="#111" '
            f'stroke-width="{2.8 if c.get("capital") else 1.4}" data-city="{c["q"]},{c["r"]}"/>'
        )
        size = str(c.get("size", ""))
        bold = {"text_anchor": "middle", "font_weight": "bold"}
        parts.append(_text(cx, cy + CITY["size"], size, 15, fill=text_on(color), **bold))
        if c.get("capital"):
            sx, sy = CITY["star"]
            parts.append(_text(cx + sx, cy + sy, "\u2605", 12, text_anchor="middle"))
        mood = str(c.get("mood", ""))
        if mood in MOODS:
            glyph, disc = MOODS[mood]
            mx, my = cx + CITY["mood"][0], cy + CITY["mood"][1]
            parts.append(
                f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{CITY["mood_r"]}" fill="{disc}" '
                f'stroke="#111" stroke-width="0.8"/>'
            )
            parts.append(_text(mx, my + 3.6, glyph, 11, fill="#fff", text_anchor="middle"))
        spots = CITY["pieces"]
        for i, piece in enumerate(c.get("pieces", [])):  # beside the house, as the board
            dx, dy = spots[i % len(spots)]
            owner = piece.get("owner", c["owner"])
            name = escape(str(piece.get("name") or piece["kind"]))
            parts.append(
                f'<g data-kind="{escape(piece["kind"])}"><title>{name}</title>'
                f"{building(piece['kind'], cx + dx, cy + dy, 6, seat_color(view, owner))}</g>"
            )
    by_hex: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for u in view.get("units", []):
        if u.get("count", 0) > 0:
            by_hex.setdefault((u["q"], u["r"]), []).append(u)
    order = {"settler": 0, "army": 1, "ship": 2}
    for (q, r), units in by_hex.items():
        x, y = centres.get((q, r), (0.0, 0.0))
        units.sort(key=lambda u: (u["owner"], order.get(u["kind"], 9)))
        # The board's row of pieces (board.ts, buildPieces): as large as the hex allows.
        n, in_city = len(units), (q, r) in city_at
        rad = (8 if n > 2 else 10) if in_city else (8 if n > 3 else 10 if n > 2 else 13)
        uy = oy + y + (CITY["units"] if in_city else 6)
        counted = any(u["count"] > 1 for u in units)
        step = 2.3 * rad + 2 + (4 if counted else 0)
        step = min(step, (44 if in_city else 66) / (n - 1)) if n > 1 else 0
        x0 = ox + x - (n - 1) * step / 2
        for i, u in enumerate(units):
            parts.append(_unit_mark(x0 + i * step, uy, rad, u, view))
    y = oy + max(ys) + s + 18
    for p in view.get("players", []):
        res = p.get("resources") or {}
        stock = ", ".join(f"{v} {k}" for k, v in res.items() if v)
        line = f"{p.get('name') or seat_name(view, p['seat'])}: {p.get('vp', 0)} VP"
        line += f"; {stock}" if stock else ""
        parts.append(_text(8, y, _clip(line, int(width / 6.5)), 12, fill=seat_ink(view, p["seat"])))
        y += 16
    return _svg(width, y, parts, "Clash of Cultures")


# -- The Persistence of Culture: the world map ----------------------------------
def draw_persistence(view: dict[str, Any]) -> str:
    m = view["map"]
    w, h, panel = float(m["width"]), float(m["height"]), 240.0
    board = view.get("board", {})
    labels = {a["id"]: a["label"] for a in m["areas"]}
    parts, top = _header(view, w + panel)
    parts.append(f'<g transform="translate(0 {top})">')
    for a in m["areas"]:
        kind = "barren" if a.get("barren") else a["kind"]
        d = " ".join("M" + " L".join(f"{x},{y}" for x, y in loop) + " Z" for loop in a["loops"])
        parts.append(
            f'<path d="{d}" fill="{AREA_FILLS.get(kind, "#ccc")}" fill-rule="evenodd" '
            f'stroke="#555" data-area="{escape(a["id"])}"/>'
        )
    # The straits as the map draws them: a short dashed link across the water (names.py).
    for st in m.get("straits", []):
        (x1, y1), (x2, y2) = st["line"]
        parts.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333" stroke-width="2" '
            f'stroke-dasharray="5,4" data-strait="{escape(st["id"])}"/>'
        )
    # The names where the map writes them (the view's placement), at the map's size.
    for a in m["areas"]:
        x, y = labels[a["id"]]
        spot = m.get("names", {}).get(a["id"]) or {"x": x, "y": y - 9, "lines": [a["name"]]}
        lines = "".join(
            f'<tspan x="{spot["x"]}" dy="{0 if i == 0 else 13.8}">{escape(t)}</tspan>'
            for i, t in enumerate(spot["lines"])
        )
        colour = "#fff" if a["kind"] == "ocean" else "#1a1a1a"
        parts.append(
            f'<text y="{spot["y"]}" font-size="12" text-anchor="middle" fill="{colour}" '
            f'data-area-name="{escape(a["id"])}">{lines}</text>'
        )
    # The map's pieces at the map's sizes (js/src/persistence/map.ts): an army a disc, a
    # Capital a diamond, a fleet a hull, each with its player's letter; forts and Monuments.
    forts, monuments = set(board.get("forts", [])), set(board.get("monuments", []))
    for land, holder in board.get("lands", {}).items():
        x, y = labels[land]
        color = seat_color(view, holder["seat"])
        capital = board.get("capitals", {}).get(land) == holder.get("empire")
        parts.append(
            f'<rect x="{x - 7}" y="{y - 7}" width="14" height="14" transform="rotate(45 {x} {y})" '
            f'fill="{color}" stroke="#000" stroke-width="2"/>'
            if capital
            else f'<circle cx="{x}" cy="{y}" r="7" fill="{color}" stroke="#000"/>'
        )
        parts.append(_map_letter(view, holder["seat"], x, y))
        if land in forts:
            parts.append(f'<rect x="{x + 8}" y="{y - 4}" width="6" height="8" fill="#555"/>')
        if land in monuments:
            tri = f"{x - 15},{y + 4} {x - 11},{y - 5} {x - 7},{y + 4}"
            parts.append(f'<polygon points="{tri}" fill="#8d6e63"/>')
    for water, fleets in board.get("fleets", {}).items():
        x, y = labels[water]
        for i, f in enumerate(fleets):
            fx = x - 9 * (len(fleets) - 1) + 18 * i
            hull = f"{fx - 8},{y - 2} {fx + 8},{y - 2} {fx + 5},{y + 7} {fx - 5},{y + 7}"
            fleet_color = seat_color(view, f["seat"])
            parts.append(f'<polygon points="{hull}" fill="{fleet_color}" stroke="#000"/>')
            parts.append(_map_letter(view, f["seat"], fx, y + 1))
    parts.append("</g>")
    rows = [
        (
            _clip(f"{c['name']} ({c['vp']} VP): {c.get('empire_name', '')}", 36),
            seat_ink(view, c["seat"]),
        )
        for c in view.get("culture", [])
    ] or [("none in play", "#595959")]
    rows += [
        (f"{seat_name(view, p['seat'])}: {p.get('vp', 0)} VP", seat_ink(view, p["seat"]))
        for p in view.get("players", [])
    ]
    y = top + 18
    parts.append(_text(w + 10, y, "Culture cards", 13, font_weight="bold"))
    for words, color in rows:  # one line each: the culture cards, then the players' points
        y += 17
        parts.append(_text(w + 10, y, words, 11, fill=color))
    return _svg(
        w + panel, max(h + top, y + 10), parts, str(view.get("title", "The Persistence of Culture"))
    )


def drawer(game: str) -> Callable[[dict[str, Any]], str] | None:
    """The still-picture function a game registers in its spec (``GameSpec.picture``)."""
    from clash_widget.engine.registry import GAMES
    from clash_widget.engine.spec import resolve

    spec = GAMES.get(game)
    if spec is None or spec.picture is None:
        return None
    draw: Callable[[dict[str, Any]], str] = resolve(spec.picture)
    return draw


def picture(view: dict[str, Any]) -> str:
    """The SVG text of a view of any of the four games (a note for an empty view), with the
    position in words as its ``<desc>`` (what a page shows a reader who cannot see it)."""
    draw = drawer(str(view.get("game", "")))
    if draw is None:
        return _svg(300, 40, [_text(8, 24, "No game to show yet.", 13)], "clash_widget")
    svg, words = draw(view), escape(describe(view))
    if (
        "<desc>" in svg
    ):  # the drawer's own description (Secolo's, History's table) follows the summary
        return svg.replace("<desc>", f"<desc>{words} ", 1)
    return svg.replace("</title>", f"</title><desc>{words}</desc>", 1)


TITLES = {
    "coc": "Clash of Cultures",
    "secolo": "600 il Secolo di Ferro",
    "persistence": "The Persistence of Culture",
    "history": "History CCG",
}


def describe(view: dict[str, Any]) -> str:
    """A view in one or two sentences: the game, its players, and whose turn it is to do
    what (or how it ended), in the game's own words."""
    title = str(view.get("title") or TITLES.get(str(view.get("game")), "A game"))
    names = [str(p.get("name", "")) for p in view.get("players", []) if isinstance(p, dict)]
    who = f" between {', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else ""
    words = f"{title}{who}."
    if view.get("over"):
        result = view.get("result")
        winners = result.get("winners") if isinstance(result, dict) else None
        if winners and all(isinstance(w, int) and 0 <= w < len(names) for w in winners):
            return f"{words} The game is over: {' and '.join(names[w] for w in winners)} won."
        return f"{words} The game is over."
    prompt = str(view.get("prompt") or "").strip()
    current = view.get("current_player")
    if isinstance(current, int) and 0 <= current < len(names):
        lead = "" if names[current] in prompt else f"{names[current]} to play: "
        return f"{words} {lead}{prompt}".rstrip(": ")
    return f"{words} {prompt}".strip()
