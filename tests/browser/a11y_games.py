"""The four games' widgets, each alone in a one-cell notebook, for the accessibility tests.

:func:`open_game` writes the notebook into the test server's (copied) notebook folder,
opens it in JupyterLab, runs it and waits until the widget has drawn its first view.
"""

from __future__ import annotations

from dataclasses import dataclass

import nbformat
from playwright.sync_api import expect


@dataclass(frozen=True)
class Game:
    id: str
    root: str  # the widget's root element (the axe audit's scope)
    drawn: str  # what shows once the first view is drawn
    code: str


GAMES = {
    g.id: g
    for g in (
        Game(
            "coc",
            ".clash-widget",
            ".clash-widget polygon.clash-hex",
            "from clash_widget.engine import Match\nfrom clash_widget.widget import ClashBoard\n"
            'w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)\nw',
        ),
        Game(
            "secolo",
            ".secolo-table",
            '.secolo-table[data-version="0"] .secolo-card',
            "from clash_widget.widget import SecoloTable\nw = SecoloTable(players=2, seed=2)\nw",
        ),
        Game(
            "persistence",
            ".poc-widget",
            '.poc-widget[data-version="0"] path.poc-area',
            "from clash_widget.persistence import lesson\n"
            "from clash_widget.widget import PersistenceMap\n"
            "w = PersistenceMap(lesson.sandbox())\nw",
        ),
        Game(
            "history",
            ".hccg-table",
            '.hccg-table[data-version="0"] .hccg-card',
            "from clash_widget.history import lesson\n"
            "from clash_widget.widget import HistoryTable\n"
            "w = HistoryTable(lesson.sandbox())\nw",
        ),
    )
}


def open_game(lab, game: Game) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(game.code)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    name = f"a11y_{game.id}.ipynb"
    nbformat.write(nb, str(lab.server.notebooks / name))
    lab.open_notebook(name)
    lab.run_all()
    expect(lab.page.locator(game.drawn).first).to_be_visible(timeout=120_000)
    expect(lab.page.locator(game.root)).to_have_count(1)
