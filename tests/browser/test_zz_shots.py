"""NOT COMMITTED: screenshots for docs/design (SHOT_TAG=before|after)."""
import os
from pathlib import Path
import pytest
from a11y_games import Game, open_game

pytestmark = pytest.mark.browser
OUT = Path(__file__).resolve().parents[2] / "docs" / "design"
TAG = os.environ.get("SHOT_TAG", "after")

COC = Game("shot_coc", ".clash-widget", ".clash-widget polygon.clash-hex",
    "from clash_widget.engine import Match\nfrom clash_widget.widget import ClashBoard\n"
    'w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0, bots=[None, "heuristic"])\nw')


def shot(page, sel, name):
    page.wait_for_timeout(300)
    page.locator(sel).screenshot(path=str(OUT / f"{name}-{TAG}.png"))


def test_shots_coc(lab):
    page = lab.page
    open_game(lab, COC)
    root = COC.root
    page.locator(root).evaluate("(r) => r.focus()")
    page.keyboard.press("Enter")  # after: the capital; before: nothing
    page.keyboard.press("a")
    page.wait_for_timeout(500)
    shot(page, f"{root} .clash-main", "i37-coc-keyboard")
    # A refusal with its rule.
    lab.kernel('w.intent = {"seq": 50, "version": w.view["version"], "type": "act", "key": "collect 8,-2"}')
    page.wait_for_timeout(800)
    shot(page, f"{root} .clash-board-col", "i37-coc-refusal")
    # End turn by keys: where the focus is after.
    lab.kernel('w.intent = {"seq": 51, "version": w.view["version"], "type": "act", "key": "play festival#0"}')
    page.wait_for_timeout(800)
    shot(page, f"{root} .clash-board-col", "i37-coc-feedback")
    # The end of the game.
    lab.kernel('w.bots = ["heuristic", "heuristic"]\nw.run_bots(20000)')
    page.wait_for_timeout(1500)
    page.locator(f"{root} .clash-top").scroll_into_view_if_needed()
    shot(page, f"{root} .clash-top", "i37-coc-end")
    page.locator(root).screenshot(path=str(OUT / f"i37-coc-end-full-{TAG}.png"))


@pytest.mark.parametrize("game,code,root", [
    ("persistence", "from clash_widget.engine import Match\nfrom clash_widget.widget import PersistenceMap\n"
     "w = PersistenceMap(Match.new('persistence', players=2, seed=1), bots=['random', 'random'])\nw", ".poc-widget"),
    ("history", "from clash_widget.engine import Match\nfrom clash_widget.widget import HistoryTable\n"
     "w = HistoryTable(Match.new('history', players=2, seed=1), bots=['random', 'random'])\nw", ".hccg-table"),
    ("secolo", "from clash_widget.widget import SecoloTable\n"
     "w = SecoloTable(players=2, seed=2, bots=['random', 'random'])\nw", ".secolo-table"),
])
def test_shots_end(lab, game, code, root):
    g = Game(f"shot_{game}", root, f"{root}[data-version]", code)
    open_game(lab, g)
    lab.kernel("w.run_bots(20000)")
    lab.page.wait_for_timeout(1500)
    lab.page.locator(root).scroll_into_view_if_needed()
    lab.page.evaluate("(r) => document.querySelector(r).scrollIntoView({block: 'start'})", root)
    lab.page.wait_for_timeout(300)
    lab.page.screenshot(path=str(OUT / f"i37-{game}-end-{TAG}.png"),
                        clip={"x": 380, "y": 90, "width": 850, "height": 280})
