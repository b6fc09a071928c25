"""Every state a game reaches matches the TypedDicts of its ``state_types`` module.

Random games of each game (every player count, several seeds and rules options) are sampled
every few actions and at the end; each sample is checked recursively against the game's
top-level TypedDict: every required key present, no key the type does not declare, every
value of the declared type (Literal members, nested records, list and dict elements). A key
added to a state without a line in ``state_types.py`` fails here.
"""

from __future__ import annotations

import types
from dataclasses import fields
from typing import (
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest

from clash_widget.coc import state_types as coc_types
from clash_widget.coc import vocab
from clash_widget.coc.board import board_neighbours
from clash_widget.coc.options import CocOptions
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match
from clash_widget.engine.session import Session
from clash_widget.history import state_types as history_types
from clash_widget.history.options import DECKS, HistoryOptions
from clash_widget.persistence import state_types as persistence_types
from clash_widget.persistence.options import PersistenceOptions
from clash_widget.persistence.setup import VP_SOURCES
from clash_widget.secolo import state_types as secolo_types
from clash_widget.secolo.game import SecoloOptions

ACTIONS = 300  # per game
SAMPLE_EVERY = 20

TOP = {
    "coc": coc_types.CocState,
    "secolo": secolo_types.SecoloState,
    "persistence": persistence_types.PersistenceState,
    "history": history_types.HistoryState,
}

# (game, players, seed, options): every player count each game takes, and its variants.
CASES = [
    ("coc", 2, 1, None),
    ("coc", 3, 2, {"events": False, "cards": False, "barbarians": False}),
    ("coc", 4, 3, {"government_switch_plus_one": True, "capture_rewards_always": True}),
    ("coc", 4, 4, None),
    ("secolo", 2, 1, None),
    ("secolo", 3, 2, {"deck": "extended"}),
    ("secolo", 4, 3, {"pairs": True}),
    ("secolo", 5, 4, {"redraw": False, "auto_pass": False}),
    ("persistence", 2, 1, None),
    ("persistence", 3, 2, {"culture": False}),
    ("persistence", 4, 3, {"transfer": False, "shared_sea_friendly": True, "epochs": 2}),
    ("history", 2, 1, None),
    ("history", 3, 2, {"deck": "riverlands", "growth_pulls_population": True}),
    ("history", 4, 3, {"deck": "plain52"}),
    ("history", 2, 4, {"deck": "highlands"}),
]


# -- the checker ------------------------------------------------------------------------------
def problems(value: Any, tp: Any, path: str = "state") -> list[str]:
    """Where ``value`` does not match the type ``tp`` (empty: it matches)."""
    origin = get_origin(tp)
    if tp is Any:
        return []
    if origin in (NotRequired, Required):
        return problems(value, get_args(tp)[0], path)
    if tp is None or tp is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if is_typeddict(tp):
        return _record_problems(value, tp, path)
    if origin is Literal:
        # 1 == True in Python: a Literal member must match in type as well as in value
        ok = any(value == a and type(value) is type(a) for a in get_args(tp))
        return [] if ok else [f"{path}: {value!r} is not one of {get_args(tp)}"]
    if origin in (Union, types.UnionType):
        branches = [problems(value, a, path) for a in get_args(tp)]
        return [] if any(not b for b in branches) else [f"{path}: {value!r} is not {tp}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__} is not a list"]
        (item,) = get_args(tp)
        return [p for i, x in enumerate(value) for p in problems(x, item, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not a dict"]
        key_t, val_t = get_args(tp)
        out: list[str] = []
        for k, x in value.items():
            out += problems(k, key_t, f"{path} key {k!r}")
            out += problems(x, val_t, f"{path}[{k!r}]")
        return out
    if tp in (int, str, float, bool):
        # bool is an int subclass: an int field must not hold True, nor a bool field 1
        return [] if type(value) is tp else [f"{path}: {value!r} is not {tp.__name__}"]
    raise TypeError(f"{path}: the checker does not know the type {tp!r}")


def _record_problems(value: Any, td: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: {type(value).__name__} is not a {td.__name__} record"]
    hints = get_type_hints(td, include_extras=True)
    out = [f"{path}: {td.__name__} needs {k!r}" for k in sorted(td.__required_keys__ - set(value))]
    declared = td.__required_keys__ | td.__optional_keys__
    out += [f"{path}: {td.__name__} does not declare {k!r}" for k in sorted(set(value) - declared)]
    for k in sorted(set(value) & declared):
        out += problems(value[k], hints[k], f"{path}[{k!r}]")
    return out


def _check(game: str, state: dict[str, Any], where: str) -> None:
    found = problems(state, TOP[game])
    assert not found, f"{game} {where}:\n" + "\n".join(found[:20])


def _play_and_check(session: Session, game: str, label: str) -> int:
    """Play ``ACTIONS`` random actions, checking the start, every SAMPLE_EVERY and the end."""
    _check(game, session.match.state, f"{label} at the start")
    played = 0
    while played < ACTIONS and not session.match.state["over"]:
        out = session.run(max_actions=SAMPLE_EVERY)
        if not out:
            break
        assert all(o.ok for o in out), f"{game} {label}: a random bot's action was refused"
        played += len(out)
        _check(game, session.match.state, f"{label} after {played} actions")
    return played


# -- the states games reach -------------------------------------------------------------------
@pytest.mark.parametrize("game,players,seed,options", CASES)
def test_random_games_match_the_state_types(game, players, seed, options):
    s = Session.new(game, players, seed, options, bots=["random"] * players)
    played = _play_and_check(s, game, f"{players} players, seed {seed}, options {options}")
    assert played > 0


def _seaside(seed: int) -> Match:
    """Both players with a port city, ships, land units to carry and the advances to sail."""
    s = Scenario(players=2, seed=seed).explore_all()
    for p in range(2):
        sea = s.find("sea", near=s.capital(p))
        land = next(
            k
            for k in board_neighbours(s.state, sea)
            if s.terrain(k) in ("plains", "forest", "mountain") and k not in s.state["cities"]
        )
        s.advances(p, "fishing", "cartography", "navigation", "tactics", "writing")
        s.city(p, land, pieces=("port",)).ports(land, sea)
        s.units(p, sea, ship=2).units(p, land, army=2, settler=2)
        s.resources(p, food=2, wood=4, ore=4, ideas=4, gold=3)
    s.wonder(s.capital(0), "pyramids")
    return s.turn(0).match()


@pytest.mark.parametrize("seed", [3, 5])
def test_coc_position_with_ports_ships_and_wonders_matches(seed):
    """What random openings rarely reach: ports, ships (and units aboard), a built wonder."""
    m = _seaside(seed)
    assert any(c["port"] for c in m.state["cities"].values())
    assert any(u["kind"] == "ship" for u in m.state["units"].values())
    s = Session(m, bots=["random", "random"])
    _play_and_check(s, "coc", f"seaside position, seed {seed}")


# -- the checker catches drift ---------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(TOP))
def test_checker_refuses_an_undeclared_a_missing_and_a_mistyped_key(game):
    state = Session.new(game, 2, 0).match.state
    assert problems(state, TOP[game]) == []
    player = state["players"][0]
    player["surprise"] = 1
    assert any("does not declare 'surprise'" in p for p in problems(state, TOP[game]))
    del player["surprise"]
    seat_key = "name" if game == "coc" else "seat"
    kept = player.pop(seat_key)
    assert any(f"needs {seat_key!r}" in p for p in problems(state, TOP[game]))
    player[seat_key] = True  # a bool where a str or an int belongs
    assert problems(state, TOP[game])
    player[seat_key] = kept
    state["over"] = 0  # an int where a bool belongs
    assert problems(state, TOP[game])


def test_checker_reads_literals_and_nested_maps():
    state = Session.new("coc", 2, 0).match.state
    key = next(iter(state["units"]))
    state["units"][key]["kind"] = "dragon"
    assert any("'dragon' is not one of" in p for p in problems(state, coc_types.CocState))
    state["units"][key]["kind"] = "army"
    city = next(iter(state["cities"].values()))
    city["pieces"]["castle"] = 0
    assert any("does not declare 'castle'" in p for p in problems(state, coc_types.CocState))


# -- the fixed value sets agree with the rules' vocabulary -----------------------------------
def test_literals_follow_the_vocabulary():
    assert get_args(coc_types.Terrain) == vocab.TERRAINS
    assert get_args(coc_types.UnitKind) == vocab.UNIT_KINDS
    assert get_args(coc_types.Mood) == (vocab.ANGRY, vocab.NEUTRAL, vocab.HAPPY)
    assert set(coc_types.Pieces.__optional_keys__) == set(vocab.PIECES)
    assert set(persistence_types.VpBy.__required_keys__) == set(VP_SOURCES)
    deck_option = get_type_hints(history_types.HistoryOptionsDict)["deck"]
    assert get_args(deck_option) == DECKS


@pytest.mark.parametrize(
    "options_type,options_class",
    [
        (coc_types.CocOptionsDict, CocOptions),
        (secolo_types.SecoloOptionsDict, SecoloOptions),
        (persistence_types.PersistenceOptionsDict, PersistenceOptions),
        (history_types.HistoryOptionsDict, HistoryOptions),
    ],
)
def test_options_records_list_every_option(options_type, options_class):
    assert set(options_type.__required_keys__) == {f.name for f in fields(options_class)}
