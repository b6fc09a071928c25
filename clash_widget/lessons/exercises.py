"""'Try it yourself' exercises: a position to play on, and a hidden check.

The task and hint texts are ours (exercises.json). Each check looks at the match the
learner played on (or at a typed answer) and says "well done" or gives the hint; the
expected answer is never printed. A check never raises, so an untouched exercise cell
runs fine headless.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match

DATA = Path(__file__).with_name("exercises.json")
Setup = Callable[[], Match]
Check = Callable[[Match | None, Any], bool]


@cache
def texts() -> Mapping[str, Mapping[str, str]]:
    return json.loads(DATA.read_text(encoding="utf-8"))["exercises"]


def _cities(m: Match, p: int) -> dict[str, dict[str, Any]]:
    return {k: c for k, c in m.state["cities"].items() if c["owner"] == p}


def _units(m: Match, p: int, kind: str, key: str | None = None) -> int:
    return sum(
        1
        for u in m.state["units"].values()
        if u["owner"] == p and u["kind"] == kind and (key is None or u["hex"] == key)
    )


def _player(m: Match, p: int = 0) -> dict[str, Any]:
    return m.state["players"][p]


# -- 01 map and exploring ---------------------------------------------------------
def _setup_01() -> Match:
    return Scenario(players=2, seed=3).turn(0).match()


def _check_01(m: Match | None, _: Any) -> bool:
    region6 = set(m.state["regions"][6]["hexes"]) if m else set()
    return m is not None and any(k in region6 for k in _cities(m, 0))


# -- 02 cities, size and mood ---------------------------------------------------------
def _check_02(_: Match | None, answer: Any) -> bool:
    return answer == 3  # a happy size-2 city counts as size 3


# -- 03 collecting ------------------------------------------------------------------------
def _setup_03() -> Match:
    s = Scenario(players=2, seed=3).explore_all()
    s.advances(0, "tactics").city(0, "2,0").city(0, "1,1", pieces=("fortress",), mood="happy")
    s.clear_units().resources(0, food=0).turn(0)
    return s.match()


def _check_03(m: Match | None, _: Any) -> bool:
    if m is None:
        return False
    res = _player(m)["res"]
    # One collect only (two would make the capital angry, costing a whole action).
    return (res["food"], res["wood"], res["ore"]) == (1, 1, 1) and m.state["turn"]["actions"] == 2


# -- 04 building and growing ---------------------------------------------------------
def _setup_04() -> Match:
    """Blue owns Myths and one city (size 1); a settler stands on free land at 2,0."""
    s = Scenario(players=2, seed=3).explore_all()
    s.advances(0, "myths").clear_units().units(0, "2,0", settler=1)
    s.resources(0, food=2, wood=1, ore=1).turn(0)
    return s.match()


def _check_04(m: Match | None, _: Any) -> bool:
    if m is None:
        return False
    cap = m.state["cities"].get("1,1", {})
    return (
        cap.get("owner") == 0 and "temple" in cap.get("pieces", {}) and (_player(m)["culture"] >= 1)
    )


# -- 05 research ------------------------------------------------------------------------
def _setup_05() -> Match:
    return (
        Scenario(players=2, seed=3).explore_all().resources(0, food=2, ideas=2, ore=2).turn(0)
    ).match()


def _check_05(m: Match | None, _: Any) -> bool:
    return m is not None and "steel_weapons" in _player(m)["advances"]


# -- 06 moving ------------------------------------------------------------------------------
def _setup_06() -> Match:
    s = Scenario(players=2, seed=3).explore_all().clear_units()
    s.advances(0, "tactics").units(0, "1,1", army=2).turn(0)
    return s.match()


def _check_06(m: Match | None, _: Any) -> bool:
    return m is not None and _units(m, 0, "army", "0,0") == 2


# -- 07 battles -----------------------------------------------------------------------------
FORTRESS_DICE = [6, 5, 4]  # Blue's first roll in exercise 07


def fortress_round_hits() -> int:
    """Play exercise 07's battle with the engine: the Orange armies that fall in round 1."""
    s = Scenario(players=2, seed=3, cards=False, events=False, barbarians=False)
    s.explore_all().clear_units().advances(0, "tactics").advances(1, "tactics")
    s.city(1, "3,0", pieces=("fortress",)).city(1, "4,1")  # size 2 needs two Orange cities
    s.units(1, "3,0", army=3).units(0, "2,0", army=3).turn(0)
    s.dice([*FORTRESS_DICE, 1, 1, 1, 1])  # Orange's four dice (3 armies, the Fortress) miss
    m = s.match()
    m.play("move")
    m.play("group 2,0 3,0 a3")
    first = next(e for e in m.log if e["kind"] == "combat_round")
    return int(first["attacker_hits"])


def _check_07(_: Match | None, answer: Any) -> bool:
    try:
        guess = int(answer)
    except (TypeError, ValueError):
        return False
    return guess == fortress_round_hits()


# -- 08 civic improvement ---------------------------------------------------------------
def _setup_08() -> Match:
    s = Scenario(players=2, seed=3).explore_all()
    s.city(0, "2,0").city(0, "1,1", mood="angry").clear_units()
    s.advances(0, "tactics").city(0, "1,1", pieces=("fortress",), mood="angry")
    s.resources(0, mood=3).turn(0)
    return s.match()


def _check_08(m: Match | None, _: Any) -> bool:
    if m is None:
        return False
    cs = _cities(m, 0)
    return all(c["mood"] >= 1 for c in cs.values()) and any(c["mood"] == 2 for c in cs.values())


# -- 09 wonders -------------------------------------------------------------------------------
ACTIVATIONS_09 = ("collect", "build", "wonder")  # exercise 09: Blue's happy capital, in this order


def three_activations_mood() -> str:
    """Play exercise 09 with the engine: the happy capital's mood after it collects, builds
    an army and builds a wonder in one turn."""
    s = Scenario(players=2, seed=3).explore_all().advances(0, "storage", "engineering")
    s.resources(0, food=6, wood=6, ore=8, mood=3, culture=3).turn(0)
    s.city(0, "1,1", mood="happy")
    s.state["public_wonders"] = ["great_wall"]
    m = s.match()
    steps = {
        "collect": ["collect 1,1", "take 1,1 food", "done"],
        "build": ["build 1,1", "unit army", "done"],
        "wonder": ["wonder 1,1 great_wall"],
    }
    for step in ACTIVATIONS_09:
        for key in steps[step]:
            if not m.play(key).ok:
                raise RuntimeError(f"exercise 09 could not play {key}")
    return ("angry", "neutral", "happy")[m.state["cities"]["1,1"]["mood"]]


def _check_09(_: Match | None, answer: Any) -> bool:
    return isinstance(answer, str) and answer.strip().lower() == three_activations_mood()


# -- 10 scoring -------------------------------------------------------------------------------
def _setup_10() -> Match:
    s = Scenario(players=2, seed=3).explore_all()
    s.advances(0, "tactics", "writing", "myths", "fishing", "storage")
    # Pieces score for the colour they show: Blue's temple went to Orange by cultural
    # influence, and two pieces of Orange's capital went to Blue (lesson 08).
    s.city(0, "1,1", pieces={"fortress": 0, "temple": 1}).city(0, "2,0").city(0, "0,1")
    s.city(0, "1,0").city(1, "9,-1", pieces={"temple": 0, "academy": 0})
    return s.match()


def _check_10(m: Match | None, answer: Any) -> bool:
    return m is not None and answer == m.scores()[0]


# -- 11 a whole game --------------------------------------------------------------------------
# Blue's last action of a game: two choices, each the action keys that play it.
LAST_ACTION_CHOICES = {"A": ("research myths",), "B": ("grow 2,0 fortress",)}


def _setup_11() -> Match:
    s = Scenario(players=2, seed=3, cards=False, events=False).explore_all()
    s.advances(0, "tactics", "writing", "fishing", "storage")  # six, with Farming and Mining
    s.city(0, "1,1", pieces=("academy",)).city(0, "2,0")
    s.resources(0, food=2, wood=1, ore=1).turn(0, actions=1)
    return s.match()


def last_action_gains() -> dict[str, int]:
    """Play each of exercise 11's choices with the engine: the points it adds to Blue's score."""
    gains = {}
    for choice, keys in LAST_ACTION_CHOICES.items():
        m = _setup_11()
        before = m.scores()[0]
        if not all(m.play(key).ok for key in keys):
            raise ValueError(f"choice {choice} is refused in exercise 11")
        gains[choice] = int(m.scores()[0] - before)
    return gains


def _check_11(_: Match | None, answer: Any) -> bool:
    gains = last_action_gains()
    best = [c for c, g in gains.items() if g == max(gains.values())]
    return isinstance(answer, str) and len(best) == 1 and answer.strip().upper() == best[0]


EXERCISES: dict[str, tuple[Setup | None, Check]] = {
    "01": (_setup_01, _check_01),
    "02": (None, _check_02),
    "03": (_setup_03, _check_03),
    "04": (_setup_04, _check_04),
    "05": (_setup_05, _check_05),
    "06": (_setup_06, _check_06),
    "07": (None, _check_07),
    "08": (_setup_08, _check_08),
    "09": (None, _check_09),
    "10": (_setup_10, _check_10),
    "11": (_setup_11, _check_11),
}


def task(ex: str) -> None:
    """Print the exercise's task."""
    print(texts()[ex]["task"])


def exercise(ex: str, show_task: bool = False) -> Any:
    """A fresh board for the exercise (a ``ClashBoard``); the task is in the notebook's
    markdown (``show_task=True`` prints our text of it too)."""
    from clash_widget.widget.board import ClashBoard

    setup, _ = EXERCISES[ex]
    if show_task:
        task(ex)
    if setup is None:
        return None
    return ClashBoard(setup())


def match_of(board_or_match: Any) -> Match | None:
    if isinstance(board_or_match, Match):
        return board_or_match
    return getattr(board_or_match, "match", None)


def solved(ex: str, board: Any = None, answer: Any = None) -> bool:
    """The check itself, silent (used by the tests)."""
    _, check = EXERCISES[ex]
    try:
        return bool(check(match_of(board), answer))
    except Exception:  # noqa: BLE001 - a half-done exercise must never crash the lesson
        return False


def check_exercise(ex: str, board: Any = None, answer: Any = None) -> None:
    """Say whether the exercise is solved; on "not yet", print the hint (never the answer)."""
    ok = solved(ex, board, answer)
    print("Well done!" if ok else f"Not yet. Hint: {texts()[ex]['hint']}")


__all__ = [
    "check_exercise",
    "exercise",
    "fortress_round_hits",
    "last_action_gains",
    "solved",
    "task",
    "three_activations_mood",
]
