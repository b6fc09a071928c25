"""What each advance does is declared once (clash_widget/coc/effects.py), and the rules obey it.

Primer, "Advances": each advance has an effect; the rule modules ask for an effect by name, and
the one table says which advance grants it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clash_widget.coc import content, effects
from clash_widget.coc import game as _game  # noqa: F401  (registers every on-gain handler)
from clash_widget.coc.economy import cap
from clash_widget.coc.scenario import Scenario

from .helpers import accepted

COC = Path(effects.__file__).parent
RULE_MODULES = sorted(p for p in COC.glob("*.py") if p.name not in ("effects.py", "__init__.py"))


def _rule_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in RULE_MODULES)


def test_every_advance_declares_its_effects() -> None:
    """ "What does Sanitation do?" has one answer: effects_of("sanitation")."""
    assert set(effects.ADVANCE_EFFECTS) == set(content.advances())
    assert [e.name for e in effects.effects_of("sanitation")] == [
        "grow.settler",
        "event.plague-immune",
    ]
    for advance in content.advances():
        declared = effects.effects_of(advance)
        assert declared, f"{advance} declares no effect"
        for e in declared:
            assert e.text and "_" not in e.text, e  # plain words


def test_every_declared_effect_is_asked_for_by_a_rule() -> None:
    """An effect nobody asks for would be a declaration the rules ignore."""
    source = _rule_source()
    asked = set(re.findall(r'"((?:[a-z]+)\.[a-z-]+)"', source))
    asked |= set(effects.FREE_RESEARCH) | set(effects.PIECE_EFFECT.values())
    on_gain = {e.name for es in effects.ADVANCE_EFFECTS.values() for e in es if e.on_gain}
    missing = set(effects.GRANTED_BY) - asked - on_gain
    assert not missing, missing


def test_every_on_gain_effect_has_its_handler() -> None:
    on_gain = {e.name for es in effects.ADVANCE_EFFECTS.values() for e in es if e.on_gain}
    assert on_gain == set(effects._GAIN_HANDLERS)


def test_no_rule_module_asks_for_an_advance_by_name() -> None:
    """Ownership is asked through effects only (no `has(player, "sanitation")` scattered)."""
    source = _rule_source()
    ids = "|".join(re.escape(a) for a in content.advances())
    direct = re.findall(rf'"(?:{ids})"\s+(?:not\s+)?in\s+\w+\["advances"\]', source)
    assert not direct, direct
    assert "def has(" not in source


def test_the_rules_follow_the_table() -> None:
    """Move "limit.food" (Storage) to Farming in the table and every player's food limit rises:
    the food rule reads the table, not the advance's name."""
    s = Scenario(players=2, seed=1)
    player = s.state["players"][0]
    assert cap(s.state, player, "food") == s.state["options"]["food_cap"]
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(effects.GRANTED_BY, "limit.food", "farming")
        assert cap(s.state, player, "food") == s.state["options"]["resource_cap"]


def test_writing_cards_come_once_when_writing_meets_a_government() -> None:
    """Primer, EDUCATION (Writing): draws an action and an objective card once the player holds
    a government advance; the on-gain handler registered for the effect does it, once."""
    s = (
        Scenario(players=2, seed=2)
        .advances(0, "writing", "philosophy")
        .resources(0, food=2, ideas=2)
        .turn(0)
    )
    m = s.match()
    player = m.state["players"][0]

    def hands() -> tuple[int, int]:
        return len(player["actions_hand"]), len(player["objectives_hand"])

    before = hands()
    accepted(m, "research voting food:2")  # Democracy's first advance: a government joins Writing
    assert hands() == (before[0] + 1, before[1] + 1)
    accepted(
        m, "research separation_of_power ideas:2"
    )  # a second government advance: no more cards
    assert hands() == (before[0] + 1, before[1] + 1)
