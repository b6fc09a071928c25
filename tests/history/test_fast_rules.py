"""History's shortcuts give the answers of the rules read one by one (#27).

At every position of random games: ``zones.city_yields`` (the part read from the city's
cards kept in a cache keyed by the seats' decks and those cards) equals the yields added up
card by card; the Attack candidates (``has_fighters`` for every city in one pass over the
units) are the kind's wide definition filtered by its checks, for every seat; ``producible`` (the
techs read once) is every council card that is a unit or creation whose requirement is met.
"""

from __future__ import annotations

import pytest
from protocol_checks import kind_conforms

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.history import cards as card_set
from clash_widget.history import combat, maintenance, zones


def added_up(state: dict, city: str) -> dict[str, int]:
    """The yields card by card, as the rules read them (no cache)."""
    c = state["cities"][city]
    y = {"food": 0, "material": 1, "trade": 1}
    for t in c["terrains"]:
        for k, v in card_set.design(state, t)["yields"].items():
            y[k] += v
        mod = c["mods"].get(t)
        if mod:
            for k, v in card_set.design(state, mod)["yields"].items():
                y[k] += v
    for k in card_set.YIELDS:
        y[k] += zones.city_bonus(state, city, k)
    e = zones.empire(state, c["controller"])
    y["food"] += e["food"]
    y["material"] += e["material"]
    return y


def producible_one_by_one(state: dict, seat: int) -> list[str]:
    return [
        c
        for c in sorted(state["players"][seat]["council"])
        if card_set.ctype(state, c) in ("unit", "creation")
        and zones.meets_requirement(state, seat, c)
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shortcuts_give_the_rules_one_by_one(players: int) -> None:
    positions = 0
    for seed in range(2):
        m = Match.new("history", players, 800 + seed, keep_undo=False)
        bot = make_bot("random", "history", seed)
        while not m.is_over:
            for city in m.state["cities"]:
                assert zones.city_yields(m.state, city) == added_up(m.state, city)
            for seat in range(players):
                frame = {"kind": "act", "player": seat}
                kind_conforms(combat.ATTACK, m.state, frame)  # its wide definition, checked
                assert maintenance.producible(m.state, seat) == producible_one_by_one(m.state, seat)
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100
