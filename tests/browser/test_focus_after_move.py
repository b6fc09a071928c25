"""After every move the keyboard player keeps their place (issue #37, items 1, 2 and 4).

Each game is played five moves by keys alone in JupyterLab. After each move the focus
must be inside the table (never the page's <body>, never a button that would play the
same move again: after "End turn", not on "End turn"), on the next useful place: the
board with its cursor, the next choice, or the card or area one may use. A select in
the table is operated with the arrow keys (JupyterLab's notebook shortcuts must not
take them), and the Clash board's cursor starts at the seat's own capital.
"""

from __future__ import annotations

import pytest
from a11y_games import GAMES, Game, open_game
from a11y_helpers import require_axe, tab_to
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

_FOCUS = """(root) => {
  const a = document.activeElement, r = document.querySelector(root);
  return { tag: a ? a.tagName : '', inside: !!(a && r && r.contains(a)), isRoot: a === r,
           key: a && a.getAttribute ? a.getAttribute('data-key') : null,
           option: !!(a && a.matches && a.matches('.is-option')),
           control: !!(a && a.matches && a.matches('button, select, summary, input')),
           what: a ? a.tagName + '.' + (a.getAttribute('class') || '') + ' ' +
                 (a.getAttribute('aria-label') || a.textContent || '').slice(0, 50) : '' };
}"""


def focus(page, root: str) -> dict:
    return page.evaluate(_FOCUS, root)


def assert_kept(page, root: str, played_key: str | None, step: str) -> dict:
    """The focus is in the table, and not on a control that plays `played_key` again."""
    f = focus(page, root)
    assert f["tag"] != "BODY", f"{step}: the focus fell to the page's body"
    assert f["inside"], f"{step}: the focus left the table, to {f['what']}"
    if played_key is not None:
        assert not (f["control"] and f["key"] == played_key), (
            f"{step}: the focus stayed on {f['what']}: Enter would play '{played_key}' again"
        )
    return f


def version(page, root: str) -> int:
    return int(page.locator(root).get_attribute("data-version") or 0)


def wait_version(page, root: str, v: int, timeout: float = 5_000) -> None:
    expect(page.locator(root)).to_have_attribute("data-version", str(v), timeout=timeout)
    page.wait_for_timeout(50)  # the focus moves right after the redraw


def start(lab, game: Game) -> None:
    require_axe()
    open_game(lab, game)
    lab.page.locator(game.root).evaluate("(root) => root.focus()")


# -- Clash of Cultures ---------------------------------------------------------------------

COC_HOTSEAT = Game(
    "coc_hotseat",
    ".clash-widget",
    ".clash-widget polygon.clash-hex",
    "from clash_widget.engine import Match\nfrom clash_widget.widget import ClashBoard\n"
    'w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0, hotseat=True)\nw',
)


def test_clash_five_moves_keep_the_focus(lab):
    page, root = lab.page, COC_HOTSEAT.root
    start(lab, COC_HOTSEAT)
    # The cursor starts on Blue's capital (1,1), not the top-left hex.
    cursor = page.locator(f"{root} polygon.clash-hex.is-cursor")
    expect(cursor).to_have_count(1)
    assert (cursor.get_attribute("data-q"), cursor.get_attribute("data-r")) == ("1", "1")
    page.keyboard.press("Enter")  # select the capital
    expect(page.locator(f"{root} polygon.clash-hex.is-selected")).to_have_count(1)
    page.keyboard.press("a")  # from the board to the hex's actions
    f = focus(page, root)
    assert f["tag"] == "BUTTON" and f["key"] in ("collect 1,1", "build 1,1"), f["what"]
    tab_to(page, root, '.clash-actions-here .clash-action[data-key="build 1,1"]')
    page.keyboard.press("Enter")
    wait_version(page, root, 1)
    # 1: Build opens its choice: the focus is on it (the next choice).
    f = assert_kept(page, root, "build 1,1", "after Build")
    assert f["key"] == "unit settler", f["what"]
    page.keyboard.press("Enter")
    wait_version(page, root, 2)
    f = assert_kept(page, root, "unit settler", "after Build a settler")
    assert f["key"] == "done", f["what"]
    page.keyboard.press("Enter")
    wait_version(page, root, 3)
    # 3: back to the turn: the board, its cursor where it was.
    f = assert_kept(page, root, "done", "after Done building")
    assert f["isRoot"], f["what"]
    tab_to(page, root, '.clash-action[data-key="play festival#0"]')
    page.keyboard.press("Enter")
    wait_version(page, root, 4)
    f = assert_kept(page, root, "play festival#0", "after playing Festival")
    assert f["isRoot"], f["what"]
    tab_to(page, root, '.clash-action[data-key="end"]')
    page.keyboard.press("Enter")
    wait_version(page, root, 5)
    f = assert_kept(page, root, "end", "after End turn")
    assert f["isRoot"], f["what"]
    assert lab.kernel_json("w.match.actions") == [
        "build 1,1",
        "unit settler",
        "done",
        "play festival#0",
        "end",
    ]
    # Now Orange's turn: N walks to a hex with something to do, A to its actions, Escape back.
    page.keyboard.press("n")
    assert page.locator(f"{root} polygon.clash-hex.is-cursor.is-legal").count() == 1
    page.keyboard.press("Enter")
    page.keyboard.press("a")
    assert focus(page, root)["tag"] == "BUTTON"
    page.keyboard.press("Escape")
    assert focus(page, root)["isRoot"]


def test_select_takes_arrow_keys_in_jupyterlab(lab):
    """The view selector is operated with ↓: JupyterLab must not move to the next cell."""
    page, root = lab.page, GAMES["coc"].root
    start(lab, GAMES["coc"])
    sel = f"{root} select.clash-view-select"
    tab_to(page, root, "select.clash-view-select")
    before = page.locator(sel).input_value()
    page.keyboard.press("ArrowDown")
    expect(page.locator(sel)).not_to_have_value(before)
    f = focus(page, root)
    assert f["inside"] and f["tag"] == "SELECT", f"the focus went to {f['what']}"


# -- the three card and map games ---------------------------------------------------------


def play_five(lab, game: Game) -> list[str]:
    """Five moves by keys: Enter on the focused card or area one may use, else Tab to the
    next one (or to an action button) and Enter. A card that needs a second choice
    (Persistence: the land it is for) is a half-made move: its Enter must move the focus
    to that choice."""
    page, root = lab.page, game.root
    start(lab, game)
    v = version(page, root)
    moves = 0
    for _ in range(12):
        if moves == 5:
            break
        f = focus(page, root)
        if not f["option"]:
            tab_to(page, root, ".is-option[tabindex='0'], button.match-action")
            f = focus(page, root)
        played = f["key"] if f["control"] else None
        page.keyboard.press("Enter")
        try:
            wait_version(page, root, v + 1)
        except AssertionError:
            # No move yet: a half-made choice; the focus went on to what completes it.
            g = assert_kept(page, root, None, f"after choosing {f['what']}")
            assert g["option"], f"after {f['what']} the focus is on {g['what']}, not a choice"
            continue
        v += 1
        moves += 1
        assert_kept(page, root, played, f"after move {moves} ({f['what']})")
    assert moves == 5
    return lab.kernel_json("w.match.actions")


@pytest.mark.parametrize("game", ["secolo", "persistence", "history"])
def test_card_games_five_moves_keep_the_focus(lab, game):
    actions = play_five(lab, GAMES[game])
    assert len(actions) >= 5
