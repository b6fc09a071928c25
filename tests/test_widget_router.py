"""The widgets' intent router, on its own: no widget, no session, no thread (issue 24).

Each widget rule that decides whether an intent from the front end may act, with its id:
``engine.malformed``, ``widget.view-locked``, ``engine.stale``, ``widget.replay-read-only``,
``widget.bot-seat``, ``widget.not-your-turn`` (and ``widget.bad-setting`` for a replay
position).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from clash_widget.engine import Match
from clash_widget.engine.seats import default_name
from clash_widget.widget.intents import BASE_FIELDS, BOARD_FIELDS, FILE_FIELDS
from clash_widget.widget.router import (
    Settings,
    Situation,
    bad_position,
    lock_detail,
    read_only,
    refused_traits,
    route,
)

SETTINGS = Settings(
    fields={**BASE_FIELDS, **FILE_FIELDS},
    optional={"load": frozenset({"name"})},
    unversioned=frozenset({"save"}),
    view_intents=frozenset({"save", "load"}),
)
# Ada's view of a live game at version 5, Ada (seat 0) to move, no bots.
ADA_TO_MOVE = Situation(
    version=5,
    position=None,
    seat=0,
    lock_view=False,
    to_move=0,
    bot_to_move=None,
    names=("Ada", "Ben"),
)


def _intent(kind: str = "act", version: int = 5, **fields: Any) -> dict[str, Any]:
    if kind == "act":
        fields.setdefault("key", "end")
    return {"seq": 7, "version": version, "type": kind, **fields}


def _rule(intent: Any, now: Situation = ADA_TO_MOVE, **kw: Any) -> str | None:
    routed = route(intent, now, SETTINGS, **kw)
    return routed.verdict.rule_id if routed.verdict is not None else None


def test_a_move_from_the_movers_view_is_routed_to_act() -> None:
    routed = route(_intent(), ADA_TO_MOVE, SETTINGS)
    assert (routed.kind, routed.seq, routed.verdict) == ("act", 7, None)


def test_the_teacher_may_move_for_whoever_is_to_move() -> None:
    assert _rule(_intent(), replace(ADA_TO_MOVE, seat=None, to_move=1)) is None


@pytest.mark.parametrize(
    ("intent", "words"),
    [
        ("act", "an intent must be an object, not str"),
        ({"version": 5, "type": "act", "key": "end"}, "'seq' must be an integer"),
        ({"seq": 1, "version": True, "type": "undo"}, "'version' must be an integer"),
        ({"seq": 1, "version": 5, "type": "fly"}, "unknown intent type 'fly'"),
        ({"seq": 1, "version": 5, "type": "act", "key": " "}, "'key' must be a non-empty"),
        ({"seq": 1, "version": 5, "type": "undo", "key": "x"}, "unexpected field(s) key"),
        ({"seq": 1, "version": 5, "type": "load"}, "missing field(s) text"),
    ],
)
def test_a_malformed_intent_is_refused_and_says_what_is_wrong(intent: Any, words: str) -> None:
    """engine.malformed: the intent's shape is wrong; nothing else is looked at."""
    routed = route(intent, ADA_TO_MOVE, SETTINGS)
    assert routed.verdict is not None and routed.verdict.rule_id == "engine.malformed"
    assert words in routed.verdict.text
    assert routed.kind == ""


def test_a_malformed_intents_answer_carries_its_seq_only_when_it_is_a_number() -> None:
    assert route({"seq": 3, "type": "act"}, ADA_TO_MOVE, SETTINGS).seq == 3
    assert route({"seq": "3", "type": "act"}, ADA_TO_MOVE, SETTINGS).seq is None


def test_an_extra_types_fields_are_checked_by_the_widgets_own_check() -> None:
    """engine.malformed: a board's "select" names a hex that is not on its map."""
    board = replace(SETTINGS, fields={**BASE_FIELDS, **BOARD_FIELDS})
    hexes = {(0, 0)}

    def check(kind: str, intent: dict[str, Any]) -> str | None:
        return "not a hex of this map" if (intent.get("q"), intent.get("r")) not in hexes else None

    bad = route(_intent("select", q=4, r=4), ADA_TO_MOVE, board, check)
    good = route(_intent("select", q=0, r=0), ADA_TO_MOVE, board, check)
    assert bad.verdict is not None and bad.verdict.rule_id == "engine.malformed"
    assert (good.kind, good.verdict) == ("select", None)


@pytest.mark.parametrize("kind", ["save", "load"])
def test_the_view_lock_refuses_the_game_file_intents(kind: str) -> None:
    """widget.view-locked: a game file re-deals every hand, so a locked board sends none."""
    fields = {"text": "{}"} if kind == "load" else {}
    locked = replace(ADA_TO_MOVE, lock_view=True)
    assert _rule(_intent(kind, **fields), locked) == "widget.view-locked"
    assert _rule(_intent(kind, **fields)) is None
    assert _rule(_intent(), locked) is None  # moves stay


def test_the_view_locks_words_name_the_seat_not_a_trait() -> None:
    locked = replace(ADA_TO_MOVE, lock_view=True)
    assert lock_detail(locked) == "this board is locked to Ada's view"
    assert lock_detail(replace(locked, seat=None)) == "this board is locked to the teacher's view"
    assert lock_detail(ADA_TO_MOVE) == "only the notebook's code sets the view lock"


@pytest.mark.parametrize("kind", ["act", "undo", "redo", "load"])
def test_an_intent_sent_at_an_older_version_is_stale(kind: str) -> None:
    """engine.stale: the intent was chosen on an older position."""
    fields = {"text": "{}"} if kind == "load" else {}
    routed = route(_intent(kind, version=4, **fields), ADA_TO_MOVE, SETTINGS)
    assert routed.verdict is not None and routed.verdict.rule_id == "engine.stale"
    assert routed.verdict.detail == "sent at version 4, now 5"


def test_the_router_and_the_match_refuse_a_stale_action_with_one_check() -> None:
    """engine.stale: the widget's refusal is the engine's own, word for word."""
    m = Match.new("coc", 2, seed=1)
    now = replace(ADA_TO_MOVE, version=m.version, to_move=m.current_player)
    key = str(m.legal_actions()[0])
    routed = route(_intent(key=key, version=m.version - 1), now, SETTINGS)
    engine = m.check(key, version=m.version - 1)
    assert routed.verdict is not None and engine is not None
    assert (routed.verdict.rule_id, routed.verdict.text) == (engine.rule_id, engine.text)


def test_save_is_answered_whatever_the_version() -> None:
    assert _rule(_intent("save", version=1)) is None


@pytest.mark.parametrize("kind", ["act", "undo", "redo"])
def test_a_replay_position_is_read_only(kind: str) -> None:
    """widget.replay-read-only: moves, undo and redo wait for the live game."""
    replaying = replace(ADA_TO_MOVE, position=3)
    routed = route(_intent(kind), replaying, SETTINGS)
    assert routed.verdict is not None and routed.verdict.rule_id == "widget.replay-read-only"
    assert routed.verdict.detail == "showing position 3"


def test_a_game_file_may_be_loaded_while_replaying() -> None:
    assert _rule(_intent("load", text="{}"), replace(ADA_TO_MOVE, position=3)) is None


def test_a_stale_intent_is_stale_before_it_is_read_only() -> None:
    replaying = replace(ADA_TO_MOVE, position=3)
    assert _rule(_intent(version=2), replaying) == "engine.stale"


def test_read_only_from_code_too() -> None:
    assert read_only(None) is None
    verdict = read_only(0)
    assert verdict is not None and verdict.rule_id == "widget.replay-read-only"


def test_a_click_never_moves_for_a_bot_seat() -> None:
    """widget.bot-seat: a bot plays the seat to move; make it human to act for it."""
    bot_to_move = replace(ADA_TO_MOVE, bot_to_move="heuristic")
    routed = route(_intent(), bot_to_move, SETTINGS)
    assert routed.verdict is not None and routed.verdict.rule_id == "widget.bot-seat"
    assert routed.verdict.detail == "the heuristic bot plays Ada"
    assert _rule(_intent(), replace(bot_to_move, seat=None)) == "widget.bot-seat"
    assert _rule(_intent("undo"), bot_to_move) is None  # undo is not a move for the bot


def test_a_click_from_another_seats_view_is_not_its_turn() -> None:
    """widget.not-your-turn: this view belongs to a player who is not to move."""
    routed = route(_intent(), replace(ADA_TO_MOVE, to_move=1), SETTINGS)
    assert routed.verdict is not None and routed.verdict.rule_id == "widget.not-your-turn"
    assert routed.verdict.detail == "this is Ada's view; Ben is to move"


def test_a_seat_without_a_name_is_named_like_every_game_names_it() -> None:
    routed = route(_intent(), replace(ADA_TO_MOVE, names=(), to_move=1), SETTINGS)
    assert routed.verdict is not None
    assert (
        routed.verdict.detail == f"this is {default_name(0)}'s view; {default_name(1)} is to move"
    )


def test_the_view_lock_refuses_the_browsers_view_traits() -> None:
    """widget.view-locked: the browser may not switch whose view a locked board shows."""
    current = {"seat": 0, "hotseat": False, "lock_view": True}
    view = frozenset({"seat", "hotseat"})
    sent = {"seat": 1, "hotseat": False, "bot_delay": 0.1}
    assert refused_traits(sent, current, lock_view=True, view_traits=view) == ["seat"]
    assert refused_traits(sent, current, lock_view=False, view_traits=view) == []
    unlock = {"lock_view": False}
    assert refused_traits(unlock, current, lock_view=True, view_traits=view) == ["lock_view"]


def test_a_replay_position_must_exist() -> None:
    """widget.bad-setting: positions are 0 to the record's length (None: the live game)."""
    assert bad_position(None, 3) is None and bad_position(3, 3) is None
    for k in (-1, 4, True, "2"):
        verdict = bad_position(k, 3)
        assert verdict is not None and verdict.rule_id == "widget.bad-setting"
