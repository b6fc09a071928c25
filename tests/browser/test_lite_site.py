"""The course as an offline JupyterLite site (``make lite``), in Debian's chromium.

Builds the site (scripts/build_lite.py, downloads cached in build/lite-cache),
serves it on 127.0.0.1 with a plain static server, and opens it in chromium where
every other host is unresolvable (``--host-resolver-rules``): Python runs in the
page (Pyodide), there is no Jupyter server. Notebooks 00, 06 and 20 run top to
bottom; a click on the board reaches Python and the redraw shows Python's answer;
the bots' autoplay moves by itself ("▶ play"; Pyodide has no threads); the seat
and view selectors send ``null`` as None; and no request fails. The Help menu opens
the read-only course. The coach (issue 38) works where Python has no threads: lesson 14's
table shows its review, and a new game on it gets a hint (button and H key) and a review
from the end panel (progress, graph, a jump of the replay to a judged move).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ARTIFACTS
from playwright.sync_api import expect

from clash_widget.lab.lite_harness import (
    CELL_ERRORS_JS,
    KERNEL_EXEC_JS,
    RUN_ALL_JS,
    RequestLog,
    StaticServer,
    notebook_url,
    open_lite_notebook,
    wait_all_cells_ran,
    wait_lite_notebook,
)

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
HEX = "svg polygon.clash-hex[data-q][data-r]"


def has_class(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("lite") / "site"
    # make course-html's pages stand-in (building them runs every lesson): the site copies
    # whatever pages it is given and links their index
    pages = tmp_path_factory.mktemp("course-html")
    (pages / "index.html").write_text("<!doctype html><h1>The course, read-only</h1>")
    cmd = [sys.executable, str(REPO / "scripts" / "build_lite.py"), "--out", str(out)]
    cmd += ["--course", str(pages)]
    t0 = time.monotonic()
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert res.returncode == 0, f"make lite failed:\n{res.stdout[-3000:]}\n{res.stderr[-3000:]}"
    last = res.stdout.strip().splitlines()[-1]
    print(f"lite site built in {time.monotonic() - t0:.1f} s: {last}")
    return out


@pytest.fixture(scope="module")
def lite_server(lite_site):
    with StaticServer(lite_site) as server:
        yield server


class Lite:
    """One page on the site, with its failed requests and page errors recorded."""

    def __init__(self, page, server: StaticServer) -> None:
        self.page, self.server = page, server
        self.requests = RequestLog(page)
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def open(self, name: str) -> float:
        return open_lite_notebook(self.page, notebook_url(self.server.base, name))

    def run_all(self) -> None:
        self.page.evaluate(RUN_ALL_JS)
        wait_all_cells_ran(self.page, timeout=240)
        assert self.page.evaluate(CELL_ERRORS_JS) == []

    def kernel(self, code: str) -> str:
        res = self.page.evaluate(KERNEL_EXEC_JS, code)
        assert res["status"] == "ok", f"kernel code failed: {res['err']}\n{code}"
        return res["out"]

    def kernel_json(self, expr: str):
        return json.loads(self.kernel(f"import json as _j; print(_j.dumps({expr}))"))

    def wait_kernel(self, expr: str, timeout: float = 20.0):
        deadline = time.monotonic() + timeout
        while True:
            value = self.kernel_json(expr)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.2)


@pytest.fixture
def lite(browser, lite_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    helper = Lite(page, lite_server)
    yield helper
    ctx.close()
    assert not helper.errors, f"page errors: {helper.errors}"
    assert not helper.requests.failed, f"failed requests: {helper.requests.failed}"
    assert not lite_server.failed(), f"the server answered errors: {lite_server.failed()}"


def click_action(widget, python_version: int) -> dict:
    """Click a general action button: at once it is marked pending (before any answer)."""
    btn = widget.locator(".clash-actions-general button.clash-action").first
    btn.scroll_into_view_if_needed()
    key = btn.get_attribute("data-key")
    pending = btn.evaluate("(b) => { b.click(); return b.classList.contains('is-pending'); }")
    return {"key": key, "pending": pending, "version": python_version}


def test_lite_start_notebook(lite):
    page = lite.page
    t0 = time.monotonic()
    page.goto(f"{lite.server.base}/")  # the site's front page opens the start notebook
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=00_start_here\.ipynb"))
    wait_lite_notebook(page)
    ready = time.monotonic() - t0
    # Preloaded: no install cell, the package is in the kernel before any cell runs.
    assert lite.kernel_json("__import__('importlib.metadata').metadata.version('clash_widget')")
    lite.run_all()
    boards = page.locator(".clash-widget")
    expect(boards).to_have_count(5)  # the board, a game against a bot, a trade, a gift, a turn
    board, game = boards.nth(0), boards.nth(1)
    expect(board.locator(HEX).first).to_be_visible()
    print(f"start notebook: kernel ready {ready:.1f} s, board {time.monotonic() - t0:.1f} s")

    # A hex click reaches Python (board.selected) and the redraw shows Python's answer.
    here = lite.kernel_json("dict(board.selected)")
    target = lite.kernel_json(
        "[[h['q'], h['r']] for h in match.view(None)['hexes'] if h.get('explored')"
        f" and [h['q'], h['r']] != {[here.get('q'), here.get('r')]}][0]"
    )
    q, r = target
    hexel = board.locator(f'polygon.clash-hex[data-q="{q}"][data-r="{r}"]')
    hexel.scroll_into_view_if_needed()
    hexel.click(force=True)
    assert lite.wait_kernel(
        f"(lambda s: (s.get('q'), s.get('r')) == ({q}, {r}))(dict(board.selected))"
    )
    expect(hexel).to_have_class(has_class("is-selected"))
    expect(board.locator(".clash-feedback")).to_contain_text("Selected: ")

    # An action click: pending at once, then Python plays it and the page draws it.
    v0 = lite.kernel_json("match.version")
    click = click_action(board, v0)
    assert click["pending"], "the clicked action was not marked pending at once"
    assert lite.wait_kernel(f"match.version > {v0}"), f"Python did not play {click['key']}"
    v1 = lite.kernel_json("match.version")
    expect(board).to_have_attribute("data-version", str(v1))
    expect(board.locator("button.is-pending")).to_have_count(0)

    # The bot-seat selector: a person is JavaScript null, which must arrive as None.
    lite.kernel("game.stop_bots()")
    seat0 = game.locator('.clash-seat[data-seat="0"] select.clash-seat-select')
    seat0.select_option("random")
    assert lite.wait_kernel("game.bots == ['random', 'heuristic']")
    seat0.select_option("")
    assert lite.wait_kernel("game.bots == [None, 'heuristic']")
    assert "jsnull" not in lite.kernel_json("game.feedback.get('message', '')")
    # The view selector's teacher view is seat null too.
    view = game.locator("select.clash-view-select")
    view.select_option("teacher")
    assert lite.wait_kernel("game.seat is None")
    expect(game.locator(".clash-status")).to_contain_text("teacher's view")

    # Autoplay: both seats bots, then "▶ play": moves arrive with no thread.
    seat0.select_option("random")
    assert lite.wait_kernel("game.bots == ['random', 'heuristic']")
    lite.kernel("game.bot_delay = 0.2")
    g0 = lite.kernel_json("game.match.version")
    play = game.locator("button.clash-autoplay")
    expect(play).to_have_text("\u25b6 play")
    play.click()
    assert lite.wait_kernel("game.autoplay and game.bots_running")
    assert lite.wait_kernel(f"game.match.version >= {g0 + 2}", timeout=30)
    g1 = lite.kernel_json("game.match.version")
    shown = int(game.get_attribute("data-version") or 0)
    assert shown > g0, f"the page still shows v{shown} after the bots played to v{g1}"
    expect(game.locator(".clash-feedback")).to_contain_text("bot")
    game.locator("button.clash-autoplay").click()  # pause
    assert lite.wait_kernel("not game.bots_running")


def test_lite_help_menu_opens_the_read_only_course(lite):
    """The site's Help menu opens the read-only course (course/) in a new browser tab."""
    page = lite.page
    page.goto(f"{lite.server.base}/")
    page.wait_for_selector("#jp-MainMenu")
    page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text="Help").click()
    with page.context.expect_page() as opened:
        page.locator(".lm-Menu-itemLabel", has_text="The course, read-only").click()
    tab = opened.value
    tab.wait_for_load_state()
    assert tab.url == f"{lite.server.base}/course/index.html"
    expect(tab.locator("h1")).to_have_text("The course, read-only")


def test_lite_moving_notebook(lite):
    lite.open("06_moving.ipynb")
    lite.run_all()
    board = lite.page.locator(".clash-widget").first
    expect(board.locator(HEX).first).to_be_visible()
    v0 = lite.kernel_json("match.version")
    click = click_action(board, v0)
    assert click["pending"]
    assert lite.wait_kernel(f"match.version > {v0}")
    expect(board).to_have_attribute("data-version", str(lite.kernel_json("match.version")))


def test_lite_secolo_notebook(lite):
    lite.open("20_secolo_di_ferro.ipynb")
    lite.run_all()
    tables = lite.page.locator(".secolo-table")
    expect(tables).to_have_count(2)
    sandbox = tables.last
    expect(sandbox).to_have_attribute("data-version", "0")
    option = sandbox.locator(".secolo-card.is-option").first
    option.scroll_into_view_if_needed()
    option.click()
    expect(sandbox).to_have_attribute("data-version", "1", timeout=20_000)
    assert lite.kernel_json("sandbox.match.version") == 1


def test_lite_design_lab_notebook(lite):
    """Notebook 12 in the site: every rule set plays its N_GAMES games under Pyodide (the
    notebook plays few games everywhere), both charts drawn without matplotlib (SVG, the
    one-line why, the numbers), every check cell passes."""
    lite.open("12_design_lab.ipynb")
    lite.run_all()
    lite.kernel("import sys")  # the notebook itself no longer imports it
    assert lite.kernel_json("sys.platform") == "emscripten"
    n_games, played, coverage_games = lite.kernel_json("[N_GAMES, len(baseline), COVERAGE_GAMES]")
    assert played == n_games > 0 and coverage_games > 0
    drawn = lite.page.locator(".clash-chart")
    expect(drawn).to_have_count(2)  # paired vs unpaired intervals, mechanics coverage
    for i in range(2):
        chart = drawn.nth(i)
        expect(chart).to_contain_text("matplotlib is not available in this offline site")
        expect(chart.locator("svg")).to_have_count(1)
        expect(chart.locator("table td").first).to_be_visible()
    expect(drawn.last).to_contain_text("per game")


LESSON_14 = "14_learn_from_your_mistakes.ipynb"
# The lesson's own table (cell 17: ``board``, Blue's view, the finished game, review budget 8
# rounds); a game finished from code by the rule-of-thumb bot on both seats.
FINISH_GAME = """\
from clash_widget.bots import make_bot
_bots = [make_bot("heuristic", "secolo", s) for s in range(2)]
while not board.match.is_over:
    _m = board.match
    board.play(str(_bots[_m.current_player].choose(_m.game, _m.state, _m.legal_actions())))
"""
# Every text the review's progress line shows, recorded in the page as it changes.
RECORD_PROGRESS_JS = """(root) => {
  const text = root.querySelector('.match-review-progress-text');
  window.__progress = [];
  new MutationObserver(() => window.__progress.push(text.textContent))
    .observe(text, {childList: true, characterData: true, subtree: true});
}"""


def mark_tag(locator) -> str:
    """The tag a coach mark shows on an element ("hint", "played", "better"): CSS content."""
    return locator.evaluate("(e) => getComputedStyle(e, '::before').content").strip('"')


def shot_at(page, locator, name: str) -> None:
    """The page with ``locator`` in the middle of the notebook's view, as a PNG."""
    ARTIFACTS.mkdir(exist_ok=True)
    locator.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=str(ARTIFACTS / name))


def test_lite_coach_hint_and_review(lite):
    """Issue 38's coach in the offline site, where Python has no threads: lesson 14 runs top
    to bottom and its table shows the review the lesson asked for from code (all decisions
    judged: the cell prints them); then a new game on that table gets a hint from the Hint
    button and from the H key (the words in the feedback line, the "hint" mark on the card);
    the bots finish it from code, and *Review the game* in the end panel shows its progress
    (the page updated between decisions), then the summary and the advantage graph; a click
    on a mark of the graph moves the replay to that decision, with the move played and the
    better one marked on the board."""
    page = lite.page
    lite.open(LESSON_14)
    lite.run_all()
    lite.kernel("import sys")
    assert lite.kernel_json("sys.platform") == "emscripten"
    table = page.locator(".secolo-table")
    expect(table).to_have_count(1)
    panel = table.locator(".match-review")

    # The lesson's review, from code: judged in the cell (no thread to wait for)
    shown = lite.kernel_json("{k: shown[k] for k in ('state', 'done', 'total')}")
    assert shown["state"] == "done" and shown["done"] == shown["total"] > 0, shown
    expect(panel).to_have_attribute("data-state", "done")
    expect(panel).to_be_visible()
    expect(panel.locator(".match-review-summary")).to_contain_text(
        f"{shown['total']} decisions with a choice reviewed"
    )
    expect(panel.locator("svg.match-adv .match-adv-point")).to_have_count(shown["total"])
    shot_at(page, panel, "lite-coach-lesson-review.png")

    # A new game on the lesson's table: Blue (this view) decides first
    end = table.locator(".match-end")
    expect(end).to_be_visible()
    end.locator(".match-end-new").click()
    expect(panel).to_have_attribute("data-state", "none")
    assert lite.wait_kernel("board.match.version == 0 and board.match.current_player == 0")

    # Hint, the button: the coach's words, and its move's card marked "hint"
    message = table.locator(".secolo-feedback-message")
    n0 = int(table.get_attribute("data-feedback-n") or 0)
    t0 = time.monotonic()
    table.locator("button[data-intent='hint']").click()
    expect(message).to_contain_text("Hint for Blue", timeout=60_000)
    hint_s = time.monotonic() - t0
    expect(message).to_contain_text("simulated games")
    hint = lite.kernel_json("dict(board.hint)")
    assert hint["targets"] and hint["key"] in lite.kernel_json(
        "[str(a) for a in board.match.legal_actions()]"
    )
    assert hint["key"] not in message.inner_text()
    (target,) = hint["targets"]
    card = table.locator(f'.secolo-card[data-card="{target["card"]}"].coach-hint').first
    expect(card).to_be_visible()
    assert mark_tag(card) == "hint"
    shot_at(page, card, "lite-coach-hint.png")

    # Hint, the H key (the focus in the table): asked and answered again
    n1 = int(table.get_attribute("data-feedback-n") or 0)
    assert n1 > n0
    table.focus()
    t0 = time.monotonic()
    page.keyboard.press("h")
    expect(table).not_to_have_attribute("data-feedback-n", str(n1), timeout=10_000)
    expect(message).to_contain_text("Hint for Blue", timeout=60_000)
    key_s = time.monotonic() - t0
    expect(card).to_have_class(has_class("coach-hint"))

    # The bots finish the game; Review the game, from the end panel
    lite.kernel(FINISH_GAME)
    expect(end).to_be_visible(timeout=60_000)
    end.locator(".match-end-review").click()
    expect(panel).to_be_visible()
    seats = panel.locator(".match-review-seat-select option")
    expect(seats).to_have_count(1)  # Blue's view reviews Blue's game only
    expect(seats).to_have_text("Blue")
    table.evaluate(RECORD_PROGRESS_JS)
    t0 = time.monotonic()
    panel.locator(".match-review-start").click()
    expect(panel).to_have_attribute("data-state", "done", timeout=240_000)
    review_s = time.monotonic() - t0
    total = lite.kernel_json("board.review['total']")
    progress = page.evaluate("() => window.__progress")
    between = [p for p in progress if re.search(rf"decisions: [1-9]\d* of {total}", p)]
    assert between, f"no progress shown between decisions: {progress}"
    expect(panel.locator(".match-review-summary")).to_contain_text("decisions with a choice")
    points = panel.locator("svg.match-adv .match-adv-point")
    expect(points).to_have_count(total)
    # the lesson's budget leaves Secolo's own setting: simulated games played to the end
    expect(panel.locator(".match-review-noise")).to_contain_text(
        "from 8 simulated games a move, played on to the end of the game."
    )
    print(
        f"lite coach: hint (button) {hint_s:.1f} s, hint (H) {key_s:.1f} s, review of "
        f"{total} decisions {review_s:.1f} s, progress shown {len(between)} times"
    )

    # A mark of the graph (a flagged decision if any, with both moves on the board): the
    # replay jumps there, the move played and the better one are marked
    index = lite.kernel_json(
        "sorted(board.review['result']['decisions'], key=lambda d: (d['same'] or not"
        " (d['played_targets'] and d['best_targets']), d['verdict'] == 'good', d['index']))"
        "[0]['index']"
    )
    decision = lite.kernel_json(
        f"next(d for d in board.review['result']['decisions'] if d['index'] == {index})"
    )
    assert not decision["same"] and decision["played_targets"] and decision["best_targets"]
    point = panel.locator(f".match-adv-point[data-index='{index}']")
    point.dispatch_event("click")  # the graph's marks stand closer than a pointer's width
    assert lite.wait_kernel(f"board.position == {index}") is True
    expect(table.locator(".secolo-scrub-label")).to_contain_text(f"replay {index}/")
    expect(point).to_have_class(has_class("is-selected"))
    expect(panel.locator(".match-review-detail h4")).to_contain_text(f"Move {index + 1}")
    played = table.locator(".coach-played:not(.coach-overlay)").first
    better = table.locator(".coach-better:not(.coach-overlay)").first
    expect(played).to_be_attached()
    expect(better).to_be_attached()
    assert mark_tag(played) in {"played", "played and better"}
    assert mark_tag(better) in {"better", "played and better"}
    shot_at(page, panel, "lite-coach-review.png")
    shot_at(page, played, "lite-coach-review-board.png")


LITE_METRICS = {
    "lite_site_mb",
    "lite_board_ready_s",
    "lite_click_redraw_ms_median",
    "lite_act_click_redraw_ms_median",
    "lab_board_ready_s",
    "lab_click_redraw_ms_median",
    "lab_act_click_redraw_ms_median",
    "lite_failed_requests",
}


def test_bench_lite_prints_the_site_beside_jupyterlab(lite_site):
    """`python -m clash_widget bench --lite` (here on the site built above, 3 clicks)."""
    out = subprocess.run(
        [sys.executable, "-m", "clash_widget", "bench", "--lite", "--site", str(lite_site),
         "--clicks", "3"],
        cwd=REPO, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    by = {m["metric"]: m["value"] for m in lines}
    print(json.dumps(by))
    assert LITE_METRICS <= set(by), set(by)
    assert 20 < by["lite_site_mb"] < 200
    assert by["lite_board_ready_s"] > 0 and by["lab_board_ready_s"] > 0
    assert by["lite_failed_requests"] == 0
