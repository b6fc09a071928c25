"""The advances panel of the view agrees with the research action's own verdicts."""

from __future__ import annotations

import copy
import json

import pytest

from clash_widget.bots import make_bot
from clash_widget.coc import content
from clash_widget.coc.rulebook import RULES
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match


def _flat(view: dict) -> list[str]:
    return [a[0] for g in view["advance_tree"]["groups"] for a in g[2]]


def _random_position(seed: int, steps: int) -> Match:
    m = Match.new("coc", 4, seed, keep_undo=False)
    bot = make_bot("random", "coc", seed)
    for _ in range(steps):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def _as_turn_of(m: Match, p: int) -> Match:
    """The same position at the start of ``p``'s turn, so ``research X`` is asked of p."""
    s = Scenario(players=4, seed=0)
    s.state = copy.deepcopy(m.state)
    s.turn(p)
    # Not s.match(): its stricter set-up checks may refuse positions that play reached.
    return Match.from_state(s.game, s.state)


def _expected_rule(view: dict, code: str) -> str | None:
    tree = view["advance_tree"]
    state = tree["codes"][code]
    if state == "owned":
        return "research.already-owned"
    if state == "available":
        return None
    return tree["rules"][code][0]


@pytest.mark.parametrize(("seed", "steps"), [(3, 120), (11, 250), (29, 400)])
def test_status_matches_the_research_verdict_for_every_advance(seed: int, steps: int) -> None:
    base = _random_position(seed, steps)
    seen: set[str] = set()
    for p in range(4):
        m = _as_turn_of(base, p)
        view = m.view(p)
        status = view["players"][p]["advance_status"]
        owned = set(m.state["players"][p]["advances"])
        assert len(status) == len(_flat(view))
        for adv, code in zip(_flat(view), status, strict=True):
            verdict = m.check(f"research {adv}")
            got = None if verdict is None else verdict.rule_id
            assert got == _expected_rule(view, code), (p, adv, code, verdict)
            assert (code == "o") == (adv in owned)
            seen.add(view["advance_tree"]["codes"][code])
    assert {"owned", "available", "locked"} <= seen


def test_locked_reasons_name_the_first_failing_rule() -> None:
    s = Scenario(players=2, seed=1).advances(0, "mining").resources(0, food=0, ideas=0, gold=0)
    m = s.turn(0).match()
    view = m.view(0)
    codes = dict(zip(_flat(view), view["players"][0]["advance_status"], strict=True))
    rules = view["advance_tree"]["rules"]
    assert rules[codes["sanitation"]][0] == "research.prerequisite"  # needs Engineering
    assert rules[codes["public_education"]][0] == "research.top-of-group"  # Writing first
    assert rules[codes["voting"]][0] == "research.government-prerequisite"  # Democracy
    assert view["advance_tree"]["codes"][codes["engineering"]] == "unaffordable"
    assert rules[codes["engineering"]][0] == "research.cost"
    for rule_id, reason, section in rules.values():
        assert (reason, section) == (RULES[rule_id].text(), RULES[rule_id].section)
        assert "{" not in reason  # worded, not the template


def test_the_panels_reasons_quote_the_games_options() -> None:
    """research.cost in a variant where an advance costs 3 food: the panel says 3, not 2."""
    for cost in (2, 3):
        m = Scenario(players=2, seed=1, research_cost=cost).turn(0).match()
        reason = m.view(0)["advance_tree"]["rules"]["$"][1]
        assert f"an advance costs {cost} food" in reason, reason


def test_tree_lists_the_twelve_groups_in_primer_order() -> None:
    view = Match.new("coc", 2, 1).view(None)
    groups = view["advance_tree"]["groups"]
    assert [g[0] for g in groups] == [g["id"] for g in content.load("advances")["groups"]]
    assert len(groups) == 12
    assert sorted(_flat(view)) == sorted(content.advances())


def test_advances_are_public_and_the_same_for_every_seat() -> None:
    m = _random_position(5, 200)
    views = [m.view(seat) for seat in (None, 0, 1, 2, 3)]
    for v in views[1:]:
        assert v["advance_tree"] == views[0]["advance_tree"]
        assert [p["advance_status"] for p in v["players"]] == [
            p["advance_status"] for p in views[0]["players"]
        ]
    # Nothing hidden rides along: no other player's cards appear in seat 0's panel data.
    panel = json.dumps(
        [views[1]["advance_tree"], [p["advance_status"] for p in views[1]["players"]]]
    )
    for p in range(1, 4):
        pl = m.state["players"][p]
        for card in pl["actions_hand"] + pl["objectives_hand"]:
            assert str(card) not in panel
