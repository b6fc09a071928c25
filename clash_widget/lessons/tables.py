"""Tables generated from the game's data, so a lesson never writes a rule twice.

:func:`advance_table` lists the 48 advances, group by group, with the track each one
moves, what it needs first and what it does (``summary`` in
``clash_widget/coc/data/advances.json``, the primer's effects in our words). Plain
HTML: it shows the same in Jupyter and in the offline JupyterLite site.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clash_widget.coc import content


@dataclass(frozen=True)
class AdvanceRow:
    group: str
    name: str
    track: str  # "mood", "culture" or ""
    needs: str  # what must be owned first, in words
    effect: str
    owned: bool


def _needs(adv: Mapping[str, Any], group: Mapping[str, Any], names: Mapping[str, str]) -> str:
    needs = []
    if adv["position"] > 0:
        first = names[group["advances"][0]]
        needs.append(f"{first} (top of the group)")
    elif group.get("requires"):
        needs.append(f"{names[group['requires']]} (opens the government)")
    if adv.get("requires"):
        needs.append(names[adv["requires"]])
    return ", ".join(needs)


def advance_rows(owned: tuple[str, ...] | list[str] = ()) -> list[AdvanceRow]:
    """One row per advance, in the order of the tree (12 groups of 4)."""
    advances = content.advances()
    names = {k: a["name"] for k, a in advances.items()}
    rows = []
    for group in content.groups().values():
        for key in group["advances"]:
            adv = advances[key]
            rows.append(
                AdvanceRow(
                    group=group["name"],
                    name=adv["name"],
                    track=adv["track"] or "",
                    needs=_needs(adv, group, names),
                    effect=adv["summary"],
                    owned=key in owned,
                )
            )
    return rows


class AdvanceTable:
    """The rows, shown as an HTML table (``print(table)`` gives plain text)."""

    HEAD = ("group", "advance", "track", "needs first", "what it does")

    def __init__(self, rows: list[AdvanceRow]) -> None:
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def names(self, group: str) -> list[str]:
        """The advances of one group, by name, top first."""
        return [r.name for r in self.rows if r.group.lower() == group.lower()]

    def row(self, name: str) -> AdvanceRow:
        return next(r for r in self.rows if r.name.lower() == name.lower())

    def _repr_html_(self) -> str:
        head = "".join(f"<th style='text-align:left'>{h}</th>" for h in self.HEAD)
        body = []
        last = None
        for r in self.rows:
            group = f"<b>{html.escape(r.group)}</b>" if r.group != last else ""
            last = r.group
            name = html.escape(r.name) + (" ✓" if r.owned else "")
            cells = (group, name, r.track, html.escape(r.needs), html.escape(r.effect))
            body.append("<tr>" + "".join(f"<td style='text-align:left'>{c}</td>" for c in cells))
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"

    def __str__(self) -> str:
        return "\n".join(
            f"{r.group:<13} {r.name + (' *' if r.owned else ''):<24} {r.track:<8} {r.effect}"
            for r in self.rows
        )


def advance_table(owned: tuple[str, ...] | list[str] = ()) -> AdvanceTable:
    """All 48 advances with what each does; ``owned`` (advance ids) are ticked."""
    return AdvanceTable(advance_rows(owned))


__all__ = ["AdvanceRow", "AdvanceTable", "advance_rows", "advance_table"]
