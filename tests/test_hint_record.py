"""Hints asked in a game are kept in its game file (issue 38): which seat asked at which
position and the move the coach gave; loading checks each against the replay, and a review
of the loaded file says "hint taken" where the hinted move was played."""

from __future__ import annotations

import json

import pytest

from clash_widget.bots import Bot, make_bot
from clash_widget.coach import Budget, review
from clash_widget.engine import Match
from clash_widget.engine.session import GameFileError, Session

TINY = Budget(rounds=3, candidates=3, turns=1, depth=30)


def at_a_real_choice() -> tuple[Session, Bot]:
    """A Secolo game played by the rule-of-thumb bot up to a decision with a choice."""
    s = Session.new("secolo", 2, seed=3)
    bot = make_bot("heuristic", "secolo", 3)
    m = s.match
    while len(m.legal_actions()) < 2:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return s, bot


def session_with_a_hint() -> tuple[Session, int, str]:
    """A Secolo game where a hint was asked, and its move then played."""
    s, bot = at_a_real_choice()
    m = s.match
    given = s.hint(budget=TINY)
    at = len(m.actions)
    s.play(given.action)
    for _ in range(6):
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return s, at, str(given.action)


def test_the_game_file_keeps_the_hints_asked() -> None:
    s, at, key = session_with_a_hint()
    seat = s.hints[at][0]
    data = s.game_file()
    assert data["hints"] == [{"at": at, "seat": seat, "move": key}]
    loaded = Session.load(json.loads(json.dumps(data)))
    assert loaded.hints == {at: (seat, key)}


def test_loading_refuses_a_hint_for_the_wrong_seat_or_move() -> None:
    s, at, key = session_with_a_hint()
    seat = s.hints[at][0]
    data = s.game_file()
    wrong_seat = {**data, "hints": [{"at": at, "seat": 1 - seat, "move": key}]}
    with pytest.raises(GameFileError, match="asked for a hint at position"):
        Match.load(wrong_seat)
    wrong_move = {**data, "hints": [{"at": at, "seat": seat, "move": "no such move"}]}
    with pytest.raises(GameFileError, match="not a legal move there"):
        Match.load(wrong_move)
    beyond = {**data, "hints": [{"at": len(data["record"]["actions"]) + 1, "seat": 0, "move": key}]}
    with pytest.raises(GameFileError, match="not a position"):
        Match.load(beyond)


def test_undo_drops_the_hints_of_the_undone_moves() -> None:
    s, _ = at_a_real_choice()
    m = s.match
    given = s.hint(budget=TINY)
    at = len(m.actions)
    s.play(given.action)
    assert at in s.hints
    assert s.undo()  # back to the position the hint was asked at: it still fits
    assert at in s.hints
    s.play(given.action)
    later = len(m.actions)
    s.hints[later] = (m.current_player, str(m.legal_actions()[0]))
    assert s.undo()
    assert later not in s.hints and at in s.hints


def test_a_match_undone_from_code_keeps_no_stale_hint_in_the_game_file() -> None:
    """Code may undo on the match itself and play another move: the file must not keep a
    hint asked in the future that was undone (it would not fit, and loading would refuse
    it), and the game file is written without replaying the game (the server saves it
    after every move)."""
    s, _ = at_a_real_choice()
    m = s.match
    m.play(m.legal_actions()[0])
    later = len(m.actions)
    s.hints[later] = (m.current_player, str(m.legal_actions()[0]))
    assert m.undo()
    m.play(m.legal_actions()[-1])
    assert later not in s.hints
    Match.load(s.game_file())  # its hints fit the replay


def test_the_review_of_a_loaded_file_says_hint_taken() -> None:
    s, at, key = session_with_a_hint()
    seat = s.hints[at][0]
    loaded = Match.load(s.game_file())
    result = review(loaded, seat, budget=TINY)
    marked = [d for d in result.decisions if d.hint_taken]
    assert [d.index for d in marked] == [at]
    assert "(hint taken)" in marked[0].text
