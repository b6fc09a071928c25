"""The coach in every table, in a real JupyterLab (issue 38): the Hint button and the H key
mark the hinted move (its button, and its hex, card or land when it has one) and the
reasons come back in words; a short game finished by bots is reviewed from the end panel's
Review (progress, then the graph and the judged moves); a click on a mark of the graph, or
on a listed move, moves the replay to that decision's position and marks the move played
and the better one on the board. axe-core audits the review screen. In Voilà, where axe can
measure colour contrast, the review screen of a finished game is audited with contrast.

Screenshots of the hint and of the review for each game go to test-results/ (docs/design.md
shows the ones kept)."""

from __future__ import annotations

import shutil

import nbformat
import pytest
from a11y_helpers import LAB_CONTRAST, axe_audit, report, require_axe
from conftest import ARTIFACTS, LOCAL_ONLY
from playwright.sync_api import expect
from test_frontends import VoilaServer

pytestmark = pytest.mark.browser

TINY = "{'rounds': 2, 'candidates': 2, 'turns': 1, 'depth': 20}"

# Each game's table, a seed, how far the bots play before the hint (a decision whose hint
# has a place on the board where there is one), and how the table's root is found.
TABLES = {
    "coc": ("ClashBoard", ".clash-widget", 'Match.new("coc", 2, seed=4)'),
    "secolo": ("SecoloTable", ".secolo-table", 'Match.new("secolo", 2, seed=2)'),
    "persistence": ("PersistenceMap", ".poc-widget", 'Match.new("persistence", 2, seed=1)'),
    "history": ("HistoryTable", ".hccg-table", 'Match.new("history", 2, seed=1)'),
}

SETUP = """\
from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.widget import {cls}
m = {match}
bots = [make_bot("heuristic", m.game.name, s) for s in range(m.players)]
def bot_move(m):
    return bots[m.current_player].choose(m.game, m.state, m.legal_actions())
def targets_of_hint(m):
    from clash_widget.coach import Budget, hint
    from clash_widget.coach.front import targets_of
    h = hint(m, budget=Budget(**{tiny}))
    return targets_of(m.view(m.current_player), str(h.action))
# on to a decision with a choice whose hint has a place on the board (at most 60 moves)
for _ in range(60):
    if len(m.legal_actions()) > 1 and targets_of_hint(m):
        break
    m.play(bot_move(m))
w = {cls}(m, seat=None)
w.hint_budget = {tiny}
w.review_budget = {tiny}
w"""


def write_notebook(lab, game: str) -> str:
    cls, _, match = TABLES[game]
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP.format(cls=cls, match=match, tiny=TINY))]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    name = f"coach_{game}.ipynb"
    nbformat.write(nb, str(lab.server.notebooks / name))
    return name


def shot(page, locator, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("() => document.fonts.ready")
    locator.screenshot(path=str(ARTIFACTS / name))


def shot_at(page, selector: str, name: str) -> None:
    """The page's view with the first shown element of ``selector`` in the middle (a table
    taller than the screen)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate(
        """(sel) => { const e = [...document.querySelectorAll(sel)]
             .find((x) => x.getBoundingClientRect().height > 0);
           if (e) e.scrollIntoView({ block: 'center' }); }""",
        selector,
    )
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=str(ARTIFACTS / name))


@pytest.mark.parametrize("game", list(TABLES))
def test_hint_and_review_in_the_table(lab, game):
    require_axe()
    _, root_sel, _ = TABLES[game]
    page = lab.page
    lab.open_notebook(write_notebook(lab, game))
    lab.run_all()
    root = page.locator(root_sel)
    expect(root).to_have_count(1, timeout=120_000)
    expect(root.locator("button[data-intent='hint']")).to_be_visible(timeout=60_000)

    # Hint (the button): the move marked on its button or the board, the reasons in words
    n0 = int(root.get_attribute("data-feedback-n") or 0)
    root.locator("button[data-intent='hint']").click()
    message = root.locator("[class$='-feedback-message']").first
    expect(message).to_contain_text("Hint for", timeout=60_000)
    expect(message).to_contain_text("simulated games")
    hint = lab.kernel_json("dict(w.hint)")
    assert hint["targets"], "the position was chosen for a hint with a place on the board"
    assert hint["key"] not in message.inner_text()
    marked = root.locator(".coach-hint")
    expect(marked.first).to_be_attached()
    on_board = page.evaluate(
        """([root, targets]) => targets.some((t) => document.querySelector(root + ' ' +
             Object.entries(t).map(([k, v]) => `[data-${k}="${v}"]`).join('') + '.coach-hint'))""",
        [root_sel, hint["targets"]],
    )
    assert on_board, f"no board element of {hint['targets']} is marked"
    shot_at(page, f"{root_sel} .coach-hint:not(.coach-overlay)", f"coach-{game}-hint.png")

    # Hint (the H key, the focus in the table): asked again, answered again
    n1 = int(root.get_attribute("data-feedback-n") or 0)
    assert n1 > n0
    root.focus()
    page.keyboard.press("h")
    expect(root).not_to_have_attribute("data-feedback-n", str(n1), timeout=10_000)
    expect(message).to_contain_text("Hint for", timeout=60_000)

    # Finish the game with the bots, then Review from the end panel
    lab.kernel("while not w.match.is_over:\n    w.play(str(bot_move(w.match)))")
    end = root.locator(".match-end")
    expect(end).to_be_visible(timeout=60_000)
    end.locator(".match-end-review").click()
    panel = root.locator(".match-review")
    expect(panel).to_be_visible()
    panel.locator(".match-review-seat-select").select_option("0")
    panel.locator(".match-review-start").click()
    expect(panel).to_have_attribute("data-state", "done", timeout=120_000)
    expect(panel.locator(".match-review-summary")).to_contain_text("decisions with a choice")
    points = panel.locator("svg.match-adv .match-adv-point")
    assert points.count() == lab.kernel_json("len(w.review['result']['decisions'])") > 0

    # A click on a mark: the replay jumps to the decision's position, the board marks it
    # (one whose move played and better move have places on the board, flagged if one is)
    index = lab.kernel_json(
        "sorted(w.review['result']['decisions'], key=lambda d: ("
        "not (d['played_targets'] and d['best_targets']), d['verdict'] == 'good', d['index']))"
        "[0]['index']"
    )
    point = panel.locator(f".match-adv-point[data-index='{index}']")
    # (a long game's marks stand closer than a pointer's width: the click goes to the mark itself)
    point.dispatch_event("click")
    assert lab.wait_kernel(f"w.position == {index}", timeout=10) is True
    scrub_label = root.locator(".match-controls [class*='-scrub-label']")
    expect(scrub_label).to_contain_text(f"replay {index}/")
    expect(root.locator(".coach-hint")).to_have_count(0)  # the live hint is not marked in a replay
    assert "is-selected" in (point.get_attribute("class") or "")
    expect(panel.locator(".match-review-detail h4")).to_contain_text(f"Move {index + 1}")
    decision = lab.kernel_json(
        f"next(d for d in w.review['result']['decisions'] if d['index'] == {index})"
    )
    shot(page, panel, f"coach-{game}-review.png")
    marks = root.locator(".coach-played, .coach-better")
    if decision["played_targets"] or decision["best_targets"]:
        expect(marks.first).to_be_attached()
        shot_at(page, f"{root_sel} .coach-played", f"coach-{game}-review-board.png")

    # Enter on a listed move: the replay jumps there
    panel.locator(".match-review-filter input").uncheck()
    line = panel.locator("button.match-review-move").first
    first = int(line.get_attribute("data-index"))
    line.focus()
    page.keyboard.press("Enter")
    assert lab.wait_kernel(f"w.position == {first}", timeout=10) is True

    violations = axe_audit(page, root_sel, min_contrast=LAB_CONTRAST)
    assert not violations, f"{game}: axe found\n{report(violations)}"


VOILA_NB = """\
from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.widget import SecoloTable
m = Match.new("secolo", 2, seed=1)
bots = [make_bot("heuristic", "secolo", s) for s in range(2)]
while not m.is_over:
    m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
w = SecoloTable(m)
w.review_budget = {tiny}
w.start_review(0)
w"""


@pytest.fixture
def voila_review(tmp_path, leftover_guard):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(VOILA_NB.format(tiny=TINY))]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    path = tmp_path / "review.ipynb"
    nbformat.write(nb, str(path))
    server = VoilaServer(tmp_path, path)
    try:
        server.start()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    finally:
        if server.proc is not None:
            leftover_guard.add(server.proc.pid)
    yield server
    server.stop()
    shutil.rmtree(tmp_path / "runtime", ignore_errors=True)


def test_review_screen_axe_with_contrast_in_voila(browser, voila_review):
    require_axe()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.route(LOCAL_ONLY, lambda route: route.abort())
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(voila_review.base + "/")
        root = page.locator(".secolo-table")
        panel = root.locator(".match-review")
        expect(panel).to_have_attribute("data-state", "done", timeout=120_000)
        expect(panel).to_be_visible()
        point = panel.locator(".match-adv-point:not(.is-good)").first
        if point.count() == 0:
            point = panel.locator(".match-adv-point").first
        index = point.get_attribute("data-index")
        point.focus()
        page.keyboard.press("Enter")
        expect(root.locator(".secolo-scrub-label")).to_contain_text(f"replay {index}/")
        panel.locator(".match-adv-table summary").click()  # the graph's table too
        shot(page, panel, "coach-voila-review.png")
        violations = axe_audit(page, ".match-review")
        assert not violations, f"the review screen: axe found\n{report(violations)}"
    finally:
        ctx.close()
