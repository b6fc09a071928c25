"""The game protocol is small: a game writes at most fifteen methods, and every other method
of ``Game`` is the engine's, marked ``@final`` (issue 35).

mypy refuses a game that overrides an engine method (checked here on a small game written
for the test); every game of the catalogue and the toy game override none (checked at run
time too, since mypy reads the package, not the test suite's toy game).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from clash_widget.engine.game import Game
from clash_widget.engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]

WRITTEN_BY_A_GAME = {
    "new_state",
    "scores",
    "view",
    "settle_step",
    "opening_events",
    "name_seats",
    "prompt",
    "category",
    "score_breakdown",
    "evaluate",
    "describe",
    "hidden_count",
    "upgrade_position",
    "invariants",
    "determinize",
}
"""The methods a game writes (docs/architecture.md, "The game protocol")."""


def public_methods(cls: type) -> dict[str, object]:
    return {
        name: value
        for klass in reversed(cls.__mro__)
        for name, value in vars(klass).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


def is_final(value: object) -> bool:
    target = value.fget if isinstance(value, property) else value
    return bool(getattr(target, "__final__", False))


def test_a_game_writes_at_most_fifteen_methods() -> None:
    """Every public method of Game is either one a game writes or the engine's (``@final``)."""
    methods = public_methods(Game)
    open_to_games = {name for name, value in methods.items() if not is_final(value)}
    assert open_to_games == WRITTEN_BY_A_GAME
    assert len(open_to_games) <= 15


def test_the_protocol_is_documented() -> None:
    """docs/architecture.md names every method a game writes."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    section = doc.split("## The game protocol", 1)[1].split("\n## ", 1)[0]
    for name in WRITTEN_BY_A_GAME:
        assert f"`{name}(" in section, name


def engine_methods() -> dict[str, object]:
    return {name: value for name, value in public_methods(Game).items() if is_final(value)}


@pytest.mark.parametrize("game", [*GAMES, "toy"])
def test_no_game_overrides_an_engine_method(game: str) -> None:
    """At run time: each game's class reads every ``@final`` method from ``Game`` itself
    (and fills in ``settle_step``)."""
    if game == "toy":
        from toy_game.game import TwoCards as cls
    else:
        cls = GAMES[game].game_class()
    for name, value in engine_methods().items():
        assert cls.__dict__.get(name, value) is value, f"{cls.__name__} overrides {name}"
    assert cls.settle_step is not Game.settle_step


OVERRIDING = """
from typing import Any

from clash_widget.engine.actions import Action
from clash_widget.engine.game import Events, Game, Options, State


class Rogue(Game):
    name = "rogue"

    def new_state(self, players: int, seed: int, options: Options) -> State:
        return {}

    def scores(self, state: State) -> list[float]:
        return []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {}

    def legal_actions(self, state: State) -> list[Action]:  # the engine's: refused
        return []

    def settle(self, state: State, ev: Events) -> None:  # the engine's: refused
        pass
"""


def test_mypy_refuses_a_game_that_overrides_an_engine_method(tmp_path: Path) -> None:
    """A game overriding ``legal_actions`` or ``settle`` fails the type check, by name."""
    rogue = tmp_path / "rogue_game.py"
    rogue.write_text(textwrap.dedent(OVERRIDING))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--no-error-summary",
            "--follow-imports=silent",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(rogue),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    refused = [line for line in done.stdout.splitlines() if "rogue_game.py" in line]
    assert len(refused) == 2, done.stdout + done.stderr
    assert all("Cannot override final attribute" in line for line in refused), refused
    assert any('"legal_actions"' in line for line in refused)
    assert any('"settle"' in line for line in refused)
