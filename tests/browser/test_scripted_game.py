"""The board in a real JupyterLab: a scripted game by clicks, and 200 fast random clicks.

Each test writes its own notebook into the server's copy of notebooks/ (the
position is set up from Python with the Scenario builder), runs it, clicks the
board and reads the Python state back through the notebook's kernel.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

HEX = ".clash-widget svg polygon.clash-hex[data-q][data-r]"

pytestmark = pytest.mark.browser

SCRIPTED_SETUP = """\
from clash_widget.coc.scenario import Scenario
from clash_widget.widget import ClashBoard

s = Scenario(players=2, seed=3).explore_all()
s.resources(0, food=2, wood=2, ore=2, ideas=2, gold=2)
s.units(0, "1,2", settler=1)
s.turn(0, actions=5)
board = ClashBoard(s.match(), seat=0)
board
"""

RANDOM_SETUP = """\
from clash_widget.engine import Match
from clash_widget.widget import ClashBoard

match = Match.new("coc", 2, 21)
board = ClashBoard(match)
board
"""


def write_notebook(lab, name: str, *cells: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, str(lab.server.notebooks / name))
    return name


def open_board(lab, name: str) -> None:
    lab.open_notebook(name)
    lab.run_all()
    expect(lab.page.locator(HEX).first).to_be_visible(timeout=60_000)
    lab.wait_kernel("'board' in globals()", timeout=30)


def hex_locator(page, q: int, r: int):
    return page.locator(f'.clash-widget svg polygon.clash-hex[data-q="{q}"][data-r="{r}"]')


def click_hex(lab, q: int, r: int) -> None:
    el = hex_locator(lab.page, q, r)
    el.scroll_into_view_if_needed()
    # force: a city or unit drawn on the hex takes the click; it names the same hex.
    el.click(force=True)
    got = lab.wait_kernel(f"board.selected.get('q') == {q} and board.selected.get('r') == {r}")
    assert got, f"Python did not see the click on {q},{r}: {lab.kernel_json('board.selected')}"


def click_action(lab, key: str, where: str = ".clash-actions") -> None:
    """Click the action button ``key`` and wait until Python applied it."""
    n = lab.kernel_json("len(board.match.actions)")
    button = lab.page.locator(f'{where} button.clash-action[data-key="{key}"]').first
    expect(button).to_have_count(1)
    # Long kinds (research...) fold into a group: open it as a person would.
    group = button.locator("xpath=ancestor::details[1]")
    if group.count() and not group.evaluate("d => d.open"):
        group.locator("summary").click()
    expect(button).to_be_visible()
    button.click()
    applied = lab.wait_kernel(
        f"len(board.match.actions) == {n + 1} and board.match.actions[-1] == {key!r}"
    )
    assert applied, f"{key!r} was not applied: {lab.kernel_json('dict(board.feedback)')}"
    version = lab.kernel_json("board.match.version")
    expect(lab.page.locator(".clash-widget").first).to_have_attribute("data-version", str(version))


def player0(lab) -> dict:
    return lab.kernel_json("board.match.view(0)['players'][0]")


def units_at(lab, q: int, r: int) -> list:
    return lab.kernel_json(
        f"[u for u in board.match.view(None)['units'] if (u['q'], u['r']) == ({q}, {r})]"
    )


def test_scripted_game_by_clicks(lab, tmp_path):
    page = lab.page
    open_board(lab, write_notebook(lab, "scripted_game.ipynb", SCRIPTED_SETUP))

    # Found a city with the settler on 1,2.
    click_hex(lab, 1, 2)
    expect(page.locator(".clash-actions-hex button.clash-action")).not_to_have_count(0)
    click_action(lab, "found 1,2", ".clash-actions-hex")
    cities = lab.kernel_json("[(c['q'], c['r'], c['owner']) for c in board.view['cities']]")
    assert [1, 2, 0] in cities
    assert units_at(lab, 1, 2) == []  # the settler became the city
    expect(page.locator('.clash-widget g.clash-city[data-q="1"][data-r="2"]')).to_have_count(1)

    # Collect with the capital: wood from the forest at 1,0.
    wood = player0(lab)["resources"]["wood"]
    click_hex(lab, 1, 1)
    click_action(lab, "collect 1,1", ".clash-actions-hex")
    assert lab.kernel_json("board.match.state['stack'][-1]['kind']") == "collect"
    click_hex(lab, 1, 0)
    click_action(lab, "take 1,0 wood", ".clash-actions-hex")
    click_action(lab, "done", ".clash-actions-general")
    assert player0(lab)["resources"]["wood"] == wood + 1

    # Build a settler in the new city.
    food = player0(lab)["resources"]["food"]
    click_hex(lab, 1, 2)
    click_action(lab, "build 1,2", ".clash-actions-hex")
    click_action(lab, "unit settler", ".clash-actions-general")
    # Blue holds food and gold, so Blue chooses how to pay (gold replaces any resource).
    click_action(lab, "payment food:2", ".clash-actions-general")
    click_action(lab, "done", ".clash-actions-general")
    assert [u["kind"] for u in units_at(lab, 1, 2)] == ["settler"]
    assert player0(lab)["resources"]["food"] == food - 2  # a settler costs 2 food
    expect(page.locator('.clash-widget g.clash-unit[data-q="1"][data-r="2"]')).to_have_count(1)

    # Move the capital's settler from 1,1 to 2,1.
    click_action(lab, "move", ".clash-actions-general")
    click_hex(lab, 1, 1)
    click_action(lab, "group 1,1 2,1 s1", ".clash-actions-hex")
    click_action(lab, "done", ".clash-actions-general")
    assert [u["kind"] for u in units_at(lab, 2, 1)] == ["settler"]
    assert [u["kind"] for u in units_at(lab, 1, 1)] == []

    # Research Irrigation with the last action; Blue holds ideas and gold, so Blue chooses
    # how to pay (the primer: either food "may be replaced by Ideas"; gold replaces any).
    click_action(lab, "research irrigation", ".clash-actions-general")
    click_action(lab, "pay ideas:2", ".clash-actions-general")
    assert "irrigation" in player0(lab)["advances"]
    assert player0(lab)["resources"]["ideas"] == 0
    assert lab.kernel_json("board.match.actions") == [
        "found 1,2", "collect 1,1", "take 1,0 wood", "done", "build 1,2", "unit settler",
        "payment food:2", "done", "move", "group 1,1 2,1 s1", "done", "research irrigation",
        "pay ideas:2",
    ]  # fmt: skip
    assert lab.kernel_json("board.match.game.invariants(board.match.state)") == []

    # The replay scrubber: one step back shows the position before the research, read-only.
    h = lab.kernel_json("board.match.state_hash()")
    page.locator(".clash-widget .clash-scrub-back").click()
    assert lab.wait_kernel("board.position == 12")
    expect(page.locator(".clash-widget .clash-prompt")).to_contain_text("Replay")
    expect(page.locator(".clash-widget .clash-scrub-label")).to_have_text("replay 12/13")
    assert "irrigation" not in lab.kernel_json("board.view['players'][0]['advances']")
    expect(page.locator(".clash-widget button.clash-action")).to_have_count(0)
    page.locator(".clash-widget .clash-scrub-live").click()
    assert lab.wait_kernel("board.position is None")
    assert lab.kernel_json("board.match.state_hash()") == h

    # The view selector: hot-seat follows the player to move.
    page.locator(".clash-widget .clash-view-select").select_option("hotseat")
    assert lab.wait_kernel("board.hotseat and board.seat == board.match.current_player")

    # Save downloads the game file (with the scenario's start); load reads one back.
    with page.expect_download() as dl:
        page.locator(".clash-widget .clash-save").click()
    saved = json.loads(Path(dl.value.path()).read_text())
    assert saved == lab.kernel_json("board.game_file()") and "start" in saved
    other = tmp_path / "other.json"
    other.write_text(
        json.dumps(
            lab.kernel_json(
                "(lambda w: (w.run_bots(max_actions=7), w.game_file())[1])"
                "(ClashBoard(players=3, seed=2, bots=['random'] * 3))"
            )
        )
    )
    page.locator(".clash-widget .clash-load-input").set_input_files(str(other))
    assert lab.wait_kernel("board.match.players == 3 and len(board.match.actions) == 7")
    expect(page.locator(".clash-widget .clash-player")).to_have_count(3)
    expect(page.locator(".clash-widget .clash-feedback")).to_contain_text("Loaded other.json")
    bad = tmp_path / "bad.json"
    bad.write_text("this is not a game")
    page.locator(".clash-widget .clash-load-input").set_input_files(str(bad))
    fb = page.locator(".clash-widget .clash-feedback")
    expect(fb).to_have_attribute("data-rule", "widget.bad-file")  # the id: tooltip only
    expect(fb.locator(".clash-feedback-section")).to_have_attribute(
        "title", "The rule behind this refusal: widget.bad-file"
    )
    assert lab.kernel_json("len(board.match.actions)") == 7


def test_200_fast_random_clicks_leave_a_valid_game(lab):
    page = lab.page
    open_board(lab, write_notebook(lab, "random_clicks.ipynb", RANDOM_SETUP))
    rng = random.Random(5)
    targets = ".clash-widget polygon.clash-hex, .clash-widget button:not([disabled])"
    clicked = 0
    for _ in range(200):
        els = page.locator(targets)
        n = els.count()
        assert n > 0
        # Actions more often than hexes, so the game moves on.
        buttons = page.locator(".clash-widget button.clash-action")
        nb = buttons.count()
        el = (
            buttons.nth(rng.randrange(nb))
            if nb and rng.random() < 0.6
            else els.nth(rng.randrange(n))
        )
        try:
            el.click(force=True, timeout=2_000, no_wait_after=True)
            clicked += 1
        except Exception:  # noqa: BLE001 - the element was redrawn away: a miss, like a person's
            pass
    assert clicked >= 150, f"only {clicked} of 200 clicks landed"

    # Let the last messages arrive: the version stops changing.
    last, stable_since = None, time.monotonic()
    while time.monotonic() - stable_since < 1.5:
        v = lab.kernel_json("[board.match.version, board.feedback.get('n')]")
        if v != last:
            last, stable_since = v, time.monotonic()
        time.sleep(0.2)

    lab.kernel("board.live()")
    report = lab.kernel_json(
        "(lambda m: {'invariants': m.game.invariants(m.state), 'actions': len(m.actions),"
        " 'replay_hash': Match.replay(m.record()).state_hash(), 'hash': m.state_hash(),"
        " 'replay_log': Match.replay(m.record()).log == m.log,"
        " 'view_current': board.view == m.view(board.seat),"
        " 'errors': board.feedback.get('rule_id') == 'widget.error'})(board.match)"
    )
    assert report["invariants"] == [], report
    assert report["actions"] > 0, "no random click played an action"
    assert report["replay_hash"] == report["hash"], report
    assert report["replay_log"], "the log differs from the replayed record's log"
    assert report["view_current"], "the board's view is not the match's current view"
    assert not report["errors"], lab.kernel_json("dict(board.feedback)")
    version = lab.kernel_json("board.match.version")
    expect(page.locator(".clash-widget").first).to_have_attribute("data-version", str(version))
