"""Match.play is atomic: an action happens completely or not at all (issue 24).

A bug raised while an action is applied must leave the match exactly as it was (state,
record, version, log, undo and redo) and reach the caller; the saved game must still load.
Faults are injected after the action has already changed the state: at the end of the
game's settling (every game settles after each action), or at the second event it emits.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from clash_widget.bots import RandomBot
from clash_widget.engine import Match
from clash_widget.engine.game import Events
from clash_widget.engine.match import UNCHANGED_NOTE
from clash_widget.engine.session import Session
from clash_widget.engine.state import canonical_json, clone

GAMES = [("coc", 3), ("secolo", 3), ("persistence", 3), ("history", 2)]


class Injected(RuntimeError):
    """The bug we plant in the rules."""


def _midgame(game: str, players: int, *, keep_undo: bool, steps: int = 40) -> Match:
    m = Match.new(game, players, seed=7, keep_undo=keep_undo)
    bot = RandomBot(3)
    for _ in range(steps):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    if m.can_undo():
        m.undo()  # leaves a redo list the failed action must not lose
    return m


def _everything(m: Match) -> dict[str, Any]:
    return {
        "state": canonical_json(m.state),
        "hash": m.state_hash(),
        "version": m.version,
        "actions": list(m.actions),
        "log": canonical_json(m.log),
        "undo": canonical_json(m._undo),
        "redo": list(m._redo),
    }


def _settle_then_fail(monkeypatch: pytest.MonkeyPatch, m: Match, seen: dict[str, str]) -> None:
    """Settle as usual, then raise once: by then the action has changed the state.

    Once: a bug struck by this action only (the actions before it played fine, so
    replaying them, which ``keep_undo=False`` rolls back by, plays fine too).
    """
    game_class = type(m.game)
    settle = game_class.settle

    def broken(self: Any, state: dict[str, Any], ev: Events) -> None:
        settle(self, state, ev)
        if not seen:
            seen["after"] = canonical_json(state)
            raise Injected("a bug late in the apply path")

    monkeypatch.setattr(game_class, "settle", broken)


def _fail_at_second_event(monkeypatch: pytest.MonkeyPatch, m: Match, seen: dict[str, str]) -> None:
    """Raise when the action emits its second event (mid-way through the handler)."""
    emit = Events.emit
    calls = {"n": 0}

    def broken(self: Events, kind: str, text: str, **data: Any) -> dict[str, Any]:
        calls["n"] += 1
        if calls["n"] == 2:
            seen["after"] = canonical_json(m.state)
            raise Injected("a bug in the middle of an action")
        return emit(self, kind, text, **data)

    monkeypatch.setattr(Events, "emit", broken)


@pytest.mark.parametrize("keep_undo", [True, False], ids=["undo", "no-undo"])
@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_fault_after_apply_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, game: str, players: int, keep_undo: bool
) -> None:
    m = _midgame(game, players, keep_undo=keep_undo)
    assert not m.is_over
    before, file = _everything(m), m.to_json()
    action = m.legal_actions()[0]
    seen: dict[str, str] = {}
    _settle_then_fail(monkeypatch, m, seen)
    with pytest.raises(Injected) as info:
        m.play(action)
    assert seen["after"] != before["state"], "the fault must strike after the state changed"
    assert UNCHANGED_NOTE in info.value.__notes__
    assert _everything(m) == before
    monkeypatch.undo()  # the bug fixed: the saved game loads, the action plays as if new
    assert m.to_json() == file
    assert Match.from_json(m.to_json()).state_hash() == m.state_hash()
    assert m.play(action).ok
    assert m.state_hash() == Match.replay(m.record()).state_hash()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_fault_inside_a_handler_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    """Some action in the opening emits two events: the fault strikes between them."""
    m = _midgame(game, players, keep_undo=True, steps=0)
    bot = RandomBot(5)
    for _ in range(300):
        action = bot.choose(m.game, m.state, m.legal_actions())
        trial = Match.load(json.loads(m.to_json()))
        if len(trial.play(action).events) >= 2:
            break
        m.play(action)
    else:
        pytest.fail("no action with two events in 300 steps")
    before, file = _everything(m), m.to_json()
    seen: dict[str, str] = {}
    _fail_at_second_event(monkeypatch, m, seen)
    with pytest.raises(Injected):
        m.play(action)
    assert _everything(m) == before
    monkeypatch.undo()
    assert m.to_json() == file
    assert Match.from_json(m.to_json()).state_hash() == m.state_hash()


def test_fault_in_redo_keeps_the_redo_list(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _midgame("secolo", 3, keep_undo=True, steps=12)
    assert m.can_redo()
    before = _everything(m)
    _settle_then_fail(monkeypatch, m, {})
    with pytest.raises(Injected):
        m.redo()
    assert _everything(m) == before
    monkeypatch.undo()
    assert m.redo()


def test_the_state_object_is_restored_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever holds ``match.state`` (a bot, a view) sees the restored position."""
    m = _midgame("persistence", 2, keep_undo=False)
    held = m.state
    copy = clone(held)
    _settle_then_fail(monkeypatch, m, {})
    with pytest.raises(Injected):
        m.play(m.legal_actions()[0])
    assert m.state is held
    assert canonical_json(held) == canonical_json(copy)


def test_a_session_passes_the_fault_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The session does not swallow a bug: its bots' move raises, the game unchanged."""
    s = Session.new("coc", 2, seed=3, bots=["random", "random"])
    s.run(20)
    before = _everything(s.match)
    _settle_then_fail(monkeypatch, s.match, {})
    with pytest.raises(Injected):
        s.step()
    assert _everything(s.match) == before


def test_the_widget_says_the_game_is_unchanged_only_when_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug in the rules is shown (never swallowed), with the true state of the game."""
    from clash_widget.widget.secolo_table import SecoloTable

    w = SecoloTable(players=3, seed=2)
    before = _everything(w.match)
    _settle_then_fail(monkeypatch, w.match, {})
    key = str(w.match.legal_actions()[0])
    w.intent = {"type": "act", "key": key, "version": w.match.version, "seq": 1}
    assert w.feedback["ok"] is False and w.feedback["rule_id"] == "widget.error"
    # the learner reads plain words; the exception is in ``detail``, for developers
    assert "The game is unchanged." in w.feedback["message"]
    assert "a bug late in the apply path" not in w.feedback["message"]
    assert "a bug late in the apply path" in w.feedback["detail"]
    assert _everything(w.match) == before
    monkeypatch.undo()

    def boom(outcome: Any) -> None:
        raise RuntimeError("callback broke")

    w.on_action(boom)  # fails after the action was played: the game did change
    w.intent = {"type": "act", "key": key, "version": w.match.version, "seq": 2}
    assert w.feedback["message"].startswith("A notebook callback failed.")
    assert "callback broke" in w.feedback["detail"]
    assert "unchanged" not in w.feedback["message"]
    assert w.match.actions == [*before["actions"], key]
