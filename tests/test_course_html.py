"""`make course-html` (scripts/build_course_html.py): read-only pages with the boards as pictures.

Builds one lesson and a small notebook with the other three games' widgets (the
whole course is built by `make course-html`; the notebook test runs every lesson).
"""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
from build_course_html import build, use_this_checkout  # noqa: E402

IMG = re.compile(r'<img[^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')


def pictures(page: Path) -> list[str]:
    """The SVG pictures drawn in a page's outputs, as their <title>s."""
    found = []
    for data in IMG.findall(page.read_text(encoding="utf-8")):
        m = re.search(r"<title>(.*?)</title>", base64.b64decode(data).decode("utf-8"))
        if m:
            found.append(m.group(1))
    return found


def test_course_pages_show_every_board_as_a_picture(tmp_path: Path) -> None:
    use_this_checkout()
    cards = tmp_path / "three_tables.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [nbformat.v4.new_markdown_cell("# Three tables")] + [
        nbformat.v4.new_code_cell(f"from clash_widget.widget import {name}\n{name}()")
        for name in ("SecoloTable", "PersistenceMap", "HistoryTable")
    ]
    nbformat.write(nb, cards)
    lesson = REPO / "notebooks" / "00_start_here.ipynb"
    out = tmp_path / "html"
    longest = build([lesson, cards], out)
    assert set(longest) == {lesson.name, cards.name}

    start = out / "00_start_here.html"
    boards = nbformat.read(lesson, as_version=4)
    shown = sum("ClashBoard(" in c.source for c in boards.cells if c.cell_type == "code")
    assert pictures(start).count("Clash of Cultures") >= shown > 0
    assert pictures(out / "three_tables.html") == [
        "600 il Secolo di Ferro",
        "The Persistence of Culture",
        "History CCG",
    ]
    for page in (start, out / "three_tables.html"):
        assert "application/vnd.jupyter.widget-view+json" not in page.read_text(encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="00_start_here.html"' in index and 'href="three_tables.html"' in index

    # Offline and readable (issue 37, item 11): the lesson's title, described pictures,
    # no script from another site, prompts dark enough to read.
    text = start.read_text(encoding="utf-8")
    first = next(c for c in boards.cells if c.cell_type == "markdown").source.splitlines()[0]
    assert f"<title>{first.lstrip('# ').strip()}: clash_widget course</title>" in text
    alts = re.findall(r'<img alt="([^"]*)" src="data:image/svg', text)
    assert alts and all(a.startswith("Clash of Cultures between") for a in alts), alts
    assert "No description has been provided" not in text
    for page in (start, out / "three_tables.html"):
        html_text = page.read_text(encoding="utf-8")
        assert not re.search(r'<script[^>]+src="(https?:)?//', html_text), page.name
        assert ".jp-InputPrompt { color: #1f5f99" in html_text
