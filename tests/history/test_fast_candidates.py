"""History's listing shortcuts give the actions the checks admit (#27).

(Heal, Move and Ability's listings are held to their wide definitions by the engine's
conformance check, tests/test_conformance.py, and tests/history/test_fast_listing_kinds.py.)

``deploy_fits`` asks only the rule of the card's type.

Where a card may be deployed (Play, Explore's take) was every ``deploy_ok`` rule in turn;
now only the rule of the card's type is asked (the others answer True for it). At every
position of random games, for every card in every council and on the table and every
target the card could take, both must agree.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.history import actions


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
