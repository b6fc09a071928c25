"""A game's one declaration: everything the rest of clash_widget needs to know about it.

Each game package has a ``spec.py`` whose ``SPEC`` is a :class:`GameSpec`; the catalogue
(:mod:`.registry`) lists the packages once, and the engine's game list, the bot catalogue,
the play screen, the widget package and the build lists (``package.json``, ``pyproject.toml``,
the wheel check) read the specs or are checked against them (``tests/test_game_specs.py``).

Everything outside the rules is named by a dotted path (``"module:Name"``) and imported only
when asked for, so the engine imports no game and the rules core never imports Jupyter.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .game import Game, Mechanic, Options

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def resolve(path: str) -> Any:
    """The object a ``"package.module:Name"`` path names (imported now)."""
    module, sep, name = path.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"a dotted path is written 'package.module:Name', not {path!r}")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class GameSpec:
    """One game system, declared once by its own package."""

    id: str
    """The short name games, records, bots and the command line use (``"secolo"``)."""
    name: str
    """The game's title, as people read it (``"600 il Secolo di Ferro"``)."""
    game: str
    """Its :class:`~clash_widget.engine.game.Game` subclass, ``"module:Class"``."""
    options: str
    """Its rules options (an :class:`~clash_widget.engine.game.Options` dataclass)."""
    heuristic: str | None = None
    """Its own heuristic bot (``bots.registry`` seats it as ``"heuristic"``), if any."""
    widget: str | None = None
    """Its widget class (a ``MatchWidget``), if it has a board; imported only by the widget."""
    frontend: str | None = None
    """The front end's esbuild entry (``"js/src/secolo/index.ts"``)."""
    bundle: str | None = None
    """The bundle's name in its :attr:`static` folder (``"secolo"``: ``secolo.js``, ``.css``)."""
    static: str = "clash_widget:static"
    """The folder its bundle lies in, ``"package:folder"``: the package's bundles are built
    into ``clash_widget/static/``; a game outside the package keeps its own
    (``"<package>:static"``, as the test suite's toy game does)."""
    notebook: str | None = None
    """Its notebook in the course (a path from the repository root)."""
    css_prefix: str | None = None
    """The prefix of its front end's CSS classes (``"secolo"``: ``.secolo-control-bots``), by
    which the classroom's play page hides the controls a shared room does not use."""
    picture: str | None = None
    """The function drawing a still SVG picture of its view (``"module:function"``): what
    course pages, nbviewer and GitHub show in place of the live table."""
    bench_players: int = 3
    """How many players the benchmarks and the speed tests seat: a size where the game's
    rules work hardest."""
    mechanics: tuple[Mechanic, ...] = ()
    """The parts of the rules the lab's coverage report names (``selfplay --metrics``)."""

    @property
    def package(self) -> str:
        """The game's package (``"clash_widget.secolo"``): what the import contracts name."""
        module = self.game.partition(":")[0]
        return module.rpartition(".")[0] or module

    @property
    def widget_name(self) -> str | None:
        """The widget class's name (``"SecoloTable"``), as ``clash_widget.widget`` exports it."""
        return self.widget.partition(":")[2] if self.widget else None

    @property
    def bundle_files(self) -> tuple[str, ...]:
        """The committed bundle files, from the repository root (``clash_widget/static/
        <bundle>.js``, .css): what the wheel ships of a game of the package."""
        if not self.bundle:
            return ()
        package, _, folder = self.static.partition(":")
        where = "/".join([*package.split("."), folder])
        return tuple(f"{where}/{self.bundle}.{ext}" for ext in ("js", "css"))

    def bundle_paths(self) -> tuple[Traversable, Traversable] | None:
        """Its bundle's script and style sheet where they are installed (None: no table)."""
        if not self.bundle:
            return None
        from importlib.resources import files  # only a table asks (it imports zipfile...)

        package, _, folder = self.static.partition(":")
        root = files(package) / folder
        return root / f"{self.bundle}.js", root / f"{self.bundle}.css"

    def game_class(self) -> type[Game]:
        cls: type[Game] = resolve(self.game)
        return cls

    def options_class(self) -> type[Options]:
        cls: type[Options] = resolve(self.options)
        return cls


@dataclass(frozen=True)
class Bundle:
    """A front-end bundle that belongs to no game, built and shipped next to the games' ones."""

    name: str
    """Its ``build:<name>`` script in ``package.json``."""
    frontend: str
    """Its esbuild entry."""
    files: tuple[str, ...]
    """The committed files the wheel ships."""


OTHER_BUNDLES = (
    Bundle("play", "js/src/play/index.ts", ("clash_widget/static/play.js",)),
    Bundle(
        "console",
        "js/src/console/index.ts",
        ("clash_widget/static/console.js", "clash_widget/static/console.css"),
    ),
)
"""The one list of bundles that are not a game's: the classroom server's play and teacher's
pages (no CSS of its own) and the teacher's console (``clash_widget/server/pages.py``).
``tests/test_game_specs.py`` checks the build lists against the games' specs plus these."""


__all__ = ["OTHER_BUNDLES", "Bundle", "GameSpec", "resolve"]
