"""The layers hold: no import cycles, and the widgets read games only through their views.

import-linter (``make lint``) checks which package may import which; these checks cover what
it cannot see: cycles through function-level imports, and attribute reads of a match's state.
"""

from __future__ import annotations

import re
from pathlib import Path

import grimp

import clash_widget.widget

WIDGET = Path(clash_widget.widget.__file__).parent


def test_no_import_cycles() -> None:
    """Each module can be read on its own terms: no two modules import each other, even
    through others or inside a function."""
    graph = grimp.build_graph("clash_widget", include_external_packages=False)
    cycles = [
        (a, b)
        for a in graph.modules
        for b in graph.find_modules_directly_imported_by(a)
        if graph.chain_exists(importer=b, imported=a)
    ]
    assert not cycles, cycles


def test_the_widgets_never_read_a_games_state() -> None:
    """The widget package knows no rules internals: it shows views and sends intents."""
    reads = [
        f"{path.name}:{i}: {line.strip()}"
        for path in sorted(WIDGET.glob("*.py"))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\.state\b(?!_)", line)
    ]
    assert not reads, reads


def test_the_session_is_handed_its_bots() -> None:
    """The engine's Session names no bot module: the bot catalogue is handed to it
    (``engine.session.use_catalogue``, by the package's ``__init__``, an import the layers
    contract sees), not imported by a string the contracts cannot see."""
    from clash_widget.engine import session

    source = Path(session.__file__).read_text(encoding="utf-8")
    assert "import_module" not in source and "__import__" not in source
    graph = grimp.build_graph("clash_widget", include_external_packages=False)
    assert "clash_widget.bots.registry" in graph.find_modules_directly_imported_by("clash_widget")


def test_the_widget_and_the_server_import_nothing_of_each_other() -> None:
    """The notebook's seat at a room (``widget.classroom``, ``widget.room_board``) is the
    widget package's; the server imports no widget module and the widget no server module,
    even inside a function."""
    graph = grimp.build_graph("clash_widget", include_external_packages=False)
    crossing = [
        (a, b)
        for a in graph.modules
        for b in graph.find_modules_directly_imported_by(a)
        if {a.split(".")[1:2][0] if "." in a else "", b.split(".")[1]} == {"widget", "server"}
    ]
    assert crossing == []
