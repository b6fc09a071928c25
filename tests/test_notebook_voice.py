"""The course reads like a rulebook, not like the code: a scan of every notebook's text.

What a learner reads (the markdown cells) names no seed hash, no source path or data
file, no rule id (those appear in check cells only, explained once as the name of the
rule in docs/rules.md), no faked click, nothing about the test run; no player is
numbered from 0 anywhere in a notebook; and every "try it yourself" exercise is
followed by a separate check cell that works its answer out.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from clash_widget.engine import GAMES, get_game

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
IDS = [p.name for p in NOTEBOOKS]

RULE_IDS = set(
    re.findall(
        r"^\| `([a-z][a-z0-9-]*\.[a-z0-9.-]+)` \|", (REPO / "docs" / "rules.md").read_text(), re.M
    )
)
LINK_TARGET = re.compile(r"\]\([^)]*\)")  # a link's address is not prose

# "Seed" means a dice seed to a learner; the documents the rules come from are the rulebooks.
SEED_AS_RULEBOOK = (
    r"\b[Ss]eeds? (?:documents?|texts?|names?|says?|leaves?|gives?|is silent|are silent|rules?)\b"
    r"|\b(?:in|from|of) the seeds?\b(?! \d)|\bsystems of the seeds\b"
)
# In what a learner reads: pattern -> what it is.
PROSE_BANS = {
    r"\b[0-9a-f]{10,}\b": "a hash (seed files are named in words)",
    r"\bclash_widget/[\w/]+": "a source path",
    r"\bclash_widget\.\w+\.[\w.]+": "a module path",
    r"\b[\w-]+\.json\b": "a data file's name",
    r"\b[\w/]+\.py\b": "a Python file's name",
    r"board\.intent": "a faked click",
    r"PYTEST_CURRENT_TEST|\bpytest\b|\bCI\b|test suite": "the test run",
    r"automatic(ally)? test|tested automatically": "the test run",
    r"\binvariant checks?\b|code path": "a developer's note",
    r"\b(?:docs|notebooks|scripts|tests|clash_widget)/[\w./-]+": "a file path (link it, in words)",
    r"\bHWD\b": "an abbreviation (say History of the World)",
    SEED_AS_RULEBOOK: "'seed' for a rulebook (to a learner a seed is a dice seed)",
    r"`[^`]*\+settler[^`]*`|`civic voting`": "an action key's words (say what the board shows)",
}
# Anywhere in a notebook (code too).
CODE_BANS = {
    r"board\.intent\s*=|\.intent\s*=\s*\{": "a faked click",
    r"PYTEST_CURRENT_TEST|os\.environ": "a switch on how the notebook runs",
    r"[Pp]layer 0\b|[Ss]eat 0\b": "a player numbered from 0",
}


# The notebooks that teach code itself (the design lab, the lesson template) may name it.
ABOUT_CODE = {"12_design_lab.ipynb", "13_write_your_own_lesson.ipynb"}
OPTION_NAMES = {
    name for game in sorted(GAMES) for name in get_game(game).options_from(None).to_dict()
}


def _markdown(nb: nbformat.NotebookNode) -> list[tuple[int, str]]:
    return [
        (i, LINK_TARGET.sub("]", c.source))
        for i, c in enumerate(nb.cells)
        if c.cell_type == "markdown"
    ]


def test_the_rule_list_is_read() -> None:
    assert len(RULE_IDS) > 200 and "engine.malformed" in RULE_IDS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_prose_names_no_internals(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    found = []
    for i, text in _markdown(nb):
        for pattern, what in PROSE_BANS.items():
            found += [f"cell {i}: {m.group(0)!r} ({what})" for m in re.finditer(pattern, text)]
        for word in re.findall(r"[a-z][a-z0-9-]*\.[a-z0-9.-]*[a-z0-9]", text):
            if word in RULE_IDS:
                found.append(f"cell {i}: {word!r} (a rule id: keep it in the check cell)")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_code_fakes_no_click_and_numbers_no_player_from_zero(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    found = [
        f"cell {i}: {m.group(0)!r} ({what})"
        for i, c in enumerate(nb.cells)
        for pattern, what in CODE_BANS.items()
        for m in re.finditer(pattern, c.source)
    ]
    assert not found, "\n".join(found)


EXERCISE = re.compile(r"^#+ .*(try it yourself|exercise)", re.I | re.M)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_each_exercise_has_a_separate_check_cell(path: Path) -> None:
    """After an exercise's heading, a code cell checks the answer (a check function or an
    assert), and it is not the cell that sets the exercise up."""
    nb = nbformat.read(path, as_version=4)
    cells = nb.cells
    for i, c in enumerate(cells):
        if c.cell_type != "markdown" or not EXERCISE.search(c.source):
            continue
        following = []
        for d in cells[i + 1 :]:
            if d.cell_type == "markdown" and re.match(r"#{1,2} ", d.source):
                break
            if d.cell_type == "code":
                following.append(d.source)
        checks = [s for s in following if re.search(r"\bcheck\w*\(|\bassert ", s)]
        assert checks, f"cell {i}: the exercise has no check cell"
        assert len(following) >= 2, f"cell {i}: set-up and check share one cell"


def test_every_advance_is_described_in_words_in_some_lesson() -> None:
    """Not only in a generated table: each advance's name appears in a lesson's text."""
    from clash_widget.coc import content

    text = " ".join(
        " ".join(c.source.split())  # lines joined, so a name broken over two lines counts
        for path in NOTEBOOKS
        for c in nbformat.read(path, as_version=4).cells
        if c.cell_type == "markdown"
    )
    missing = [a["name"] for a in content.advances().values() if a["name"] not in text]
    assert not missing, missing


INLINE_CODE = re.compile(r"`([^`\n]+)`")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_prose_names_options_in_words(path: Path) -> None:
    """A rules option is named in words in the prose ("the capture-rewards option"); its code
    name (`capture_rewards_always`, `redraw=False`) stays in the code cells."""
    if path.name in ABOUT_CODE:
        return
    nb = nbformat.read(path, as_version=4)
    found = [
        f"cell {i}: `{code}`"
        for i, text in _markdown(nb)
        for code in INLINE_CODE.findall(text)
        if code in OPTION_NAMES
        or any(f"{name}=" in code for name in OPTION_NAMES)
        or re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", code)  # any other code name in snake case
    ]
    assert not found, "\n".join(found)


CALLED = re.compile(r"^(?:\w+\.)*(\w+)(?:\(.*\))?$")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_a_function_named_in_prose_is_one_the_code_calls(path: Path) -> None:
    """Prose that names a function (`odds.growth_table`, `board.scrub(k)`) names one that a
    code cell of the notebook calls, never a neighbour the reader will not find."""
    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    found = []
    for i, text in _markdown(nb):
        for named in INLINE_CODE.findall(text):
            if not re.match(r"^[A-Za-z_][\w.]*(\(.*\))?$", named) or not (
                "." in named or "(" in named
            ):
                continue  # not a dotted name or a call
            m = CALLED.match(named)
            if m and not re.search(rf"\b{re.escape(m.group(1))}\b", code):
                found.append(f"cell {i}: `{named}`")
    assert not found, "\n".join(found)


def test_the_readme_calls_the_rules_documents_rulebooks() -> None:
    text = LINK_TARGET.sub("]", (REPO / "README.md").read_text(encoding="utf-8"))
    assert not re.findall(SEED_AS_RULEBOOK, text)
