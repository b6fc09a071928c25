"""Game files are verified on load, by every path that reads one.

A file's record is replayed from its start; a file whose record does not replay to
the state it stores, whose position breaks one of the game's invariants, or that is
not a game file at all is refused with a ``GameFileError`` (a ``ValueError``) that
says what is wrong in plain words, never a bare ``KeyError``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clash_widget.engine import GAMES as REGISTERED
from clash_widget.engine import Match
from clash_widget.engine.session import GAME_FILE_FORMAT, GameFileError, Session, read_game_file
from clash_widget.widget import ClashBoard, SecoloTable

GAMES = ["coc", "secolo"]
KNOWN = ", ".join(sorted(REGISTERED))  # every registered game (others join over time)
WIDGETS = {"coc": ClashBoard, "secolo": SecoloTable}


def played(game: str, actions: int = 30, seed: int = 3) -> Match:
    s = Session.new(game, 2, seed, bots=["random", "random"])
    assert len(s.run(max_actions=actions)) == actions
    return s.match


def as_text(data: Any) -> str:
    return data if isinstance(data, str) else json.dumps(data)


# Every way a file enters: the engine, the session, a widget from code, a new widget.
LOADERS: dict[str, Callable[[str, Any], Any]] = {
    "Match.from_json": lambda game, data: Match.from_json(as_text(data)),
    "Match.load": lambda game, data: Match.load(data),
    "Session.load": lambda game, data: Session.load(as_text(data)),
    "read_game_file": lambda game, data: read_game_file(data),
    "widget.load": lambda game, data: WIDGETS[game](players=2, seed=1).load(data),
    "widget.from_file": lambda game, data: WIDGETS[game].from_file(as_text(data)),
}


def refused(game: str, data: Any) -> list[str]:
    """The reason each loader gives (each must refuse with a GameFileError)."""
    reasons = []
    for name, load in LOADERS.items():
        with pytest.raises(GameFileError) as info:
            load(game, data)
        assert type(info.value) is GameFileError, name
        reasons.append(str(info.value))
    assert len(set(reasons)) == 1, reasons  # one verdict whatever the path
    return reasons


def cheat(game: str, state: dict[str, Any]) -> str:
    """Hand-edit a state the way a player would cheat; returns the edited key."""
    player = state["players"][0]
    if game == "coc":  # 99 gold
        resources = next(v for v in player.values() if isinstance(v, dict) and "gold" in v)
        resources["gold"] = 99
        return "gold"
    player["hand"].append(state["deck"].pop())  # Secolo: a card drawn for free
    return "hand"


# -- a valid file loads ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_valid_file_loads_by_every_path(game: str, tmp_path: Path) -> None:
    m = played(game)
    files = {
        "to_json": m.to_json(),
        "game file": Session(m).game_file(),
        "bare record": m.record(),
    }
    for what, data in files.items():
        for name, load in LOADERS.items():
            loaded = load(game, data)
            back = loaded if isinstance(loaded, Match) else getattr(loaded, "match", None)
            if back is not None:  # widget.load answers None: the widget's own test is below
                assert back.state_hash() == m.state_hash(), (what, name)
    w = WIDGETS[game](players=2, seed=1)
    w.load(Session(m).save(tmp_path / "g.json"))
    assert w.match.state_hash() == m.state_hash() and w.replay_length == 30


def test_a_file_saved_after_undo_keeps_its_version() -> None:
    m = played("coc", 10)
    while not m.can_undo():
        m.play(str(m.legal_actions()[0]))
    m.undo()
    back = Match.from_json(m.to_json())
    assert back.state == m.state and back.actions == m.actions


# -- a file whose record does not replay to its state ---------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_hand_edited_state_is_refused_naming_the_mismatch(game: str) -> None:
    m = played(game)
    data = json.loads(m.to_json())
    key = cheat(game, data["state"])
    reason = refused(game, data)[0]
    assert "does not match its record" in reason, reason
    assert re.search(rf"players\[0\]\.(\w+\.)?{key}: the file ", reason), reason  # where
    if game == "coc":
        assert "99" in reason and "gold" in reason, reason


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_edited_start_breaks_an_invariant_and_is_refused(game: str) -> None:
    m = played(game, 0)
    data = Session(m).game_file()
    start = m.start_state()
    if game == "coc":
        cheat(game, start)
    else:  # the same card in two places
        start["players"][0]["hand"].append(start["deck"][0])
    data["start"] = start
    reason = refused(game, data)[0]
    assert reason.startswith("the start position breaks the rules of"), reason
    assert ("player 0 holds 99 gold" if game == "coc" else "must be in exactly one place") in reason


@pytest.mark.parametrize("game", GAMES)
def test_a_state_that_is_not_a_position_is_refused(game: str) -> None:
    m = played(game, 5)
    data = json.loads(m.to_json())
    data["state"] = [1, 2]
    assert "must be a position" in refused(game, data)[0]
    data["state"] = {"players": []}
    assert "does not match its record" in refused(game, data)[0]


# -- malformed files -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_file_without_a_record_says_so(game: str) -> None:
    m = played(game, 5)
    reason = refused(game, {"state": m.state})[0]
    assert reason == 'the file has no "record" (the game, players, seed and actions to replay)'
    for key in ("game", "players", "seed", "actions"):
        rec = {k: v for k, v in m.record().items() if k != key}
        reason = refused(game, {"record": rec, "state": m.state})[0]
        assert f'the record has no "{key}"' in reason, reason


@pytest.mark.parametrize("game", GAMES)
def test_a_record_of_the_wrong_shape_says_what_is_wrong(game: str) -> None:
    rec = played(game, 5).record()
    cases = {
        "players": ("two", 'the record\'s "players" must be a whole number, not the text "two"'),
        "actions": ("end", 'the record\'s "actions" must be a list, not the text "end"'),
        "seed": (True, 'the record\'s "seed" must be a whole number, not true/false'),
        "options": ([], 'the record\'s "options" must be an object, not a list'),
        "game": ("chess", f'the record names an unknown game "chess" (known: {KNOWN})'),
    }
    for key, (value, reason) in cases.items():
        assert refused(game, {"record": {**rec, key: value}}) == [reason] * len(LOADERS)
    reason = refused(game, {"record": {**rec, "players": 9}})[0]
    assert reason.startswith("the record cannot start a game:") and "players" in reason
    reason = refused(game, {"record": {**rec, "actions": [*rec["actions"], 7]}})[0]
    assert reason == "action 6 of the record must be text, not the number 7"
    assert "not a list" in refused(game, {"record": [rec]})[0]
    assert "format" in refused(game, {"format": "clash-widget-game/99", "record": rec})[0]


@pytest.mark.parametrize("text", ["not json", '{"record": ', "", "[1, 2]", "null", "42"])
def test_a_file_that_is_not_a_json_object_says_so(text: str) -> None:
    loaders: list[Callable[[str], Any]] = [Match.from_json, Match.load]
    if text.startswith("{"):  # other strings are paths to Session.load and read_game_file
        loaders += [Session.load, read_game_file]
    for load in loaders:
        with pytest.raises(GameFileError) as info:
            load(text)
        reason = str(info.value)
        assert "not JSON" in reason or "a game file is a JSON object, not" in reason, reason
    with pytest.raises(GameFileError, match="not text"):
        Match.load(b"\xff\xfe\x00")
    with pytest.raises(GameFileError, match="cannot read"):
        read_game_file("no/such/game.json")


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_in_the_record_is_refused(game: str) -> None:
    m = played(game, 8)
    rec = m.record()
    bad = "found 99,99" if game == "coc" else "play xyz-1"
    rec["actions"] = [*rec["actions"][:3], bad, *rec["actions"][3:]]
    reason = refused(game, {"record": rec})[0]
    assert reason.startswith(f"action 4 of the record ({bad}) is refused: ["), reason
    # the engine's own verdict (rule id, reason) follows
    assert m.check(bad) is not None


# -- the widget's load intent ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_widget_bad_file_names_the_mismatch(game: str) -> None:
    data = json.loads(played(game).to_json())
    key = cheat(game, data["state"])
    w = WIDGETS[game](players=2, seed=1)
    w.play(str(w.match.legal_actions()[0]))
    before = (w.match.state_hash(), list(w.match.actions))
    w.intent = {"seq": 1, "version": w.match.version, "type": "load", "text": json.dumps(data)}
    fb = w.feedback
    assert fb["ok"] is False and fb["rule_id"] == "widget.bad-file"
    assert "does not match its record" in fb["message"] and key in fb["message"]
    assert (w.match.state_hash(), w.match.actions) == before
    w.intent = {"seq": 2, "version": w.match.version, "type": "load", "text": "{}"}
    assert w.feedback["rule_id"] == "widget.bad-file" and 'no "record"' in w.feedback["message"]


# -- files of the previous format still load ------------------------------------------------------
_SHORT_KEYS = {
    "units": {"owner": "o", "kind": "k", "hex": "h", "fought": "f"},
    "hexes": {"terrain": "t", "region": "reg"},
    "cities": {"activations": "act"},
}


_OPTIONS_SINCE_1 = ("settler_cost", "army_cost", "ship_cost", "grow_cost")


def as_format_3(position: dict[str, Any]) -> dict[str, Any]:
    """A Clash of Cultures position as game-file format 3 stored it (a player's reserved
    wonders under ``wonders_revealed``, a battle's round frame called ``retreat``)."""
    out = json.loads(json.dumps(position))
    for player in out["players"]:
        player["wonders_revealed"] = player.pop("wonders_reserved")
    for frame in out["stack"]:
        if frame["kind"] == "battle_round":
            frame["kind"] = "retreat"
    return out


def as_format_1(position: dict[str, Any]) -> dict[str, Any]:
    """A Clash of Cultures position as game-file format 1 stored it (one-letter keys, no cost
    options)."""
    out = as_format_3(position)
    for name in _OPTIONS_SINCE_1:
        del out["options"][name]
    for table, names in _SHORT_KEYS.items():
        for key, item in out[table].items():
            out[table][key] = {names.get(k, k): v for k, v in item.items()}
    return out


def test_a_format_1_file_with_short_keys_still_loads() -> None:
    """Format 2 spelt the state keys out; a file saved by format 1 loads to the same match."""
    m = played("coc", 40)
    old = json.loads(m.to_json())
    old.pop("format")  # format-1 to_json files carried no "format"
    old["state"] = as_format_1(old["state"])
    for name in _OPTIONS_SINCE_1:
        del old["record"]["options"][name]
    assert "o" in next(iter(old["state"]["units"].values()))
    for name, load in LOADERS.items():
        back = load("coc", old)
        back = back if isinstance(back, Match) else getattr(back, "match", None)
        if back is not None:
            assert back.state_hash() == m.state_hash(), name


def test_a_format_1_game_file_with_a_start_position_still_loads() -> None:
    from clash_widget.coc.scenario import Scenario

    s = Scenario(players=2, seed=4).explore_all()
    s.units(0, s.capital(0), army=2)
    m = s.match()
    m.play(str(m.legal_actions()[0]))
    data = Session(m).game_file()
    assert data["format"] == GAME_FILE_FORMAT and "start" in data
    data["format"] = "clash-widget-game/1"
    data["start"] = as_format_1(data["start"])
    for name in _OPTIONS_SINCE_1:
        del data["record"]["options"][name]
    assert Match.load(data).state_hash() == m.state_hash()


def test_a_format_3_clash_file_with_the_old_reserved_wonders_key_still_loads() -> None:
    """Format 4 renamed a player's ``wonders_revealed`` to ``wonders_reserved``; a format-3
    file (its start and its last position) loads to the same match, the wonder still reserved."""
    from clash_widget.coc.scenario import Scenario

    s = Scenario(players=2, seed=4).explore_all()
    s.state["players"][1]["wonders_reserved"] = ["great_wall"]
    m = s.match()
    m.play(str(m.legal_actions()[0]))
    data = Session(m).game_file()
    data["format"] = "clash-widget-game/3"
    data["start"] = as_format_3(data["start"])
    assert data["start"]["players"][1]["wonders_revealed"] == ["great_wall"]
    back = Match.load(data)
    assert back.state_hash() == m.state_hash()
    assert back.state["players"][1]["wonders_reserved"] == ["great_wall"]
    saved = json.loads(m.to_json())
    saved["format"] = "clash-widget-game/3"
    saved["state"] = as_format_3(saved["state"])
    assert Match.load(saved).state_hash() == m.state_hash()


def test_a_format_3_clash_file_saved_between_battle_rounds_still_loads() -> None:
    """Format 4 renamed the battle's between-rounds frame ``retreat`` to ``battle_round``; a
    format-3 file saved while the attacker decides loads, the same decision still asked."""
    from tests.coc.test_combat_rules import land_battle

    m, _start, _cap = land_battle(dice=(4, 5, 2, 2))  # both sides stand: the attacker decides
    assert m.state["stack"][-1]["kind"] == "battle_round"
    saved = json.loads(m.to_json())
    saved["format"] = "clash-widget-game/3"
    saved["state"] = as_format_3(saved["state"])
    assert saved["state"]["stack"][-1]["kind"] == "retreat"
    back = Match.load(saved)
    assert back.state_hash() == m.state_hash()
    assert back.legal_actions() == m.legal_actions()


def test_a_format_1_history_file_with_short_keys_still_loads() -> None:
    """History CCG's format-1 cities and units had ctrl/pop/prod/made; they load as before."""
    m = played("history", 40)
    old = json.loads(m.to_json())
    old.pop("format")
    short = {"controller": "ctrl", "population": "pop", "production": "prod", "progress": "made"}
    for table in ("cities", "units"):
        for key, item in old["state"][table].items():
            old["state"][table][key] = {short.get(k, k): v for k, v in item.items()}
    assert "pop" in next(iter(old["state"]["cities"].values()))
    assert Match.load(old).state_hash() == m.state_hash()


@pytest.mark.parametrize("game", ["secolo", "history"])
def test_a_format_2_file_whose_positions_keep_a_log_still_loads(game: str) -> None:
    """Format 2 Secolo and History positions kept a (dead) copy of the log; format 3 drops it."""
    m = played(game, 30)
    old = json.loads(m.to_json())
    old["format"] = "clash-widget-game/2"
    old["state"]["log"] = [{"kind": "note", "text": "an event of the old copy"}]
    assert Match.load(old).state_hash() == m.state_hash()
    old["format"] = GAME_FILE_FORMAT  # today's positions have no log: a stray one is refused
    with pytest.raises(GameFileError, match="log is in the file"):
        Match.load(old)
