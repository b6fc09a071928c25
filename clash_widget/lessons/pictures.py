"""Drawings made in the lessons, as SVG.

The drawings are still pictures, so they are SVG text: they show the same in
JupyterLab, the offline JupyterLite site (no compiled packages needed), an exported
HTML page and on GitHub. :class:`SvgCanvas` records the few canvas-style drawing
calls the pictures use.

Same geometry and colours as the board (js/src/coc/hex.ts, js/src/shared/players.ts): flat-top
hexes, axial ``q,r``; centre x = 1.5*s*q, y = sqrt(3)*s*(r + q/2).
"""

from __future__ import annotations

import html
import math
from typing import Any

TERRAIN_COLOURS = {
    "plains": "#cfe39a",
    "forest": "#3f8a4a",
    "mountain": "#8f8377",
    "barren": "#e3c790",
    "sea": "#6fa8dc",
    None: "#d9d9d9",
}
TRACK_COLOURS = {"mood": "#E69F00", "culture": "#CC79A7", None: "#ffffff"}


class SvgCanvas:
    """The few canvas drawing calls the lessons use (ipycanvas's names), recorded as SVG."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.fill_style = "#000000"
        self.stroke_style = "#000000"
        self.line_width = 1.0
        self.font = "12px sans-serif"
        self.text_align = "start"
        self.parts: list[str] = []

    @staticmethod
    def _points(points: list[tuple[float, float]]) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)

    def fill_polygon(self, points: list[tuple[float, float]]) -> None:
        self.parts.append(f'<polygon points="{self._points(points)}" fill="{self.fill_style}"/>')

    def stroke_polygon(self, points: list[tuple[float, float]]) -> None:
        self.parts.append(
            f'<polygon points="{self._points(points)}" fill="none" '
            f'stroke="{self.stroke_style}" stroke-width="{self.line_width}"/>'
        )

    def fill_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'fill="{self.fill_style}"/>'
        )

    def stroke_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="none" '
            f'stroke="{self.stroke_style}" stroke-width="{self.line_width}"/>'
        )

    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{self.stroke_style}" stroke-width="{self.line_width}"/>'
        )

    def fill_text(self, text: str, x: float, y: float) -> None:
        anchor = {"center": "middle", "right": "end", "end": "end"}.get(self.text_align, "start")
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{self.fill_style}" '
            f'style="font: {html.escape(self.font)}">{html.escape(text)}</text>'
        )

    def to_svg(self) -> str:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}">'
            + "".join(self.parts)
            + "</svg>"
        )

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _canvas(width: int, height: int) -> SvgCanvas:
    return SvgCanvas(width, height)


def _hex(canvas: Any, x: float, y: float, s: float, fill: str, label: str = "") -> None:
    pts = [(x + s * math.cos(math.pi / 3 * i), y + s * math.sin(math.pi / 3 * i)) for i in range(6)]
    canvas.fill_style = fill
    canvas.fill_polygon(pts)
    canvas.stroke_style = "#444444"
    canvas.line_width = 1.5
    canvas.stroke_polygon(pts)
    if label:
        canvas.fill_style = "#ffffff" if fill in ("#3f8a4a", "#8f8377") else "#222222"
        canvas.font = "11px sans-serif"
        canvas.text_align = "center"
        canvas.fill_text(label, x, y + 4)


def region_orientations(position: Any, region: int, size: float = 34) -> Any:
    """The two ways a face-down region can be laid (rotated half a turn), side by side.
    ``position``: a board, a match or a state."""
    from clash_widget.coc.explore import layouts

    state = position if isinstance(position, dict) else getattr(position, "match", position).state
    keys = state["regions"][region]["hexes"]
    coords = [tuple(map(int, k.split(","))) for k in keys]
    q0, r0 = min(q for q, _ in coords), min(r for _, r in coords)
    width = int(size * 5.2)
    canvas = _canvas(2 * width + 20, int(size * 6.2))
    for flip, terr in enumerate(layouts(state, region)):
        ox, oy = 10 + flip * (width + 10) + size * 1.3, size * 2.4
        canvas.fill_style = "#222222"
        canvas.font = "bold 13px sans-serif"
        canvas.text_align = "left"
        canvas.fill_text(f"orientation {flip}", 10 + flip * (width + 10), 16)
        for (q, r), key, t in zip(coords, keys, terr, strict=True):
            dq, dr = q - q0, r - r0
            x = ox + 1.5 * size * dq
            y = oy + math.sqrt(3) * size * (dr + dq / 2)
            _hex(canvas, x, y, size, TERRAIN_COLOURS.get(t, "#d9d9d9"), f"{key} {t}")
    return canvas


def advance_tree(owned: list[str] | tuple[str, ...] = (), width: int = 840) -> Any:
    """All advance groups as columns, top advance first; owned ones filled blue. Lines
    (drawn under the boxes) join an advance to the one it needs from elsewhere; a
    government column names the advance that opens it."""
    from clash_widget.coc import content

    groups = list(content.groups().values())
    advances = content.advances()
    col_w, row_h, top = width / len(groups), 44, 40
    canvas = _canvas(width, top + row_h * 4 + 30)
    where = {
        a: (col_w * i + col_w / 2, top + j * row_h)
        for i, g in enumerate(groups)
        for j, a in enumerate(g["advances"])
    }
    canvas.stroke_style = "#D55E00"
    canvas.line_width = 1.5
    for a, info in advances.items():
        if info["requires"] in where:
            (x1, y1), (x2, y2) = where[info["requires"]], where[a]
            canvas.stroke_line(x1, y1 + row_h - 10, x2, y2)
    canvas.text_align = "center"
    for i, g in enumerate(groups):
        x = col_w * i + col_w / 2
        canvas.fill_style = "#222222"
        canvas.font = "bold 11px sans-serif"
        canvas.fill_text(g["name"], x, 14)
        if g["requires"]:
            canvas.font = "9px sans-serif"
            canvas.fill_text(f"after {advances[g['requires']]['name']}", x, 28)
        canvas.font = "10px sans-serif"
        for a in g["advances"]:
            ax, ay = where[a]
            info = advances[a]
            canvas.fill_style = "#0072B2" if a in owned else TRACK_COLOURS[info["track"]]
            canvas.fill_rect(ax - col_w / 2 + 3, ay, col_w - 6, row_h - 10)
            canvas.stroke_style = "#333333"
            canvas.line_width = 1
            canvas.stroke_rect(ax - col_w / 2 + 3, ay, col_w - 6, row_h - 10)
            canvas.fill_style = "#ffffff" if a in owned else "#222222"
            for k, part in enumerate(_wrap(info["name"], 12)):
                canvas.fill_text(part, ax, ay + 13 + 11 * k)
    canvas.fill_style = "#222222"
    canvas.text_align = "left"
    canvas.fill_text(
        "blue: owned   orange: gives a mood step   pink: gives a culture step   "
        "red line: needs that advance first",
        6,
        top + row_h * 4 + 16,
    )
    return canvas


def _wrap(text: str, n: int) -> list[str]:
    words, lines = text.split(), [""]
    for w in words:
        if lines[-1] and len(lines[-1]) + 1 + len(w) > n:
            lines.append(w)
        else:
            lines[-1] = (lines[-1] + " " + w).strip()
    return lines[:2]
