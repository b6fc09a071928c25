"""History's listing shortcuts give the actions the checks admit (#27).

``deploy_fits`` asks only the rule of the card's type.

Where a card may be deployed (Play, Explore's take) was every ``deploy_ok`` rule in turn;
now only the rule of the card's type is asked (the others answer True for it). At every
position of random games, for every card in every council and on the table and every
target the card could take, both must agree.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Action, Match
from clash_widget.history import actions, zones
from clash_widget.history import cards as card_set


def every_rule(state: dict, seat: int, cid: str, target: str | None) -> bool:
    return all(
        actions.deploy_ok(state, seat, cid, target, k)
        for k in ("terrain", "mod", "policy", "effect")
    )


@pytest.mark.parametrize("players", [2, 3])
def test_deploy_fits_is_every_rule(players: int) -> None:
    asked = 0
    for seed in range(2):
        m = Match.new("history", players, 820 + seed, keep_undo=False)
        bot = make_bot("random", "history", seed)
        while not m.is_over:
            for seat in range(players):
                for cid in m.state["players"][seat]["council"]:
                    targets = actions.deploy_targets(m.state, seat, cid)
                    for tgt in [*targets, None, *m.state["cities"]]:
                        assert actions.deploy_fits(m.state, seat, cid, tgt) == every_rule(
                            m.state, seat, cid, tgt
                        )
                        asked += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert asked > 1000


def every_pair(state: dict, frame: dict) -> dict[str, list[Action]]:
    """The candidates Heal, Move and Ability had before they filtered them: every unit, every
    unit to every city of the seat, every card with an ability in its cities."""
    seat = frame["player"]
    cities = sorted(zones.cities_of(state, seat))
    units = sorted(zones.units_of(state, seat))
    return {
        "heal": [Action("heal", (u,)) for u in units],
        "move": [Action("move", (u, c)) for u in units for c in cities] if len(cities) > 1 else [],
        "ability": [
            Action("ability", (x,))
            for c in cities
            for x in state["cities"][c]["creations"]
            if card_set.design(state, x).get("ability")
        ],
    }


@pytest.mark.parametrize("players", [2, 3])
def test_filtered_candidates_are_those_every_check_admits(players: int) -> None:
    """Heal, Move and Ability list only the candidates their checks admit (the checks are
    ``ensured``, not asked again): the same actions, in the same order, as asking every check
    (``first_violation``) of every candidate they had before, at every act position."""
    positions = 0
    for seed in range(3):
        m = Match.new("history", players, 830 + seed, keep_undo=False)
        bot = make_bot("random", "history", seed)
        while not m.is_over:
            frame = m.state["stack"][-1]
            if frame["kind"] == "act":
                for kind, old in every_pair(m.state, frame).items():
                    spec = m.game.handlers["act"].table[kind]
                    admitted = [
                        a
                        for a in old
                        if spec.first_violation(m.state, frame, spec.parse(m.state, frame, a))
                        is None
                    ]
                    assert spec.legal(m.state, frame) == admitted, kind
                positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100
