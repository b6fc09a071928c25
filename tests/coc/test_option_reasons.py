"""Every number the rules give is an option, and refusals quote the options of the game at hand.

Primer, "Activate a City": "Settler: 2 Food. Army: 1 Food + 1 Ore"; "Increase City Size: 1 Food,
1 Wood, 1 Ore"; "no more than 4 units may ever occupy a single space". A variant that changes one
of these numbers changes the rule and the words of its refusal together.
"""

from __future__ import annotations

import pytest

from clash_widget.coc.options import CocOptions
from clash_widget.coc.rulebook import RULES
from clash_widget.engine import Match

from .helpers import accepted, open_map


def _refusal(m: Match, key: str) -> tuple[str, str]:
    out = m.play(key)
    assert not out.ok, key
    return out.verdict.rule_id, out.verdict.reason


def test_build_cost_follows_the_settler_cost_option() -> None:
    """A settler costs the option's food: 2 food buys one by default, not if it costs 3."""
    for cost, ok in (("food:2", True), ("food:3", False)):
        s = open_map(settler_cost=cost).resources(0, food=2, ore=1)  # an army stays affordable
        m = s.match()
        accepted(m, f"build {s.capital(0)}")
        if ok:
            accepted(m, "unit settler")
        else:
            rule, reason = _refusal(m, "unit settler")
            assert rule == "build.cost"
            assert "settler 3 food" in reason and "army 1 food and 1 ore" in reason


def test_grow_cost_reason_quotes_the_option() -> None:
    s = open_map(grow_cost="food:1+wood:2").advances(0, "myths")
    s.city(0, s.find("plains", near=s.capital(0)))  # two cities: the capital may grow to 2
    m = s.match()
    rule, reason = _refusal(m, f"grow {s.capital(0)} temple:mood")
    assert rule == "grow.cost"
    assert reason.startswith("Growing costs 1 food and 2 wood"), reason


def test_stack_limit_reason_quotes_the_option() -> None:
    """build.stack-limit with max_units_per_space=3: the refusal says 3, not the primer's 4."""
    s = open_map(max_units_per_space=3).resources(0, food=2, ore=2)
    cap = s.capital(0)
    s.city(0, cap, pieces=("temple",))  # size 2: two units in one build
    s.units(0, cap, army=1)  # with the settler: 2 units
    m = s.match()
    accepted(m, f"build {cap}")
    accepted(m, "unit army")
    rule, reason = _refusal(m, "unit army")
    assert rule == "build.stack-limit"
    assert reason.startswith("The limit of units on one space is 3 "), reason


def test_group_size_reason_quotes_the_option() -> None:
    """move.group-size with group_size=1: a group of two is refused, naming the limit of 1."""
    s = open_map(group_size=1).advances(0, "tactics")
    cap = s.capital(0)
    s.units(0, cap, army=2)
    m = s.match()
    accepted(m, "move")
    to = next(str(a.args[1]) for a in m.legal_actions() if a.kind == "group" and a.args[0] == cap)
    rule, reason = _refusal(m, f"group {cap} {to} a2")
    assert rule == "move.group-size"
    assert reason == "Too many units in one group: the limit is 1.", reason


def test_every_reason_reads_without_braces() -> None:
    """Shown with the default options (docs, a verdict without a game), no brace stays."""
    for r in RULES:
        assert "{" not in r.text() and "}" not in r.text(), r.id


@pytest.mark.parametrize(
    ("name", "value"), [("settler_cost", "food2"), ("grow_cost", "bread:1"), ("army_cost", "")]
)
def test_a_malformed_cost_option_is_refused(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=f"the option {name} is a cost written like"):
        CocOptions(**{name: value})


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"food_cap": 1}, "start_food is at most the food limit (food_cap 1"),
        ({"actions_per_turn": 0}, "actions_per_turn is a whole number from 1 to"),
        ({"group_size": -1}, "group_size is a whole number from 1 to"),
    ],
)
def test_an_impossible_option_mix_is_refused_when_made(changes: dict, says: str) -> None:
    """A variant nobody could play (every player would start over the food limit) is refused
    with a reason, not at the first action of every game."""
    with pytest.raises(ValueError, match=says.replace("(", r"\(").replace(")", r"\)")):
        CocOptions(**changes)
