"""The tables' coach (issue 38): the ``hint`` intent asks the coach off the widget's thread
and sets the ``hint`` trait for the position it was asked on; never for another seat's view,
a bot's turn, a replay, or a finished game (``widget.no-hint``)."""

from __future__ import annotations

import time

from match_checks import send

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.widget.secolo_table import SecoloTable

TINY = {"rounds": 3, "candidates": 3, "turns": 1, "depth": 30}


def table(**kwargs) -> SecoloTable:
    m = Match.new("secolo", 2, seed=3)
    bot = make_bot("heuristic", "secolo", 3)
    while len(m.legal_actions()) < 2:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    w = SecoloTable(m, **kwargs)
    w.hint_budget = TINY
    return w


def wait_for_hint(w: SecoloTable, seconds: float = 30) -> dict:
    end = time.monotonic() + seconds
    while not w.hint and time.monotonic() < end:
        time.sleep(0.02)
    return dict(w.hint)


def test_the_hint_intent_gives_a_legal_move_in_words() -> None:
    w = table()
    keys = {str(a) for a in w.match.legal_actions()}
    fb = send(w, type="hint")
    assert fb["ok"]
    h = wait_for_hint(w)
    assert h["key"] in keys and h["version"] == w.match.version
    assert h["label"] and h["reasons"] and h["key"] not in h["text"]
    assert w.session.hints == {len(w.match.actions): (h["seat"], h["key"])}
    assert w.feedback["text"].startswith("Hint for")


def test_a_hint_is_refused_from_another_seats_view() -> None:
    w = table()
    w.seat = 1 - (w.match.current_player or 0)
    fb = send(w, type="hint")
    assert fb["rule_id"] == "widget.not-your-turn" and not w.hint


def test_widget_no_hint_once_the_game_is_over() -> None:
    """widget.no-hint: "The coach gives a hint only for a decision at hand: nobody decides
    once the game is over." """
    m = Match.new("secolo", 2, seed=1)
    bot = make_bot("heuristic", "secolo", 1)
    while not m.is_over:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    w = SecoloTable(m)
    fb = send(w, type="hint")
    assert fb["rule_id"] == "widget.no-hint" and not w.hint


def test_ask_hint_from_code_waits_for_the_coach() -> None:
    w = table()
    h = w.ask_hint()
    assert h["key"] in {str(a) for a in w.match.legal_actions()}
