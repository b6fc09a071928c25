"""The toy game's still picture: the cards on the table and each player's score, as SVG."""

from __future__ import annotations

from html import escape
from typing import Any


def draw_toy(view: dict[str, Any]) -> str:
    """A still of a view of Two Cards (what a course page shows in place of a table)."""
    lines = [f"On the table: {', '.join(str(c) for t in view['table'] for c in t) or 'nothing'}"]
    lines += [f"Player {i + 1}: {p['score']} tricks" for i, p in enumerate(view["players"])]
    text = "".join(
        f'<text x="8" y="{20 + 18 * i}" font-size="13">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    height = 20 + 18 * len(lines)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="{height}">'
        f"<title>Two Cards</title>{text}</svg>"
    )
