"""The toy game's table, registered in its spec alone (issue 35): its widget class, bundle,
CSS prefix and still picture are found by the widget exports, the play screen, a room's
notebook board, the classroom's play page and the picture module from ``SPEC``, with the
one registration line of these tests and no other file of the repository naming the toy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clash_widget.engine.registry import registered
from clash_widget.engine.spec import resolve

from .spec import SPEC

FOLDER = Path(__file__).resolve().parent
ROOT = FOLDER.parents[1]


@pytest.fixture(autouse=True, scope="module")
def toy() -> Iterator[None]:
    with registered(SPEC):  # the one registration line
        yield


def test_the_widget_package_and_the_play_screen_export_the_toys_table() -> None:
    import clash_widget.widget as widget_package
    from clash_widget.widget.play import play_widgets

    from .table import ToyTable

    assert widget_package.ToyTable is ToyTable
    assert play_widgets()["toy"] == SPEC.widget


def test_the_toys_bundle_is_its_own_folders() -> None:
    """The widget and a room's notebook board draw with the bundle the spec names, in the
    toy's own folder (the spec's ``static``), not in clash_widget/static."""
    from clash_widget.widget.room_board import board_class

    from .table import ToyTable

    js, css = (Path(str(p)) for p in SPEC.bundle_paths() or ())
    assert js == FOLDER / "static" / "toy.js" and css.is_file()
    assert str(ToyTable._esm) == js.read_text(encoding="utf-8")
    assert str(board_class("toy")._esm) == js.read_text(encoding="utf-8")
    assert SPEC.bundle_files == ("toy_game/static/toy.js", "toy_game/static/toy.css")


def test_the_play_page_and_the_picture_module_read_the_toys_spec() -> None:
    from clash_widget.server.pages import play_page
    from clash_widget.widget.picture import drawer

    from .picture import draw_toy

    page = play_page(teacher=False)
    assert ".toy-control-bots" in page  # the controls a room hides, by the CSS prefix
    assert "&quot;toy&quot;: &quot;toy&quot;" in page  # the bundle the loader fetches
    assert drawer("toy") is draw_toy


def test_the_classroom_serves_the_toys_table_from_its_folder(tmp_path: Path) -> None:
    """The play page loads a game's table from ``/tables/<bundle>``, which the server finds
    where the spec says it lies: the toy's own folder; no other name is served."""
    from starlette.testclient import TestClient

    from clash_widget.server.app import create_app

    js, css = (Path(str(p)) for p in SPEC.bundle_paths() or ())
    app = create_app(tmp_path / "db.sqlite", teacher_key="k", allowed_hosts=["testserver"])
    with TestClient(app) as c:
        got = c.get("/tables/toy.js")
        assert got.status_code == 200 and got.text == js.read_text(encoding="utf-8")
        assert got.headers["content-type"].startswith("text/javascript")
        assert c.get("/tables/toy.css").text == css.read_text(encoding="utf-8")
        assert c.get("/tables/secolo.js").status_code == 200  # the package's, as before
        for wrong in ("toy.py", "nothing.js", "toy", "..%2Fspec.py"):
            assert c.get(f"/tables/{wrong}").status_code == 404, wrong


def test_a_card_clicked_on_the_toys_table_is_played() -> None:
    """The table's intent (``play <card>`` at the view's version) plays the card, checked
    in full by the engine; a card not in hand is refused by the toy's one rule."""
    from .table import ToyTable

    w = ToyTable(players=2, seed=3, seat=0)
    hand = w.view["players"][0]["hand"]
    other = next(c for c in range(1, 7) if c not in hand)
    w.intent = {"type": "act", "key": f"play {other}", "version": w.view["version"], "seq": 1}
    assert w.feedback["ok"] is False and "toy.in-hand" in str(w.feedback)
    w.intent = {"type": "act", "key": f"play {hand[0]}", "version": w.view["version"], "seq": 2}
    assert w.feedback["ok"] is True
    assert w.match.actions == [f"play {hand[0]}"]


def test_the_toy_touches_only_its_own_folder() -> None:
    """Everything the spec names lives in this folder, and no file of the package, the front
    end or the build lists names the toy: registering it is the one line above."""
    named = [SPEC.game, SPEC.options, SPEC.heuristic, SPEC.widget, SPEC.picture]
    for path in named:
        module = resolve(path).__module__
        file = Path(__import__(module, fromlist=["_"]).__file__ or "")
        assert file.parent == FOLDER, path
    outside = [ROOT / "clash_widget", ROOT / "js", ROOT / "scripts"]
    files = [
        p
        for d in outside
        for p in d.rglob("*")
        if p.is_file() and p.suffix in {".py", ".ts", ".js", ".json", ".toml", ".sh"}
    ]
    files += [ROOT / "package.json", ROOT / "pyproject.toml", ROOT / "Makefile"]
    for p in files:
        text = p.read_text(encoding="utf-8", errors="replace")
        for word in ("toy_game", "ToyTable", "TwoCards"):
            assert word not in text, (p, word)
