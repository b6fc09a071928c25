"""One registration per game (issue 24): every list of games is read from the games' specs or
checked against them here, so a game declared in its ``spec.py`` is built, shipped, seated
and fenced everywhere, and a list that forgets one fails.
"""

from __future__ import annotations

import ast
import importlib
import json
import tomllib
from pathlib import Path

import pytest

from clash_widget.bots.base import Bot
from clash_widget.bots.registry import BOTS
from clash_widget.engine import GAMES, get_game
from clash_widget.engine.registry import GAME_PACKAGES
from clash_widget.engine.spec import OTHER_BUNDLES as OTHERS
from clash_widget.engine.spec import GameSpec, resolve

ROOT = Path(__file__).resolve().parents[1]
SPECS = [GAMES[g] for g in GAMES]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGE_JSON = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
GAME_PACKAGE_NAMES = sorted(spec.package for spec in SPECS)


def test_the_catalogue_is_the_packages_specs() -> None:
    assert [GAMES[g].package for g in GAMES] == list(GAME_PACKAGES)
    assert len(SPECS) == 4


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_a_spec_says_what_its_game_class_says(spec: GameSpec) -> None:
    game = get_game(spec.id)
    assert (game.name, game.title) == (spec.id, spec.name)
    assert game.options_class is spec.options_class()
    assert spec.package == type(game).__module__.rpartition(".")[0]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_a_specs_other_parts_exist(spec: GameSpec) -> None:
    from clash_widget.widget.base import MatchWidget

    assert spec.heuristic and issubclass(resolve(spec.heuristic), Bot)
    assert spec.widget and issubclass(resolve(spec.widget), MatchWidget)
    assert spec.frontend and (ROOT / spec.frontend).is_file()
    assert spec.notebook and (ROOT / spec.notebook).is_file()
    assert spec.bundle and all((ROOT / f).is_file() for f in spec.bundle_files)
    # the widget draws with the spec's bundle (anywidget reads the file's contents)
    widget = resolve(spec.widget)
    js, css = (ROOT / f for f in spec.bundle_files)
    assert str(widget._esm) == js.read_text(encoding="utf-8")
    assert str(widget._css) == css.read_text(encoding="utf-8")


def test_the_bot_catalogue_seats_each_games_heuristic() -> None:
    assert dict(BOTS["heuristic"]) == {s.id: s.heuristic for s in SPECS}


def test_the_play_screen_and_the_widget_package_offer_each_games_widget() -> None:
    import clash_widget.widget as widget_package
    from clash_widget.widget.play import play_widgets

    assert play_widgets() == {s.id: s.widget for s in SPECS}
    for spec in SPECS:
        assert spec.widget_name in widget_package.__all__
        assert getattr(widget_package, spec.widget_name) is resolve(spec.widget)
    # the imports spelt out for type checkers are the specs' widgets, no more, no less
    tree = ast.parse(Path(widget_package.__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If))
    typed = {
        f"clash_widget.widget.{imp.module}:{alias.name}"
        for imp in block.body
        if isinstance(imp, ast.ImportFrom)
        for alias in imp.names
        if alias.name != "board_with_controls"
    }
    assert typed == {s.widget for s in SPECS}


def test_package_json_builds_each_games_bundle_from_its_entry() -> None:
    scripts = PACKAGE_JSON["scripts"]
    builds = {k.removeprefix("build:"): v for k, v in scripts.items() if k.startswith("build:")}
    entries = [(s.bundle, s.frontend) for s in SPECS] + [(b.name, b.frontend) for b in OTHERS]
    assert sorted(builds) == sorted(name for name, _ in entries)
    for name, frontend in entries:
        command = builds[name].split()
        assert command[:2] == ["esbuild", frontend]
        assert command[-1] == f"--outfile=clash_widget/static/{name}.js"
        assert f"build:{name}" in scripts["build"]
    # and a watching build for development, one per game
    devs = [v.split() for k, v in scripts.items() if k == "dev" or k.startswith("dev:")]
    assert sorted((d[1], d[-2]) for d in devs) == sorted(
        (s.frontend, f"--outfile=clash_widget/static/{s.bundle}.js") for s in SPECS
    )


def test_other_bundles_exist() -> None:
    """The bundles that are no game's (the classroom server's play page) are built from a
    front end that exists and shipped as committed files."""
    for b in OTHERS:
        assert (ROOT / b.frontend).is_file() and all((ROOT / f).is_file() for f in b.files)
        assert b.name not in {s.bundle for s in SPECS}


def test_pyproject_ensures_each_games_bundle() -> None:
    hook = PYPROJECT["tool"]["hatch"]["build"]["hooks"]["jupyter-builder"]
    files = sorted(
        [f for s in SPECS for f in s.bundle_files] + [f for b in OTHERS for f in b.files]
    )
    assert sorted(hook["ensured-targets"]) == files
    assert sorted(hook["skip-if-exists"]) == files


def _contract(name_start: str) -> dict:
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"].startswith(name_start))


def _heuristic_modules(heuristic: str) -> str:
    """The heuristic's module, or all its modules when it is a package (``name.**``)."""
    module = heuristic.partition(":")[0]
    return f"{module}.**" if hasattr(importlib.import_module(module), "__path__") else module


def test_the_import_contracts_fence_every_game() -> None:
    assert set(GAME_PACKAGE_NAMES) <= set(
        _contract("The engine knows no game")["forbidden_modules"]
    )
    assert sorted(_contract("A game plugs in")["modules"]) == GAME_PACKAGE_NAMES
    assert sorted(_contract("A game imports no")["source_modules"]) == GAME_PACKAGE_NAMES
    assert set(GAME_PACKAGE_NAMES) <= set(_contract("The rules core")["source_modules"])
    bots = _contract("Bots see games")
    assert sorted(bots["forbidden_modules"]) == GAME_PACKAGE_NAMES
    assert sorted(bots["ignore_imports"]) == sorted(
        f"{_heuristic_modules(s.heuristic)} -> {s.package}.**" for s in SPECS if s.heuristic
    )
    assert sorted(_contract("The widget and the lab")["forbidden_modules"]) == GAME_PACKAGE_NAMES


def test_a_game_with_a_table_registers_its_picture_and_css_prefix() -> None:
    """Everything a table needs outside its own folder is read from its spec: the still
    picture (widget.picture), the CSS prefix the classroom hides controls by (server.pages),
    the bundle a room's board and the play page load (widget.room_board, the page's data)."""
    import json
    import re

    from clash_widget.server.pages import play_page
    from clash_widget.widget.picture import drawer
    from clash_widget.widget.room_board import board_class

    page = play_page(teacher=False)
    bundles = json.loads(
        re.search(r"data-bundles='([^']*)'", page).group(1).replace("&quot;", '"')  # type: ignore[union-attr]
    )
    for game, spec in GAMES.items():
        if not spec.widget:
            continue
        assert spec.css_prefix and f".{spec.css_prefix}-control-bots" in page, game
        assert spec.picture and drawer(game) is not None, game
        assert bundles[game] == spec.bundle, game
        assert board_class(game)._esm, game
