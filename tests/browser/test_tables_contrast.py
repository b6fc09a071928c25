"""Every table passes axe with colour contrast measured (issue 37: "axe-core with zero
serious or critical violations on every widget (Lab light and dark) ... with colour
contrast actually measured").

Inside JupyterLab axe rates contrast "not applicable" on the tables' nodes, so each
game's committed bundle is mounted on a plain page (``plain_mount``) in JupyterLab's light
and dark colours, at the start and in the middle of a game, and audited there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from a11y_games import GAMES
from a11y_helpers import axe_audit, report, require_axe
from plain_mount import mount

from clash_widget.engine import Match

pytestmark = pytest.mark.browser


def _advanced(game: str, players: int, seed: int, moves: int) -> Match:
    """A game after ``moves`` seeded random legal moves (the design screens' way)."""
    m, rng = Match.new(game, players, seed), random.Random(seed)
    for _ in range(moves):
        acts = m.legal_actions()
        if m.is_over or not acts:
            break
        m.play(rng.choice(acts))
    return m


def _widget(game: str, match: Match) -> Any:
    from clash_widget import widget

    cls = {
        "coc": widget.ClashBoard,
        "secolo": widget.SecoloTable,
        "persistence": widget.PersistenceMap,
        "history": widget.HistoryTable,
    }[game]
    return cls(match, seat=0)


POSITIONS: dict[str, Callable[[str], Match]] = {
    "start": lambda g: Match.new(g, 2, 11),
    "mid-game": lambda g: _advanced(g, 2, 11, 40),
}
BUNDLES = {"coc": "coc", "secolo": "secolo", "persistence": "persistence", "history": "history"}


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("position", list(POSITIONS))
@pytest.mark.parametrize("game", list(GAMES))
def test_table_passes_axe_with_contrast_measured(plain_page, game, position, theme):
    require_axe()
    page = plain_page
    mount(page, BUNDLES[game], _widget(game, POSITIONS[position](game)), theme)
    violations = axe_audit(page, GAMES[game].root)
    assert not violations, f"{game} ({position}, {theme}): axe found\n{report(violations)}"
