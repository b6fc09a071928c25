"""Every rules option of every game declares its kind and range, in one place (its options
class), and every way of making a game refuses a value outside it with ``engine.bad-option``.

A classroom server builds rooms from a learner's JSON: an option with no upper bound (a
million dice a battle) or of the wrong kind (a population goal of ``"x"``) must be refused
before a game exists, naming the option and its range (issue 34, holes 3 and 4).
"""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from clash_widget.engine import GAMES, Match, OptionError, get_game
from clash_widget.engine.game import BAD_OPTION, allowed
from clash_widget.lab.variants import VariantError, variant


def _fields(game: str):
    return fields(get_game(game).options_class)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_engine_bad_option_every_option_declares_its_range(game: str) -> None:
    """Numbers have a lower and an upper bound, words their choices (cost options excepted:
    Clash of Cultures checks a payment's shape itself), switches are on or off."""
    for f in _fields(game):
        kind = f.type if isinstance(f.type, str) else f.type.__name__
        assert kind in ("int", "bool", "str"), (game, f.name, kind)
        if kind == "int":
            low, high = f.metadata["range"]
            assert low <= f.default <= high, (game, f.name)
        if kind == "str" and not f.name.endswith("_cost"):
            assert f.default in f.metadata["choices"], (game, f.name)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_engine_bad_option_out_of_range_is_refused_naming_the_option(game: str) -> None:
    """One past either end of every number's range, a wrong kind for every option: refused
    when the game is made, with the option's name and its range in the reason."""
    for f in _fields(game):
        kind = f.type if isinstance(f.type, str) else f.type.__name__
        bad: list[object] = ["x"] if kind != "str" else [3]
        if kind == "int":
            low, high = f.metadata["range"]
            bad += [low - 1, high + 1, True, 2.5]
        if kind == "bool":
            bad += [1, "true"]
        if kind == "str" and "choices" in f.metadata:
            bad.append("no-such-choice")
        for value in bad:
            with pytest.raises(OptionError) as err:
                Match.new(game, get_game(game).min_players, 1, {f.name: value})
            assert err.value.name == f.name
            assert f.name in str(err.value) and allowed(f) in str(err.value)
            assert err.value.verdict().rule_id == BAD_OPTION.id


def test_engine_bad_option_the_lab_uses_the_same_ranges() -> None:
    """The design lab's variants are checked by the same declaration."""
    with pytest.raises((OptionError, VariantError), match="attack_dice is a whole number from 1"):
        variant("persistence", attack_dice=3_000_000)


def test_engine_bad_option_a_stored_game_with_a_bad_option_does_not_load() -> None:
    """A game file is verified, never trusted: its options go through the same check."""
    raw = json.loads(Match.new("history", 2, 3).to_json())
    raw["record"]["options"] = {"population_to_win": "x"}
    with pytest.raises(ValueError):
        Match.load(raw)


def test_engine_bad_option_a_number_without_a_range_is_the_games_mistake() -> None:
    """A game that forgets to declare a number's range is told how, when its options are made."""
    from dataclasses import dataclass

    from clash_widget.engine import Options

    @dataclass(frozen=True)
    class Careless(Options):
        dice: int = 2

    with pytest.raises(TypeError, match=r"dice declares no range: ranged\(default, low, high\)"):
        Careless()
