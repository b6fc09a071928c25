"""Errors are not swallowed (issue 24).

Only input that does not read is ``engine.malformed``; a bug in a check raises.

Every game's checks are asked about garbled versions of the legal actions (an argument
replaced by junk or by another action's argument, one argument too many or too few):
each gets a verdict, never an exception. And a check that breaks is not dressed up as
"you typed it wrong": the exception reaches the caller.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from clash_widget.bots import RandomBot
from clash_widget.bots.registry import UnknownBot, make_bot
from clash_widget.coc.economy import PaymentError, pay_cost
from clash_widget.engine import Action, Match
from clash_widget.engine.actions import MalformedAction, whole_number
from clash_widget.engine.frames import TableFrame
from clash_widget.engine.registry import GAMES as REGISTERED

GAMES = list(REGISTERED)  # every game of the catalogue
JUNK = ["zz", "-1", "99999", "0,0", "x,y", "1.5", "none", "food:x", "a:b:c"]


def _garbled(legal: list[Action], seen: list[str]) -> list[Action]:
    out: list[Action] = []
    for a in {a.kind: a for a in legal}.values():
        for junk in JUNK + seen[:: max(1, len(seen) // 6)]:
            for i in range(len(a.args)):
                args = list(a.args)
                args[i] = junk
                out.append(Action(a.kind, tuple(args)))
            out.append(Action(a.kind, (*a.args, junk)))
        if a.args:
            out.append(Action(a.kind, a.args[:-1]))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_garbled_actions_get_a_verdict_never_an_exception(game: str) -> None:
    m = Match.new(game, 3, seed=4, keep_undo=False)
    bot = RandomBot(4)
    seen: set[str] = set()
    refused = 0
    for _ in range(150):
        if m.is_over:
            break
        legal = m.legal_actions()
        seen.update(arg for a in legal[:30] for arg in a.args)
        for action in _garbled(legal, sorted(seen)):
            verdict = m.check(action)  # raises if a check relied on an exception
            refused += verdict is not None  # a garbled action may happen to be legal
        m.play(bot.choose(m.game, m.state, legal))
    assert refused > 100


def test_whole_number_refuses_text_as_malformed() -> None:
    assert whole_number("12") == 12
    with pytest.raises(MalformedAction, match="the gold is written as a whole number"):
        whole_number("zz", "the gold")


def test_a_bug_inside_a_check_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """A KeyError in a rule's predicate is a bug: not refused as engine.malformed."""
    m = Match.new("secolo", 3, seed=1)
    action = m.legal_actions()[0]
    frame = m.game.top(m.state)
    assert frame is not None
    handler = m.game.handlers[frame["kind"]]
    assert isinstance(handler, TableFrame)
    spec = handler.table[action.kind]
    assert spec.checks, "the first action of Secolo is checked by at least one rule"

    def broken(*args: object) -> bool:
        raise KeyError("a bug in a rule")

    edited = replace(spec, checks=[replace(spec.checks[0], ok=broken), *spec.checks[1:]])
    monkeypatch.setattr(handler, "table", {**handler.table, action.kind: edited})
    with pytest.raises(KeyError, match="a bug in a rule"):
        m.check(action)
    with pytest.raises(KeyError, match="a bug in a rule"):
        m.legal_actions()  # the listing asks the edited checks too


def test_an_unreadable_argument_is_malformed() -> None:
    m = Match.new("coc", 2, seed=0)
    verdict = m.check("found zz")
    assert verdict is not None and verdict.rule_id == "engine.malformed"
    assert "q,r" in verdict.reason


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("search:policy=heurstic", "policy: unknown bot 'heurstic'"),
        ("search:polcy=heuristic", "bot 'search' has no setting polcy"),
        ("heuristic:depth=3", "bot 'heuristic' has no setting depth"),
    ],
)
def test_unknown_bot_settings_are_refused_with_a_message(spec: str, words: str) -> None:
    """A misspelt setting used to play random moves (policy) or raise Python's text."""
    with pytest.raises(ValueError, match=re.escape(words)):
        make_bot(spec, "persistence", 1)


def test_an_unknown_bot_is_a_key_error() -> None:
    with pytest.raises(UnknownBot):
        make_bot("grandmaster", "coc")


def test_a_payment_the_checks_let_through_is_never_free() -> None:
    """``plan_payment(...) or {}`` paid nothing when the player could not pay; now a bug raises."""
    m = Match.new("coc", 2, seed=0)
    player = m.state["players"][0]
    for r in player["res"]:
        player["res"][r] = 0
    with pytest.raises(PaymentError, match="cannot pay 1 food"):
        pay_cost(player, {"food": 1})
    player["res"]["gold"] = 1
    pay_cost(player, {"food": 1})  # gold stands in for a missing resource
    assert player["res"]["gold"] == 0
