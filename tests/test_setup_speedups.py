"""Game setup and bot making, made cheaper for self-play (#27), answer as the plain code does:
a bot factory's settings read once per factory, the standard options made once per game,
options turned into a state's dict field by field instead of ``dataclasses.asdict``."""

from __future__ import annotations

import inspect
from dataclasses import asdict, replace
from typing import Any

import pytest

from clash_widget.bots.registry import BOTS, accepted_settings, make_bot
from clash_widget.engine import Match
from clash_widget.engine.game import Options, standard_options
from clash_widget.engine.registry import GAMES, get_game
from clash_widget.engine.spec import resolve

GAME_IDS = sorted(GAMES)


def plain_settings(factory: Any) -> tuple[tuple[str, ...], bool]:
    """What make_bot read from the signature on every call before #27."""
    parameters = inspect.signature(factory).parameters.values()
    settings = [p.name for p in parameters if p.name != "seed" and p.kind is not p.VAR_KEYWORD]
    return tuple(settings), any(p.kind is p.VAR_KEYWORD for p in parameters)


def factories() -> list[Any]:
    out = []
    for table in BOTS.values():
        for game in GAME_IDS:
            path = table.get(game) or table.get("*")
            if path is not None:
                out.append(resolve(path))
    return out


def test_a_bot_factory_s_settings_are_read_from_its_signature() -> None:
    found = factories()
    assert len(found) >= 3  # random, search and every game's heuristic
    for factory in found:
        assert accepted_settings(factory) == plain_settings(factory)
        assert accepted_settings.__wrapped__(factory) == plain_settings(factory)  # uncached


def test_make_bot_still_refuses_a_setting_the_bot_does_not_have() -> None:
    with pytest.raises(ValueError, match="no setting"):
        make_bot("random:depth=3", "coc")
    with pytest.raises(ValueError, match="no setting"):
        make_bot("search:polcy=random", "coc")
    assert make_bot("search:playouts=8", "coc", 1) is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_to_dict_is_asdict_and_a_new_dict(game_id: str) -> None:
    cls = get_game(game_id).options_class
    standard = cls()
    assert standard_options(cls) == standard  # made once, equal to a new one
    assert standard_options(cls) is standard_options(cls)
    assert standard.to_dict() == asdict(standard)
    assert list(standard.to_dict()) == list(asdict(standard))  # the same order of keys
    first = standard.to_dict()
    first[next(iter(first))] = "changed"
    assert standard.to_dict() == asdict(standard)  # a game's state may change its copy


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_from_gives_the_standard_options_or_the_changes(game_id: str) -> None:
    game = get_game(game_id)
    cls = game.options_class
    assert game.options_from(None) == cls() == game.options_from({})
    name, value = next((k, v) for k, v in asdict(cls()).items() if isinstance(v, bool))
    changed = game.options_from({name: not value})
    assert changed == replace(cls(), **{name: not value})
    assert changed.to_dict() == asdict(changed)
    with pytest.raises(TypeError, match="unknown rules option"):
        game.options_from({"no_such_option": 1})


def test_options_with_a_nested_value_are_copied_as_asdict_does() -> None:
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Nested(Options):
        sizes: tuple[int, ...] = (1, 2)
        table: dict[str, list[int]] = field(default_factory=lambda: {"a": [1]})

    opts = Nested()
    out = opts.to_dict()
    assert out == asdict(opts)
    out["table"]["a"].append(2)
    assert opts.table == {"a": [1]}  # a deep copy, as asdict makes


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_two_new_games_do_not_share_their_options(game_id: str) -> None:
    """A state's options are its own: the standard options value is shared, its dict is not."""
    a = Match.new(game_id, get_game(game_id).min_players, 1)
    b = Match.new(game_id, get_game(game_id).min_players, 2)
    assert a.options is b.options
    assert a.state["options"] == b.state["options"]
    assert a.state["options"] is not b.state["options"]


def test_clash_region_slots_are_the_map_s_hexes() -> None:
    """Each layout's region slots, worked out once, are the slots and hex keys of the map."""
    from clash_widget.coc.content import load
    from clash_widget.coc.hexes import offset_to_axial
    from clash_widget.coc.setup import LOCAL, region_slots
    from clash_widget.coc.vocab import hex_key

    for layout in load("map")["layouts"].values():
        rows, cols = layout["rows"], layout["cols"]
        plain = [
            (i, j, tuple(hex_key(offset_to_axial(2 * i + dc, 2 * j + dr)) for dc, dr in LOCAL))
            for j in range(rows)
            for i in range(cols)
        ]
        assert list(region_slots(rows, cols)) == plain
        assert list(region_slots.__wrapped__(rows, cols)) == plain


def test_clash_regions_do_not_share_their_hex_lists() -> None:
    a = Match.new("coc", 4, 1).state
    b = Match.new("coc", 4, 2).state
    assert a["regions"][0]["hexes"] == b["regions"][0]["hexes"]
    assert a["regions"][0]["hexes"] is not b["regions"][0]["hexes"]
