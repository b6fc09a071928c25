"""Which lesson teaches which rule: the course's rule map, read from the notebooks.

A lesson's markdown cell that teaches a rule names its id in the cell's metadata,
``{"teaches": ["move.stack-limit", ...]}`` (invisible to the learner, kept by
``make strip``). The rules a rulebook gives (source "seed") that the course leaves
out on purpose, the engine's own bookkeeping, are listed with the reason in
``not_taught.json`` beside this module. docs/rules.md shows the map in its "taught
in" column, and tests/test_rule_lessons.py keeps it true: every seed rule is taught
or listed, and no lesson names a rule that no longer exists.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.rules import RuleBook

NOT_TAUGHT_FILE = Path(__file__).with_name("not_taught.json")
COURSE = Path(__file__).resolve().parents[2] / "notebooks"
"""The course's notebooks in a source checkout (absent from an installed wheel)."""


@dataclass(frozen=True)
class Place:
    """One cell of the course that teaches a rule."""

    notebook: str  # file name, e.g. "06_moving.ipynb"
    cell: int  # its index in the notebook
    cell_id: str
    heading: str  # the section the cell belongs to, in the notebook's words

    @property
    def words(self) -> str:
        """Where a reader finds it: the lesson's number and its section."""
        number = self.notebook.split("_", 1)[0]
        return f"{number} · {self.heading}" if self.heading else number


def _heading(text: str) -> str | None:
    m = re.search(r"^#{1,3} +(.+)$", text, re.M)
    return m.group(1).strip() if m else None


def lesson_map(course: Path = COURSE) -> dict[str, list[Place]]:
    """Every rule id a course cell says it teaches, with the cells that teach it."""
    import nbformat  # a notebook reader: only needed where the course is

    taught: dict[str, list[Place]] = {}
    for path in sorted(course.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        heading = ""
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "markdown":
                heading = _heading(cell.source) or heading
            for rule_id in cell.metadata.get("teaches", []):
                place = Place(path.name, i, cell.get("id", ""), heading)
                taught.setdefault(rule_id, []).append(place)
    return taught


def not_taught() -> dict[str, str]:
    """The seed rules the course leaves out on purpose: rule id -> why."""
    data = json.loads(NOT_TAUGHT_FILE.read_text(encoding="utf-8"))
    return {rule_id: reason for rule_id, reason in data["rules"].items()}


def taught_in_column(
    taught: Mapping[str, Iterable[Place]], skipped: Mapping[str, str]
) -> dict[str, str]:
    """The "taught in" column of docs/rules.md: rule id -> its lessons, in words."""
    out = {
        rule_id: "; ".join(dict.fromkeys(p.words for p in places))
        for rule_id, places in taught.items()
    }
    for rule_id, reason in skipped.items():
        out.setdefault(rule_id, f"not taught: {reason}")
    return out


def untaught_lines(
    books: Iterable[RuleBook], taught: Mapping[str, object], skipped: Mapping[str, str]
) -> Iterator[str]:
    """The seed rules no lesson teaches and none listed as left out, grouped by game and
    section: the work list for tagging (``python -m clash_widget rules --untaught``)."""
    for book in books:
        missing = [r for r in book if r.source == "seed" and r.id not in taught]
        missing = [r for r in missing if r.id not in skipped]
        for section in sorted({r.section for r in missing}):
            yield f"{book.game} · {section}"
            for r in missing:
                if r.section == section:
                    yield f"  {r.id}: {r.text()}"
