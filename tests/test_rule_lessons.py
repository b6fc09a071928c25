"""The rule-lesson map: every rule a rulebook gives is taught by a lesson, or listed as left out.

A lesson's markdown cell names the rules it teaches in its metadata (``"teaches"``);
the rules the course leaves out on purpose (the engine's bookkeeping) are listed with
the reason in clash_widget/lessons/not_taught.json. When a rule is added, renamed or
removed, one of these tests fails until the course follows.
"""

from __future__ import annotations

import nbformat
import pytest

from clash_widget.__main__ import get_game
from clash_widget.engine import GAMES
from clash_widget.engine.game import KERNEL_RULES
from clash_widget.lessons.syllabus import COURSE, lesson_map, not_taught, untaught_lines

BOOKS = [KERNEL_RULES] + [get_game(g).rules for g in sorted(GAMES)]
RULES = {r.id: r for book in BOOKS for r in book}
SEED = {r.id for r in RULES.values() if r.source == "seed"}
TAUGHT = lesson_map()
SKIPPED = not_taught()


def test_rule_ids_name_one_rule_across_the_games() -> None:
    """A lesson's tag is a bare rule id, so no two games may share one."""
    assert sum(len(book) for book in BOOKS) == len(RULES)


def test_every_seed_rule_is_taught_or_listed_as_left_out() -> None:
    missing = sorted(SEED - set(TAUGHT) - set(SKIPPED))
    assert not missing, (
        f"{len(missing)} rulebook rules no lesson teaches: {missing} "
        "(python -m clash_widget rules --untaught lists them by section)"
    )


def test_the_work_list_names_an_untaught_rule_under_its_section() -> None:
    coc = get_game("coc").rules
    lines = list(untaught_lines([coc], {}, {"found.on-board": "a slip"}))
    assert "coc · Primer: Actions (Expanded), Move Units" in lines
    assert any(line.startswith("  move.stack-limit: ") for line in lines)
    assert not any(line.startswith("  found.on-board") for line in lines)
    assert not list(untaught_lines([coc], TAUGHT, SKIPPED))


def test_lessons_name_only_rules_that_exist() -> None:
    gone = {
        rule_id: [f"{p.notebook} cell {p.cell}" for p in places]
        for rule_id, places in TAUGHT.items()
        if rule_id not in RULES
    }
    assert not gone, f"lessons teach rules that no longer exist: {gone}"


def test_the_left_out_list_names_seed_rules_no_lesson_teaches_with_a_reason() -> None:
    assert not set(SKIPPED) - SEED, sorted(set(SKIPPED) - SEED)
    assert not set(SKIPPED) & set(TAUGHT), sorted(set(SKIPPED) & set(TAUGHT))
    assert all(len(reason.split()) >= 4 for reason in SKIPPED.values())


@pytest.mark.parametrize("path", sorted(COURSE.glob("*.ipynb")), ids=lambda p: p.name)
def test_a_rule_is_taught_by_prose(path) -> None:
    """The tag sits on a markdown cell a learner reads (not on a code cell), and each
    rule is named once per cell."""
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        tags = cell.metadata.get("teaches", [])
        assert not tags or cell.cell_type == "markdown", f"cell {i} is code: {tags}"
        assert len(tags) == len(set(tags)), f"cell {i}: {tags}"


def test_rules_doc_shows_where_each_rule_is_taught() -> None:
    doc = (COURSE.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "| id | reason | section | source | taught in |" in doc
    row = next(line for line in doc.splitlines() if line.startswith("| `build.stack-limit` |"))
    assert row.rsplit("|", 2)[1].strip().startswith("04 · ")
