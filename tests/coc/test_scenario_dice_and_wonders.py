"""The scenario builder's dice seed and built wonders: validated, and the same state a
real game reaches."""

from __future__ import annotations

import pytest

from clash_widget.coc import scoring
from clash_widget.coc.scenario import Scenario, ScenarioError
from clash_widget.coc.wonders import wonder_cards
from clash_widget.engine import rng

from .helpers import accepted, open_map


def test_dice_seed_restarts_the_generator_whatever_was_drawn_before():
    used = open_map()
    rng.roll(used.state)  # the generator has moved on
    fresh = open_map()
    assert used.state["rng"] != fresh.state["rng"]
    assert used.dice(11).state["rng"] == fresh.dice(11).state["rng"] == rng.seed_state(11)


def test_same_dice_seed_gives_the_same_battle_and_another_seed_may_differ():
    def rolls(seed: int) -> list[int]:
        s = Scenario(players=2, seed=3, cards=False, events=False, barbarians=False)
        s.explore_all().clear_units().advances(0, "tactics")
        s.units(1, "3,0", army=3).units(0, "2,0", army=3).turn(0)
        m = s.dice(seed).match()
        m.play("move")
        out = m.play("group 2,0 3,0 a3")
        r = next(e for e in out.events if "attacker_dice" in e)
        return r["attacker_dice"] + r["defender_dice"]

    assert rolls(5) == rolls(5)
    assert len({tuple(rolls(seed)) for seed in range(8)}) > 1


@pytest.mark.parametrize("seed", [-1, 2.5, "7", True])
def test_dice_refuses_a_seed_that_is_not_a_whole_number(seed):
    with pytest.raises(ScenarioError, match="dice seed"):
        open_map().dice(seed)


def test_wonder_placed_matches_a_real_build():
    # A real build: reveal the Great Wall, build it in the capital.
    built = open_map().advances(0, "storage", "engineering")
    built.resources(0, food=3, wood=2, ore=7, culture=2)
    cap = built.capital(0)
    built.state["decks"]["wonders"].remove("great_wall")
    built.state["public_wonders"] = ["great_wall"]
    m = built.match()
    accepted(m, f"wonder {cap} great_wall")
    # The builder: the same wonder placed directly.
    placed = open_map().advances(0, "storage", "engineering").wonder(cap, "great_wall")
    for field in ("decks", "stats"):
        assert placed.state[field] == m.state[field], field
    assert placed.state.get("public_wonders", []) == m.state["public_wonders"] == []
    assert placed.state["cities"][cap]["wonders"] == m.state["cities"][cap]["wonders"]
    assert scoring.breakdown(placed.state, 0)["wonders"] == 5
    assert placed.match().view(None)["players"][0]["vp_breakdown"]["wonders"] == 5


def test_wonder_placed_leaves_a_reserved_pile():
    s = open_map()
    s.state["decks"]["wonders"].remove("pyramids")
    s.state["players"][1]["wonders_reserved"] = ["pyramids"]
    s.wonder(s.capital(0), "pyramids")
    assert s.state["players"][1]["wonders_reserved"] == []
    assert s.problems() == []


def test_wonder_scores_for_whoever_holds_the_city():
    s = open_map().city(1, "3,0").wonder("3,0", "colosseum")
    assert scoring.breakdown(s.state, 1)["wonders"] == 5
    assert scoring.breakdown(s.state, 0)["wonders"] == 0


def test_wonder_refuses_an_unknown_wonder():
    with pytest.raises(ScenarioError, match="unknown wonder"):
        open_map().wonder("1,1", "eiffel_tower")


def test_wonder_refuses_a_hex_without_a_city():
    s = open_map()
    assert "3,0" not in s.state["cities"]
    with pytest.raises(ScenarioError, match="no city at 3,0"):
        s.wonder("3,0", "pyramids")


def test_wonder_refuses_a_wonder_already_built_elsewhere():
    s = open_map().city(1, "3,0").wonder("3,0", "pyramids")
    with pytest.raises(ScenarioError, match="already built at 3,0"):
        s.wonder(s.capital(0), "pyramids")
    with pytest.raises(ScenarioError, match="already built"):
        s.wonder("3,0", "pyramids")  # nor twice in the same city
    assert s.state["cities"]["3,0"]["wonders"] == ["pyramids"]


def test_match_refuses_a_wonder_written_past_the_builder():
    s = open_map().city(1, "3,0")
    s.state["cities"]["3,0"]["wonders"].append("pyramids")  # still in the wonder deck
    with pytest.raises(ScenarioError, match="still in a pile"):
        s.match()


def test_every_wonder_in_the_data_can_be_placed_once():
    s = open_map()
    cap = s.capital(0)
    for w in wonder_cards():
        s.wonder(cap, w)
    assert s.state["decks"]["wonders"] == []
    assert scoring.breakdown(s.state, 0)["wonders"] == 5 * len(wonder_cards())
    assert s.problems() == []
